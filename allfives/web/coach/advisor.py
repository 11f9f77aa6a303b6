"""The coach at the table, in plain Python: whether it watches the person's
decision now, the request that has the worker analyse it, the analysis once
in, and whether a move clicked is played or first asked about.

Each decision is analysed once, as soon as it is the person's turn; an
answer for any other position is dropped. A move is asked about every time
it is clicked, until the person says *Play anyway* for it. The daily deal is
never coached: it is the same test for everyone.
"""

from __future__ import annotations

from typing import Protocol

from ...coach.tutor import CoachAsk, Coaching, Verdict, verdict
from ...moves import Move
from ...view import PlayerView
from ..table.settings import Settings
from ..table.table import Position, Table

# How long after a click an analysis still under way may finish before the
# move is played unasked: the coach may add this much to a move, never more. An
# analysis in the worker is usually done before a person who looks at the table
# clicks (bench/review_time.json); a click at once finds it under way, and
# waits. A longer wait brought such moves close to the 150 ms allowed from the
# click at the 95th percentile (bench/coach_delay.json), so this leaves room for
# a slower device's own drawing. It runs from the click itself (``wait_left``):
# the time the click took to reach the page's Python (longer at a table of 4,
# with more to draw) is not added to it.
WAIT_SECONDS = 0.075
# ``body[data-coach]``: what the coach is doing about the decision now.
OFF_NOW, ANALYSING, READY = "off", "analysing", "ready"


def wait_left(clicked_ms: float | None, now_ms: float) -> float:
    """Seconds a move clicked at ``clicked_ms`` may still wait at ``now_ms``
    (ms on one clock) for an analysis under way: what is left of
    ``WAIT_SECONDS`` from the click; all of it when the click's time is not
    known, or is later than now (another clock's)."""
    if clicked_ms is None or now_ms < clicked_ms:
        return WAIT_SECONDS
    return max(0.0, WAIT_SECONDS - (now_ms - clicked_ms) / 1000)


class AtTable(Protocol):
    """What the coach reads of the game at the table (the play room's
    ``Controller`` is one)."""

    table: Table
    settings: Settings

    def position(self) -> Position: ...


def watches(at: AtTable) -> bool:
    """Whether the coach watches the decision now (``Table.coach_watches``)."""
    return at.table.coach_watches(at.settings.coach)


class Advisor:
    def __init__(self) -> None:
        self.at: Position | None = None  # the decision asked for
        self.asked = 0  # requests made, each one's id
        self.found: Coaching | None = None
        self.allowed: set[Move] = set()  # moves the person chose to play anyway

    def request(self, ctl: AtTable) -> CoachAsk | None:
        """The worker's request for the decision now, when the coach watches it
        and has not asked for it yet (the person's ``PlayerView`` only)."""
        at = ctl.position()
        if not watches(ctl) or self.at == at:
            return None
        self.at, self.found, self.allowed = at, None, set()
        self.asked += 1
        return CoachAsk(self.asked, at.round, at.move + 1,
                        PlayerView.of(ctl.table.game.round, ctl.table.viewer))

    def take(self, request: CoachAsk, answer: Coaching | None) -> bool:
        """Keep the bots' ``answer`` to ``request``, if it is the latest and
        not stale (None); True if kept."""
        if request.id != self.asked or answer is None:
            return False
        self.found = answer
        return True

    def ready(self, ctl: AtTable) -> bool:
        """Whether the analysis of the decision now is in."""
        return self.found is not None and self.at == ctl.position()

    def verdict(self, ctl: AtTable, move: Move) -> Verdict | None:
        """The coach's verdict on the person's ``move`` now: None to play it
        (not watched, no analysis yet, good enough, or allowed)."""
        if not watches(ctl) or not self.ready(ctl) or move in self.allowed:
            return None
        assert self.found is not None
        return verdict(self.found, move, ctl.settings.coach, ctl.table.rules.divisor)

    def allow(self, move: Move) -> None:
        """*Play anyway*: ``move`` is played without asking again."""
        self.allowed.add(move)
