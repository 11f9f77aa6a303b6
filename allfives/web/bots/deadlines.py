"""How long the page waits for the bots' worker to answer a move before it
takes the worker for hung or dead (``client_page``): long enough for the
slowest move of the level asked, also on a device slower than ours; short
enough that a worker that stopped is noticed within seconds (issue 17: less
than 5 s). Pure Python, no browser.

The worker answers nothing while it thinks over a move (a move is one
synchronous call; only Review's analysis pauses to say it is alive), so a
move's deadline is the only sign of a hang during it: it follows the level's
slowest move, and the slowest this device has shown.

>>> deadlines = Deadlines()
>>> deadlines.seconds("expert"), deadlines.seconds("master")
(3.0, 4.5)
>>> deadlines.answered("master", 2.0)  # a slow device: its moves take longer
>>> deadlines.seconds("master"), deadlines.seconds("expert")
(6.0, 3.0)
>>> deadlines.alive_seconds()
2.5
>>> deadlines.alive_answered(1.0)  # a busy device answers late while it analyses
>>> deadlines.alive_seconds()
3.0
"""

from __future__ import annotations

# The slowest move allowed for, per level that thinks long, in the page's
# worker: above the slowest the master was measured to take there, on this
# project's 2-core machine with other work on it (bench/think_time.json, its
# "browser" rows; CPython's in the same file). The other levels' slowest move,
# the expert's, is far below ANSWER_SECONDS (same file).
SLOWEST_SECONDS: dict[str, float] = {"master": 1.5}
# Every answer may take this long: many times the expert's slowest move
# (bench/think_time.json).
ANSWER_SECONDS = 3.0
# A move may take this many times the slowest move of its level, expected
# (SLOWEST_SECONDS) or seen on this device, so a phone three times slower than
# the machine measured still gets its worst move in, and a worker that hangs in
# a master's move is noticed within MARGIN * SLOWEST_SECONDS["master"]. Three
# times also covers a move asked while the worker still finishes one that
# nobody waits for any more (a new game started during a bot's move).
MARGIN = 3.0
# However slow the device has shown itself, a hang is noticed within this.
LIMIT_SECONDS = 30.0
# While the worker analyses (it pauses every ``decide.SLICE_SECONDS``), the
# page asks it whether it is alive after every ALIVE_EVERY_SECONDS without an
# answer (``client_page``): the answer may take ALIVE_SECONDS, or MARGIN
# times the slowest answer this worker has given, up to ALIVE_LIMIT_SECONDS,
# so a dead worker is noticed within 5 s of being asked (issue 17) while a
# busy device's late answers (1.3 s seen with three pages analysing on two
# cores; a fresh worker gets twice that) are not taken for death.
ALIVE_EVERY_SECONDS = 1.0
ALIVE_SECONDS = 2.5
ALIVE_LIMIT_SECONDS = 3.5


class Deadlines:
    """Each level's deadline, from its expected slowest move and the slowest
    this worker has answered (a slow device shows in its ordinary moves,
    before its worst one)."""

    def __init__(self) -> None:
        self.slowest: dict[str, float] = {}
        self.slowest_alive = 0.0

    def seconds(self, level: str) -> float:
        """How long a move of ``level`` may take to be answered."""
        slowest = max(SLOWEST_SECONDS.get(level, 0.0), self.slowest.get(level, 0.0))
        return min(LIMIT_SECONDS, max(ANSWER_SECONDS, MARGIN * slowest))

    def answered(self, level: str, seconds: float) -> None:
        """A move of ``level`` was answered in ``seconds`` (from asking)."""
        self.slowest[level] = max(self.slowest.get(level, 0.0), seconds)

    def alive_seconds(self) -> float:
        """How long an ``alive`` may take to be answered (moves under way aside)."""
        return min(ALIVE_LIMIT_SECONDS, max(ALIVE_SECONDS, MARGIN * self.slowest_alive))

    def alive_answered(self, seconds: float) -> None:
        """An ``alive`` was answered in ``seconds``."""
        self.slowest_alive = max(self.slowest_alive, seconds)
