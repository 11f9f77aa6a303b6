"""A review's values: the decision to review (``Moment``; a share of its
estimate's deals, ``MomentShare``), how its options
were valued (``Valuation``, ``Parts``), the verdict (``Decision``,
``Reason``) and the hint's best move (``Best``), each with its JSON form
(moves as text, as in records) for the page's worker and the command line."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal, TypedDict, TypeGuard, get_args

from ...errors import NotationError
from ...moves import Move, move_text, parse_move
from ...rules import Rules
from ...view import PlayerView, PlayerViewJSON

# How a decision's values were found: solved, over the solved deals of the
# hidden hands, or estimated by the master's playouts.
Method = Literal["exact", "worlds", "estimate"]
# How the page's ``data-method`` hook and puzzle files name it: solved or estimated.
Exactness = Literal["exact", "estimate"]
EXACT: Final = "exact"
WORLDS: Final = "worlds"
ESTIMATE: Final = "estimate"


def is_method(text: object) -> TypeGuard[Method]:
    return text in get_args(Method)


def method_hook(method: Method) -> Exactness:
    """A way of valuing as the page's ``data-method`` hook names it: ``EXACT``,
    or ``ESTIMATE`` for every other (an estimate, whatever its kind)."""
    return EXACT if method == EXACT else ESTIMATE


@dataclass(frozen=True)
class Parts:
    """An option's value in three parts that add up to it exactly
    (``now - reply + later``), in the game's own points:

    - ``now``: what the move itself scores (exact: the table shows it);
    - ``reply``: what the others gain on their turns after it, before the
      mover plays again (their points less the mover's partner's, as the
      value counts them: the other sides' mean);
    - ``later``: the rest of the value, what the rest of the round (and a
      game won or lost in it) brings the mover's side.

    For an estimate ``reply`` and ``later`` are means over the same sampled
    deals as the value; for an exact value they are taken along the solved
    line (each other seat plays the solver's best reply: ``exact_parts``)."""

    now: int
    reply: float
    later: float


@dataclass(frozen=True)
class Reason:
    """Why the move made lost against ``best``, in three parts that add up to
    the decision's loss: what each scored now (``scored``, ``best_scored``),
    what each gave the others in reply (``reply``, ``best_reply``, to 0.1),
    and how much more ``best`` keeps for later (``later``; less than 0:
    the move made keeps more). So ``loss == (best_scored - scored) + (reply -
    best_reply) + later`` (to rounding: each is given to 0.1). Put into words
    by the page's ``table.words_reasons`` and the command line's
    ``coach.report``."""

    best: Move
    scored: int
    best_scored: int
    reply: float
    best_reply: float
    later: float

    def to_json(self) -> ReasonJSON:
        """JSON-like, the move as text (as in records)."""
        return {"best": move_text(self.best), "scored": [self.scored, self.best_scored],
                "reply": [self.reply, self.best_reply], "later": self.later}

    @classmethod
    def from_json(cls, data: object) -> Reason | None:
        """A reason from ``to_json``; None for anything else, among them the
        one-kind reasons the worker and ``allfives review --json`` sent before
        (a sentence, or ``{"kind": ...}``): those cannot be split into the
        three parts, so the decision reads back without a reason."""
        if not isinstance(data, dict):
            return None
        scored, reply, later = data.get("scored"), data.get("reply"), data.get("later")
        if not (_pair(scored, _whole) and _pair(reply, _real) and _real(later)):
            return None
        try:
            best = parse_move(data.get("best"))
        except NotationError:
            return None
        return cls(best, scored[0], scored[1], float(reply[0]), float(reply[1]), float(later))


# How ``Parts.reply`` counts the others, for the words that say it: one
# opponent's points, the mean of several opponents', or with partners the
# other side's less the partner's.
ReplyCount = Literal["one", "each", "side"]
ONE: Final = "one"
EACH: Final = "each"
SIDE: Final = "side"


def reply_counted(rules: Rules) -> ReplyCount:
    """How a decision's reply counts the others under ``rules`` (``ONE``,
    ``EACH`` or ``SIDE``)."""
    if rules.partnership:
        return SIDE
    return ONE if rules.sides == 2 else EACH


class ReasonJSON(TypedDict):
    best: str
    scored: list[int]
    reply: list[float]
    later: float


def _whole(n: object) -> TypeGuard[int]:
    return isinstance(n, int) and not isinstance(n, bool)


def _real(x: object) -> TypeGuard[float]:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _pair(data: object, each: Any) -> TypeGuard[list[Any]]:
    return isinstance(data, list) and len(data) == 2 and all(each(x) for x in data)


def reason_of(best: Move, made: Parts, top: Parts, loss: float) -> Reason:
    """The reason a move with ``made``'s parts loses ``loss`` (to 0.1) against
    ``best`` with ``top``'s: the replies to 0.1, and ``later`` what is left of
    the loss, so the parts as shown add up to the loss as shown."""
    reply, best_reply = round(made.reply, 1), round(top.reply, 1)
    later = round(loss - (top.now - made.now) - (reply - best_reply), 1)
    return Reason(best, made.now, top.now, reply, best_reply, later)


@dataclass(frozen=True)
class Moment:
    """A decision to review: its place in the record (1-based, as in records),
    what the mover saw, and the move made."""

    call: ClassVar[Literal["review"]] = "review"  # the bots' worker's function for it
    round: int
    move: int
    view: PlayerView
    played: Move

    @property
    def seat(self) -> int:
        return self.view.seat

    def to_json(self) -> MomentJSON:
        """JSON-like, for the page's worker."""
        return {"round": self.round, "move": self.move, "view": self.view.to_json(),
                "played": move_text(self.played)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Moment:
        return cls(int(data["round"]), int(data["move"]), PlayerView.from_json(data["view"]),
                   parse_move(data["played"]))


@dataclass(frozen=True)
class Share:
    """The deals of an estimate one worker plays out: from the ``index``-th
    drawn (0-based), every ``of``-th."""

    index: int = 0
    of: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.of:
            raise ValueError(f"no share {self.index} of {self.of}")


WHOLE: Final = Share()


class ShareJSON(TypedDict):
    moment: MomentJSON
    index: int
    of: int


@dataclass(frozen=True)
class MomentShare:
    """A share of a decision's estimate asked of the bots' worker, while the
    page plays out another (``valuing.outcomes``)."""

    call: ClassVar[Literal["review_share"]] = "review_share"  # the bots' worker's function for it
    moment: Moment
    share: Share

    @property
    def view(self) -> PlayerView:
        return self.moment.view

    def to_json(self) -> ShareJSON:
        return {"moment": self.moment.to_json(), "index": self.share.index, "of": self.share.of}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MomentShare:
        return cls(Moment.from_json(data["moment"]), Share(int(data["index"]), int(data["of"])))


class MomentJSON(TypedDict):
    round: int
    move: int
    view: PlayerViewJSON
    played: str


@dataclass(frozen=True)
class Valuation:
    """The value of each legal move of a decision, in the view's order, and
    how they were found: ``EXACT`` (solved) or another method (an estimate:
    ``WORLDS``, the deals of the hidden hands solved, or ``ESTIMATE``,
    playouts); each value's ``parts`` when known, and for an estimate from
    sampled deals
    each option's value in every deal (``samples``, the same deals for every
    option), from which a loss's standard error follows (``loss_error``);
    where the stake was the game's (``game_stake.GameChance``), each
    option's chance of winning it (``chances``) and no parts."""

    values: list[float]
    method: Method
    parts: tuple[Parts, ...] | None = None
    samples: tuple[tuple[float, ...], ...] = ()
    chances: tuple[float, ...] | None = None  # each option's chance of winning the game

    def loss_error(self, best: int, made: int) -> float:
        """The standard error of ``values[best] - values[made]``, from the
        paired differences over the shared deals (0 without samples: exact)."""
        if not self.samples or best == made or len(self.samples[best]) < 2:
            return 0.0
        diffs = [b - m for b, m in zip(self.samples[best], self.samples[made], strict=True)]
        return statistics.stdev(diffs) / math.sqrt(len(diffs))


@dataclass(frozen=True)
class Decision:
    """A reviewed decision: the best option and the expected points the move
    made lost against it (0 when it was best or as good), whether the values
    were exact or estimated (``method``), an estimated loss's standard error
    (``error``, 0 when exact) and why it lost (``reason``, when it lost at
    least ``REASON_FROM`` and the parts are known), or where the game was at
    stake, the chance of winning it after the move made and after the best
    (``chances``)."""

    round: int
    move: int
    seat: int
    played: Move
    best: Move
    loss: float
    options: int
    reason: Reason | None = None
    method: Method = ESTIMATE
    error: float = 0.0
    chances: tuple[float, float] | None = None

    def to_json(self) -> DecisionJSON:
        """JSON-like, for the page's worker and ``allfives review --json``: moves as text."""
        return {"round": self.round, "move": self.move, "seat": self.seat,
                "played": move_text(self.played), "best": move_text(self.best),
                "loss": self.loss, "options": self.options,
                "reason": None if self.reason is None else self.reason.to_json(),
                "method": self.method, "error": self.error,
                "chances": None if self.chances is None else list(self.chances)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """A decision from ``to_json`` (or its older forms: the reason of
        one kind, which reads as none; no method, which was always an
        estimate; no error, read as 0); a reason of no known form is left out,
        a method it does not know reads as an estimate."""
        error, chances, method = data.get("error", 0.0), data.get("chances"), data.get("method")
        return cls(int(data["round"]), int(data["move"]), int(data["seat"]),
                   parse_move(data["played"]), parse_move(data["best"]), float(data["loss"]),
                   int(data["options"]), Reason.from_json(data.get("reason")),
                   method if is_method(method) else ESTIMATE,
                   float(error) if _real(error) else 0.0,
                   (float(chances[0]), float(chances[1]))
                   if _pair(chances, lambda c: _real(c) and 0 <= c <= 1) else None)


class DecisionJSON(TypedDict):
    round: int
    move: int
    seat: int
    played: str
    best: str
    loss: float
    options: int
    reason: ReasonJSON | None
    method: Method
    error: float
    chances: list[float] | None


@dataclass(frozen=True)
class Best:
    """The move Review calls best and how its value was found (``EXACT``,
    ``WORLDS`` or ``ESTIMATE``; None for the only legal move: nothing valued)."""

    move: Move
    method: Method | None

    def to_json(self) -> dict[str, Any]:
        return {"move": move_text(self.move), "method": self.method}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Best:
        method = data.get("method")
        if method is not None and not is_method(method):
            raise NotationError(f"unknown method {method!r}")
        return cls(parse_move(str(data["move"])), method)


def biggest_losses(decisions: list[Decision]) -> list[Decision]:
    """The decisions that lost points, biggest first (ties in play order)."""
    return sorted((d for d in decisions if d.loss > 0), key=lambda d: -d.loss)
