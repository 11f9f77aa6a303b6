"""Reviewing a game: every decision a seat made with more than one legal
option, each option valued by the expert's playouts from that seat's
``PlayerView`` at that moment (what it could see then, never a hidden tile).

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
from collections.abc import Collection, Generator, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from ..game import Game, Round
from ..moves import Move, move_on, move_text, move_tile, parse_move
from ..scoring import play_points
from ..tiles import NAMES, PIPS
from ..view import PlayerView
from .expert import playout_worlds, view_key
from .hard import reply_points
from .knowledge import infer

REVIEW_PLAYOUTS = 2000  # per decision, shared by its options (about 1 s in the page's worker)
MIN_WORLDS = 30  # sampled deals per option, at least
REASON_FROM = 0.5  # a loss this large (points) gets a reason, when one is plain
THREAT = 10  # a reply this big left to the next player is worth naming
SCORED, LEFT, KEPT = "scored", "left", "kept"  # the kinds of reason


@dataclass(frozen=True)
class Reason:
    """Why the move made lost, when it is plain, in parts (the page words each
    kind in its own language; ``str()`` is the command line's English):

    - SCORED: the move made scored ``made`` where the move ``best`` scored ``other``;
    - LEFT: it left the next player a chance of ``made`` where ``best`` left ``other``;
    - KEPT: it kept the tile ``best`` (``made`` pips) with the boneyard empty.

    Points are the game's own (divided by the divisor); ``best`` is written
    as in records (a move like ``2-6>5-6``, or KEPT's tile like ``6-6``).
    """

    kind: str
    best: str
    made: int
    other: int = 0

    def english(self) -> str:
        if self.kind == SCORED:
            return f"scored {self.made} where {self.best} scored {self.other}"
        if self.kind == LEFT:
            return f"left the next player a chance of {self.made} ({self.best} left {self.other})"
        return f"kept {self.best} ({self.made} pips) with the boneyard empty"

    def __str__(self) -> str:
        return self.english()

    @classmethod
    def read(cls, text: str) -> Reason | None:
        """The reason ``english()`` wrote, read back (None if it is none of them)."""
        for kind, pattern in _ENGLISH.items():
            found = pattern.fullmatch(text)
            if found:
                best, made, other = found.group("best", "made", "other")
                return cls(kind, best, int(made), int(other or 0))
        return None


_ENGLISH = {
    SCORED: re.compile(r"scored (?P<made>-?\d+) where (?P<best>\S+) scored (?P<other>-?\d+)"),
    LEFT: re.compile(r"left the next player a chance of (?P<made>-?\d+)"
                     r" \((?P<best>\S+) left (?P<other>-?\d+)\)"),
    KEPT: re.compile(r"kept (?P<best>\S+) \((?P<made>-?\d+) pips\) with the boneyard empty"
                     r"(?P<other>)"),
}


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

    def to_json(self) -> dict[str, Any]:
        """JSON-like, for the page's worker."""
        return {"round": self.round, "move": self.move, "view": self.view.to_json(),
                "played": move_text(self.played)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Moment:
        return cls(int(data["round"]), int(data["move"]), PlayerView.from_json(data["view"]),
                   parse_move(data["played"]))


@dataclass(frozen=True)
class Decision:
    """A reviewed decision: the best option and the expected points the move
    made lost against it (0 when it was best or as good)."""

    round: int
    move: int
    seat: int
    played: str
    best: str
    loss: float
    options: int
    reason: Reason | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-like, for the page's worker and ``allfives review --json``: the
        reason as its English sentence (``Reason.read`` reads it back)."""
        data = asdict(self)
        data["reason"] = None if self.reason is None else self.reason.english()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """A decision from ``to_json``; a reason given as anything but one of
        ``Reason.english()``'s sentences is left out."""
        reason = data.get("reason")
        return cls(int(data["round"]), int(data["move"]), int(data["seat"]), str(data["played"]),
                   str(data["best"]), float(data["loss"]), int(data["options"]),
                   Reason.read(reason) if isinstance(reason, str) else None)


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
    values = yield from valuing(moment.round, moment.move, moment.view, playouts)
    return judged(moment, values)


def valuing(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS,
            salt: str = "review") -> Generator[None, None, list[float]]:
    """The value of each of ``view.legal_moves()``, in their order, for the
    decision at move ``move`` (1-based) of round ``round_``: yields after each
    sampled deal. The seed does not depend on the move made, so every move of
    the decision is judged against the same values (the coach's, ``judged``);
    another ``salt`` samples other deals (puzzles re-check their answer so)."""
    options = view.legal_moves()
    rng = random.Random(f"{salt}:{round_}:{move}:{view_key(view)}")
    worlds = max(MIN_WORLDS, playouts // len(options))
    totals = [0.0] * len(options)
    yield from playout_worlds(view, infer(view), options, worlds, rng, totals)
    return [t / worlds for t in totals]


def judged(moment: Moment, values: list[float]) -> Decision:
    """The moment's decision, from the values of its view's legal moves (``valuing``)."""
    view = moment.view
    options = view.legal_moves()
    made = options.index(moment.played)
    top = max(range(len(options)), key=lambda i: values[i])
    if values[made] >= values[top]:
        top = made  # as good as the best: no loss, and it is the best shown
    loss = round(values[top] - values[made], 1)
    best = options[top]
    reason = why(view, moment.played, best) if loss >= REASON_FROM else None
    return Decision(moment.round, moment.move, moment.seat, move_text(moment.played),
                    move_text(best), loss, len(options), reason)


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
        return Reason(SCORED, move_text(best), scored[played], scored[best])
    left = {m: threat_after(view, m) for m in (played, best)}
    if left[played] >= THREAT and left[played] > left[best]:
        return Reason(LEFT, move_text(best), left[played] // divisor, left[best] // divisor)
    heavier = PIPS[move_tile(best)] - PIPS[move_tile(played)]
    if view.boneyard_left == 0 and heavier >= 4:
        heavy = move_tile(best)
        return Reason(KEPT, NAMES[heavy], PIPS[heavy])
    return None


def threat_after(view: PlayerView, move: Move) -> int:
    """The most (undivided) the next player could score in reply to ``move``
    with any tile they might hold, as far as this seat knows."""
    odds = infer(view).tile_odds((view.seat + 1) % view.rules.players)
    after = view.layout()
    after.place(move_tile(move), move_on(move))
    return max((reply_points(after, t) for t in range(28) if odds[t] > 0.0), default=0)

