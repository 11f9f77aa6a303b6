"""The bots' names, apart from the bots themselves: what the page's set-up,
saves and statistics check names against without importing a bot (the
expert imports the whole engine).

>>> LEVELS[0], LEVELS[-1], "greedy" in NAMES, "greedy" in LEVELS
('easy', 'master', True, False)
"""

# The playing levels offered to people, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert", "master")
# Every name ``make_bot`` knows: the levels, and names kept for scripts and
# saved games (greedy is medium's first name; random plays at random; master-28
# and master-40 are the master before issues 29 and 41, bench/strength.py's yardsticks).
NAMES: tuple[str, ...] = (*LEVELS, "greedy", "random", "master-28", "master-40")
