"""The coach (tutor mode): before the person's move is played, whether it
loses enough against the best move to stop and ask first.

A decision is valued as Review values it (``bots.analysis.valuing``: exact
where the mover's ``PlayerView`` hides nothing, else the expert's playouts
from it, seeded by the position, never a hidden tile), and every legal
move is judged against those values (``Coaching``), so whatever the person
then picks, the coach says what Review will say of it: the same loss,
grade, reason and method (solved or estimated). The setting names
the grade from which the coach stops (``THRESHOLDS``).

Games played with the coach carry ``"coached": N`` in their record (the
person's decisions the coach watched); record readers ignore the key.

>>> stops(7.0, "mistakes"), stops(6.9, "mistakes"), stops(4.0, "inaccuracies")
(True, False, True)
>>> stops(1.6, "blunders", divisor=5), stops(20.0, OFF)
(False, False)
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from ..bots.analysis import REVIEW_PLAYOUTS, Decision, DecisionJSON, Moment, judged, valuing
from ..moves import Move
from ..view import PlayerView, PlayerViewJSON
from .grades import BLUNDER, GRADES, INACCURACY, MISTAKE, grade

OFF = "off"
# The setting's words, each with the grade from which the coach stops.
THRESHOLDS = {"blunders": BLUNDER, "mistakes": MISTAKE, "inaccuracies": INACCURACY}
CHOICES = (OFF, *THRESHOLDS)
COACHED_KEY = "coached"
MAX_COACHED = 1_000_000  # a larger count is not one the page wrote


def stops(loss: float, threshold: str, divisor: int = 1) -> bool:
    """Whether a move that loses ``loss`` expected points (the game's own;
    ``divisor`` as ``grades.grade`` takes it) is bad enough to stop for
    under ``threshold`` (one of ``CHOICES``; ``OFF`` never stops)."""
    start = THRESHOLDS.get(threshold)
    return start is not None and GRADES.index(grade(loss, divisor)) >= GRADES.index(start)


class CoachAskJSON(TypedDict):
    id: int
    round: int
    move: int
    view: PlayerViewJSON


@dataclass(frozen=True)
class CoachAsk:
    """The coach's analysis asked for: the decision at move ``move`` (1-based,
    as in records) of round ``round``, through the person's ``view``; ``id``
    tells a newer request from an older one."""

    call: ClassVar[Literal["coach"]] = "coach"  # the bots' worker's function for it
    id: int
    round: int
    move: int
    view: PlayerView

    def to_json(self) -> CoachAskJSON:
        """JSON-like, for the worker."""
        return {"id": self.id, "round": self.round, "move": self.move,
                "view": self.view.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CoachAsk:
        return cls(int(data["id"]), int(data["round"]), int(data["move"]),
                   PlayerView.from_json(data["view"]))


@dataclass(frozen=True)
class Coaching:
    """One decision of the person's, every legal move judged: ``decisions``
    holds one ``Decision`` per legal move, in the view's order (the round
    and move, 1-based, are where it stands in the record)."""

    round: int
    move: int
    decisions: tuple[Decision, ...]

    def judged(self, played: Move) -> Decision | None:
        """The decision had ``played`` been made (None: not one of the legal moves)."""
        return next((d for d in self.decisions if d.played == played), None)

    def to_json(self) -> CoachingJSON:
        """JSON-like, for the worker's answer."""
        return {"round": self.round, "move": self.move,
                "decisions": [d.to_json() for d in self.decisions]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Coaching:
        return cls(int(data["round"]), int(data["move"]),
                   tuple(Decision.from_json(d) for d in data["decisions"]))


class CoachingJSON(TypedDict):
    round: int
    move: int
    decisions: list[DecisionJSON]


def coaching(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS
             ) -> Generator[None, None, Coaching]:
    """The decision at move ``move`` (1-based) of round ``round_``, seen
    through ``view``, every legal move judged; in steps, as
    ``analysis.analysing`` (the worker answers between them)."""
    valuation = yield from valuing(round_, move, view, playouts)
    return Coaching(round_, move, tuple(judged(Moment(round_, move, view, m), valuation)
                                        for m in view.legal_moves()))


@dataclass(frozen=True)
class Verdict:
    """Why the coach stops: the move's ``decision`` (its loss, the best move,
    a reason when one is plain) and its ``grade``."""

    decision: Decision
    grade: str


def verdict(found: Coaching, played: Move, threshold: str, divisor: int = 1) -> Verdict | None:
    """The coach's verdict on ``played``: a ``Verdict`` when it stops, None
    when the move may be played (good enough, or not one it judged)."""
    decision = found.judged(played)
    if decision is None or not stops(decision.loss, threshold, divisor):
        return None
    return Verdict(decision, grade(decision.loss, divisor))


def coached_of(record: Mapping[str, Any]) -> int:
    """How many of the person's decisions the coach watched in the game: the
    record's ``"coached"``, 0 when it is missing or not a count (records
    written before the coach, or by other programs)."""
    n = record.get(COACHED_KEY)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= MAX_COACHED:
        return 0
    return n
