"""The game at the table: who sits where, the set-up and settings, the live
``Table`` and ``TableView`` (what the person may see), the controller's
decisions, the hand, the sentences of the table and the log; the page's
screen, drag, keyboard and sound (``*_page``)."""
