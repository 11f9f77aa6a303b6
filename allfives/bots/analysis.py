"""Reviewing a game: every decision a seat made with more than one legal
option, each option valued from that seat's ``PlayerView`` at that moment
(what it could see then, never a hidden tile): exactly where the view hides
nothing and the solve fits its budget (``expert.solved``: 2 players, the
boneyard empty), over every deal of the hidden hands solved exactly where
the boneyard is empty with 3 or 4 players and the deals fit their budget
(``worlds.judge``), else by the expert's playouts. The master plays the best
move of the same judge where one decides. A decision says which (``EXACT``,
``WORLDS`` or ``ESTIMATE``).

A decision's generator is seeded from its place in the record and the view
alone, so the same record always gets the same analysis, in the page's
worker and on the command line, and tiles the seat could not see cannot
change it. Values are the expert's: the side's expected points in the rest
of the round minus the other sides' mean, with a won game worth
``WIN_BONUS`` more (docs/RULES.md section 6 for the points).
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict, TypeGuard

from ..errors import NotationError
from ..game import Game, Round
from ..moves import Move, move_on, move_text, move_tile, parse_move
from ..scoring import play_points
from ..tiles import PIPS
from ..view import PlayerView, PlayerViewJSON
from .expert import playout_worlds, solved, view_key
from .hard import reply_points
from .knowledge import infer
from .worlds import judge

REVIEW_PLAYOUTS = 2000  # per decision, shared by its options (about 1 s in the page's worker)
MIN_WORLDS = 30  # sampled deals per option, at least
REASON_FROM = 0.5  # a loss this large (points) gets a reason, when one is plain
THREAT = 10  # a reply this big left to the next player is worth naming
SCORED, LEFT, KEPT = "scored", "left", "kept"  # the kinds of reason
EXACT, WORLDS, ESTIMATE = "exact", "worlds", "estimate"  # how a decision's values were found


@dataclass(frozen=True)
class Reason:
    """Why the move made lost, when it is plain, in parts (put into words by
    the page's ``table.words_reasons`` and the command line's ``coach.report``):

    - SCORED: the move made scored ``made`` where the move ``best`` scored ``other``;
    - LEFT: it left the next player a chance of ``made`` where ``best`` left ``other``;
    - KEPT: it kept the tile of the move ``best`` (``made`` pips) with the boneyard empty.

    Points are the game's own (divided by the divisor).
    """

    kind: str
    best: Move
    made: int
    other: int = 0

    def to_json(self) -> ReasonJSON:
        """JSON-like, the move as text (as in records)."""
        return {"kind": self.kind, "best": move_text(self.best), "made": self.made,
                "other": self.other}

    @classmethod
    def from_json(cls, data: object) -> Reason | None:
        """A reason from ``to_json``, or from the English sentence the worker and
        ``allfives review --json`` sent before reasons were data (``_OLD``);
        None for anything else."""
        if isinstance(data, str):
            return _read_old(data)
        if not isinstance(data, dict) or data.get("kind") not in _OLD:
            return None
        made, other = data.get("made"), data.get("other", 0)
        if not (_whole(made) and _whole(other)):
            return None
        try:
            best = parse_move(data.get("best"))
        except NotationError:
            return None
        return cls(str(data["kind"]), best, made, other)


class ReasonJSON(TypedDict):
    kind: str
    best: str
    made: int
    other: int


# The English sentences reasons were sent as before they were data: read back
# (KEPT's named only the tile: it reads back as the lead of that tile).
_OLD = {
    SCORED: re.compile(r"scored (?P<made>-?\d+) where (?P<best>\S+) scored (?P<other>-?\d+)"),
    LEFT: re.compile(r"left the next player a chance of (?P<made>-?\d+)"
                     r" \((?P<best>\S+) left (?P<other>-?\d+)\)"),
    KEPT: re.compile(r"kept (?P<best>\S+) \((?P<made>-?\d+) pips\) with the boneyard empty"
                     r"(?P<other>)"),
}


def _whole(n: object) -> TypeGuard[int]:
    return isinstance(n, int) and not isinstance(n, bool)


def _read_old(text: str) -> Reason | None:
    for kind, pattern in _OLD.items():
        found = pattern.fullmatch(text)
        if found:
            best, made, other = found.group("best", "made", "other")
            try:
                move = parse_move(best)
            except NotationError:
                return None
            return Reason(kind, move, int(made), int(other or 0))
    return None


@dataclass(frozen=True)
class Moment:
    """A decision to review: its place in the record (1-based, as in records),
    what the mover saw, and the move made."""

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


class MomentJSON(TypedDict):
    round: int
    move: int
    view: PlayerViewJSON
    played: str


@dataclass(frozen=True)
class Valuation:
    """The value of each legal move of a decision, in the view's order, and
    how they were found: ``EXACT`` (solved), ``WORLDS`` (the deals of the
    hidden hands solved) or ``ESTIMATE`` (playouts); ``errors``: each value's
    standard error where the deals were sampled (empty where none is stated)."""

    values: list[float]
    method: str
    errors: tuple[float, ...] = ()


@dataclass(frozen=True)
class Decision:
    """A reviewed decision: the best option and the expected points the move
    made lost against it (0 when it was best or as good), and how the values
    were found (``method``: exact, worlds or estimate)."""

    round: int
    move: int
    seat: int
    played: Move
    best: Move
    loss: float
    options: int
    reason: Reason | None = None
    method: str = ESTIMATE

    def to_json(self) -> DecisionJSON:
        """JSON-like, for the page's worker and ``allfives review --json``: moves as text."""
        return {"round": self.round, "move": self.move, "seat": self.seat,
                "played": move_text(self.played), "best": move_text(self.best),
                "loss": self.loss, "options": self.options,
                "reason": None if self.reason is None else self.reason.to_json(),
                "method": self.method}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """A decision from ``to_json`` (or its older forms: the reason a
        sentence, no method, which was always an estimate); a reason that is
        neither form is left out, a method it does not know is an estimate."""
        return cls(int(data["round"]), int(data["move"]), int(data["seat"]),
                   parse_move(data["played"]), parse_move(data["best"]), float(data["loss"]),
                   int(data["options"]), Reason.from_json(data.get("reason")),
                   _METHODS.get(str(data.get("method")), ESTIMATE))


_METHODS = {EXACT: EXACT, WORLDS: WORLDS}  # read back from JSON as themselves


class DecisionJSON(TypedDict):
    round: int
    move: int
    seat: int
    played: str
    best: str
    loss: float
    options: int
    reason: ReasonJSON | None
    method: str


def moments(game: Game, seats: Collection[int] | None = None) -> Iterator[Moment]:
    """Every move of ``seats`` (all seats if None) that had a choice, in play order."""
    scores = [0] * game.rules.sides
    for r, played_round in enumerate(game.rounds, 1):
        rnd = Round(game.rules, list(played_round.dealt), played_round.boneyard,
                    played_round.starter, scores)
        for i, (seat, move, _) in enumerate(played_round.history, 1):
            if (seats is None or seat in seats) and len(rnd.legal_moves()) > 1:
                yield Moment(r, i, PlayerView.of(rnd, seat), move)
            rnd.play(move)
        scores = list(played_round.scores)


def analyse(moment: Moment, playouts: int = REVIEW_PLAYOUTS) -> Decision:
    """Value every legal option of the moment and compare the move made."""
    steps = analysing(moment, playouts)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            decision: Decision = done.value
            return decision


def analysing(moment: Moment, playouts: int = REVIEW_PLAYOUTS) -> Generator[None, None, Decision]:
    """``analyse`` in steps: yields after each sampled deal of the hidden
    tiles and returns the decision (the page's worker answers between steps)."""
    valuation = yield from valuing(moment.round, moment.move, moment.view, playouts)
    return judged(moment, valuation)


def valuing(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS,
            salt: str = "review") -> Generator[None, None, Valuation]:
    """The value of each of ``view.legal_moves()``, in their order, for the
    decision at move ``move`` (1-based) of round ``round_``: solved at once
    where ``expert.solved`` can, else over the deals where ``worlds.judge``
    can (the master plays their best move), else estimated, yielding after
    each sampled deal. The seed does not depend on the move made, so every move of the
    decision is judged against the same values (the coach's, ``judged``);
    another ``salt`` samples other deals (puzzles re-check their answer so)."""
    solution = solved(view)
    if solution is not None:
        return Valuation([solution.value_of(m) for m in view.legal_moves()], EXACT)
    found = judge(view)
    if found is not None:
        return Valuation(list(found.values), WORLDS, found.errors if found.sampled else ())
    return (yield from estimating(round_, move, view, playouts, salt))


def estimating(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS,
               salt: str = "review") -> Generator[None, None, Valuation]:
    """``valuing`` by the expert's playouts alone, whatever the view hides."""
    options = view.legal_moves()
    rng = random.Random(f"{salt}:{round_}:{move}:{view_key(view)}")
    worlds = max(MIN_WORLDS, playouts // len(options))
    totals = [0.0] * len(options)
    yield from playout_worlds(view, infer(view), options, worlds, rng, totals)
    return Valuation([t / worlds for t in totals], ESTIMATE)


def judged(moment: Moment, valuation: Valuation) -> Decision:
    """The moment's decision, from the values of its view's legal moves (``valuing``)."""
    values = valuation.values
    view = moment.view
    options = view.legal_moves()
    made = options.index(moment.played)
    top = max(range(len(options)), key=lambda i: values[i])
    if values[made] >= values[top]:
        top = made  # as good as the best: no loss, and it is the best shown
    loss = round(values[top] - values[made], 1)
    best = options[top]
    reason = why(view, moment.played, best) if loss >= REASON_FROM else None
    return Decision(moment.round, moment.move, moment.seat, moment.played, best, loss,
                    len(options), reason, valuation.method)


def review(game: Game, seats: Collection[int] | None = None,
           playouts: int = REVIEW_PLAYOUTS) -> list[Decision]:
    return [analyse(m, playouts) for m in moments(game, seats)]


def biggest_losses(decisions: list[Decision]) -> list[Decision]:
    """The decisions that lost points, biggest first (ties in play order)."""
    return sorted((d for d in decisions if d.loss > 0), key=lambda d: -d.loss)


def why(view: PlayerView, played: Move, best: Move) -> Reason | None:
    """A short reason when one is plain: fewer points now, a big reply left to
    the next player, or a heavy tile kept with the boneyard empty."""
    layout = view.layout()
    divisor = view.rules.divisor
    scored = {m: play_points(layout.count_after(move_tile(m), move_on(m)), divisor)
              for m in (played, best)}
    if scored[best] > scored[played]:
        return Reason(SCORED, best, scored[played], scored[best])
    left = {m: threat_after(view, m) for m in (played, best)}
    if left[played] >= THREAT and left[played] > left[best]:
        return Reason(LEFT, best, left[played] // divisor, left[best] // divisor)
    heavier = PIPS[move_tile(best)] - PIPS[move_tile(played)]
    if view.boneyard_left == 0 and heavier >= 4:
        return Reason(KEPT, best, PIPS[move_tile(best)])
    return None


def threat_after(view: PlayerView, move: Move) -> int:
    """The most (undivided) the next player could score in reply to ``move``
    with any tile they might hold, as far as this seat knows."""
    odds = infer(view).tile_odds((view.seat + 1) % view.rules.players)
    after = view.layout()
    after.place(move_tile(move), move_on(move))
    return max((reply_points(after, t) for t in range(28) if odds[t] > 0.0), default=0)

