"""A reviewed decision's grade, by the expected points it lost against the
best option (``allfives.bots.analysis``), and a seat's summary of a game:
how many decisions of each grade, the average loss, an accuracy figure.

The cut-offs were chosen from the losses of medium's and expert's own play
(``bench/grade_cutoffs.py``, its results in ``bench/grade_cutoffs.json``;
the reasoning in the README, "Grades"). A loss at a cut-off takes the grade
that starts there:

>>> [grade(x) for x in (0.0, 0.1, 3.9, 4.0, 6.9, 7.0, 9.9, 10.0)]
['best', 'good', 'good', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']

Accuracy turns the average loss per decision into 0-100:
``100 * exp(-average / ACCURACY_SCALE)``, to one decimal; 100 is a game of
best moves only, and every ``ACCURACY_SCALE`` points lost on average divide
it by e.

>>> s = summary([0.0, 0.0, 1.0, 5.0])
>>> s.counts, s.lost, s.average, s.accuracy
((2, 1, 1, 0, 0), 6.0, 1.5, 74.1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

# The grades, best to worst; each is also the stable English key of the page's
# ``data-grade`` hook and of ``allfives review --json``.
BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"
GRADES = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
# The loss (expected points) from which each grade starts; best is a loss of 0
# (the move made was the best, or as good), good any loss below the next.
# From bench/grade_cutoffs.json (30 games, medium against expert): inaccuracy from
# the expert's 75th percentile of non-best losses (3.9), blunder from medium's 90th
# percentile of all its decisions (11.7) rounded down to a multiple of 5 (two scoring
# plays' worth; 0.3% of the expert's decisions), mistake halfway between.
CUTOFFS: dict[str, float] = {GOOD: 0.0, INACCURACY: 4.0, MISTAKE: 7.0, BLUNDER: 10.0}
ACCURACY_SCALE = 5.0  # points: an average loss of a scoring play's worth gives 100/e
SPREAD = 2.0  # standard errors either side of an estimated loss that it may well be off by


def grade(loss: float, divisor: int = 1) -> str:
    """The grade of a decision that lost ``loss`` expected points (>= 0), in
    the game's own points: with a ``divisor`` (the cribbage preset's 5) a
    point is worth that many of the cut-offs' points.

    >>> grade(1.0, divisor=5), grade(2.0, divisor=5)
    ('inaccuracy', 'blunder')
    """
    loss = round(loss * divisor, 6)  # 0.8 points times 5 is a loss of 4, not just below
    if loss <= 0:
        return BEST
    for name in (BLUNDER, MISTAKE, INACCURACY):
        if loss >= CUTOFFS[name]:
            return name
    return GOOD


def grade_range(loss: float, error: float, divisor: int = 1) -> tuple[str, str]:
    """The grades at either end of an estimated loss give or take ``SPREAD``
    standard errors (``error``; 0 for an exact loss): the same grade twice
    unless that range crosses a cut-off (the low end no lower than 0).

    >>> grade_range(8.2, 0.0), grade_range(8.2, 0.5), grade_range(8.2, 1.5)
    (('mistake', 'mistake'), ('mistake', 'mistake'), ('inaccuracy', 'blunder'))
    >>> grade_range(3.0, 1.0)
    ('good', 'inaccuracy')
    """
    return (grade(max(loss - SPREAD * error, 0.0), divisor),
            grade(loss + SPREAD * error, divisor))


def accuracy(average: float, divisor: int = 1) -> float:
    """``100 * exp(-average / ACCURACY_SCALE)`` to one decimal (``average``
    times ``divisor`` with one): 100 for no loss at all.

    >>> accuracy(0.0), accuracy(ACCURACY_SCALE), accuracy(10.0)
    (100.0, 36.8, 13.5)
    """
    return round(100 * math.exp(-max(average, 0.0) * divisor / ACCURACY_SCALE), 1)


@dataclass(frozen=True)
class Summary:
    """A seat's decisions in a game: ``counts`` per grade (in ``GRADES``'
    order), the points ``lost`` in all, the ``average`` loss per decision
    and the ``accuracy``, both None when there was no decision."""

    decisions: int
    counts: tuple[int, ...]
    lost: float
    average: float | None
    accuracy: float | None

    def count(self, name: str) -> int:
        return self.counts[GRADES.index(name)]

    def to_json(self) -> dict[str, object]:
        """JSON-like, for ``allfives review --json``: the counts by grade."""
        return {"decisions": self.decisions, "grades": dict(zip(GRADES, self.counts,
                                                                strict=True)),
                "lost": self.lost, "average_loss": self.average, "accuracy": self.accuracy}


def summary(losses: Iterable[float], divisor: int = 1) -> Summary:
    """The summary of a seat's decisions that lost ``losses`` (the game's own
    points; ``divisor`` as for ``grade``)."""
    found = list(losses)
    counts = [0] * len(GRADES)
    for loss in found:
        counts[GRADES.index(grade(loss, divisor))] += 1
    total = math.fsum(found)  # exact: the same in every order and Python (sum() is not)
    lost = round(total, 1)
    if not found:
        return Summary(0, tuple(counts), 0.0, None, None)
    average = total / len(found)
    return Summary(len(found), tuple(counts), lost, round(average, 2), accuracy(average, divisor))


class Graded(Protocol):
    """A reviewed decision as grades need it (``analysis.Decision`` is one)."""

    @property
    def seat(self) -> int: ...

    @property
    def loss(self) -> float: ...


def by_seat(decisions: Iterable[Graded], divisor: int = 1) -> dict[int, Summary]:
    """Each seat's summary, seats in order."""
    losses: dict[int, list[float]] = {}
    for d in decisions:
        losses.setdefault(d.seat, []).append(d.loss)
    return {seat: summary(losses[seat], divisor) for seat in sorted(losses)}
