"""The game at the table as the person plays it: the controller's decisions
(what a click, a drop or a key means, whose turn comes next) and the page's
screen, drag, keyboard, sound and looks (``*_page``)."""
