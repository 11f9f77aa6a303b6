"""Teaching from reviewed games: a decision's grade and a seat's summary of a
game (``grades``), and ``allfives review``'s output with them (``report``).
Standard library only, like the engine: the command line and the page's
Review both use it.

>>> from allfives.coach.grades import grade
>>> grade(0.0), grade(7.5)
('best', 'mistake')
"""
