"""Review's analysis done before Review opens, so that it opens with verdicts:
what is analysed while play waits, and what the coach's analyses give it.

A round or the game over on this device, the bots' worker is idle until play
goes on: it analyses the first decisions Review would ask for (``ahead``:
those nearest the round's end or the game's, where Review opens),
at most ``AHEAD`` each time, so a person who never opens Review costs their
phone a few seconds of one core a round, not a whole game's review. Every
analysis is its moment's alone (``known``), so what is kept is what Review
would get by asking then.

The coach analyses the person's decision before it is made, every legal
move judged as Review judges it (``coach.tutor``): each of those decisions
is the one Review asks for had that move been played (``coached``).
"""

from __future__ import annotations

from itertools import islice

from ...bots.analysis import Decision, Moment
from ...coach.tutor import CoachAsk, Coaching
from .known import KnownDecisions
from .state import Review

# Decisions analysed ahead at each pause: one takes the worker 0.3-1 s here
# (bench/review_time.json), about as long as a round's end stays on screen.
AHEAD = 4


def ahead(review: Review, known: KnownDecisions, limit: int = AHEAD) -> list[Moment]:
    """The first ``limit`` decisions ``review`` would ask for, opened where
    it is, that are not ``known``: the nearest its shown position (the round
    or the game just ended)."""
    return list(islice((m for m in review.nearest_pending() if known.get(m) is None), limit))


def coached(ask: CoachAsk, found: Coaching) -> list[tuple[Moment, Decision]]:
    """Each legal move's moment, as Review asks it had the move been played,
    with the coach's decision for it."""
    return [(Moment(found.round, found.move, ask.view, d.played), d) for d in found.decisions]
