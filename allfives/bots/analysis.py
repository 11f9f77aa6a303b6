"""Reviewing a game: every decision a seat made with more than one legal
option, each option valued from that seat's ``PlayerView`` at that moment
(what it could see then, never a hidden tile): exactly where the view hides
nothing and the solve fits its budget (``expert.solved``: 2 players, the
boneyard empty); over every deal of the hidden hands, each solved exactly,
where the boneyard is empty with 3 or 4 players and the deals fit their
budget (``worlds.judge``); the master plays the best move of the same judge
where either decides. Else by the master's search with every option valued
(``estimating``: the master's worlds, weighed by the others' plays, and its
playouts; none cut, as the master's own search cuts the weaker ones). A
decision says which (``EXACT``, ``WORLDS`` or ``ESTIMATE``),
how sure an estimate is (``Decision.error``) and why the move lost, in three
parts that add up to the loss (``Parts``, ``Reason``); where the round can
end the game and the values are chances of winning it (``game_stake``), the
chance each move leaves instead (``Decision.chances``): points scored now or
given away are not what decides there.

A decision's generator is seeded from its place in the record and the view
alone, so the same record always gets the same analysis, in the page's
worker and on the command line, and tiles the seat could not see cannot
change it. Values are ``expert.outcome``'s: the side's expected
points in the rest of the round minus the other sides' mean, with a won
game worth ``WIN_BONUS`` more (docs/RULES.md section 6 for the points), or
where the round can end the game and the rules have a match-equity table,
the chance of winning the game on the same scale (``game_stake``).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypedDict, TypeGuard

from ..errors import NotationError
from ..game import Game, Round
from ..moves import Move, move_on, move_text, move_tile, parse_move
from ..played import PlayedGame
from ..rules import Rules
from ..scoring import play_points
from ..tiles import PIPS
from ..view import PlayerView, PlayerViewJSON
from .exact import OutOfBudget, known_round, solve
from .expert import outcome, outcome_stake, playout, policy_move, solved, view_key
from .game_stake import GameChance
from .hard import reply_points
from .inference import BETA, gather
from .knowledge import infer
from .master import MASTER_POLICY, POOL, Worlds
from .worlds import Judgement, bare_round, dealt, judge

REVIEW_PLAYOUTS = 2000  # per decision, shared by its options (about 1 s in the page's worker)
MIN_WORLDS = 30  # sampled deals per option, at least
REASON_FROM = 0.5  # a loss this large (points) gets a reason, when one is plain
THREAT = 10  # a reply this big left to the next player is worth naming
SCORED, LEFT, KEPT = "scored", "left", "kept"  # the kinds of plain reason (``why``)
EXACT, WORLDS, ESTIMATE = "exact", "worlds", "estimate"  # how a decision's values were found


def method_hook(method: str) -> str:
    """A way of valuing as the page's ``data-method`` hook names it: ``EXACT``,
    or ``ESTIMATE`` for every other (an estimate, whatever its kind)."""
    return EXACT if method == EXACT else ESTIMATE


@dataclass(frozen=True)
class Plain:
    """The plain kind of reason why ``best`` beats the move made, as puzzle
    files name it (``why``):

    - SCORED: the move made scored ``made`` where ``best`` scored ``other``;
    - LEFT: it left the next player a chance of ``made`` where ``best`` left ``other``;
    - KEPT: it kept the tile of ``best`` (``made`` pips) with the boneyard empty.

    Points are the game's own (divided by the divisor).
    """

    kind: str
    best: Move
    made: int
    other: int = 0


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
ONE, EACH, SIDE = "one", "each", "side"


def reply_counted(rules: Rules) -> str:
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
    how they were found: ``EXACT`` (solved) or another method (an estimate:
    ``WORLDS``, the deals of the hidden hands solved, or ``ESTIMATE``,
    playouts); each value's ``parts`` when known, and for an estimate from
    sampled deals
    each option's value in every deal (``samples``, the same deals for every
    option), from which a loss's standard error follows (``loss_error``);
    where the stake was the game's (``game_stake.GameChance``), each
    option's chance of winning it (``chances``) and no parts."""

    values: list[float]
    method: str
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
    method: str = ESTIMATE
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
        error, chances = data.get("error", 0.0), data.get("chances")
        return cls(int(data["round"]), int(data["move"]), int(data["seat"]),
                   parse_move(data["played"]), parse_move(data["best"]), float(data["loss"]),
                   int(data["options"]), Reason.from_json(data.get("reason")),
                   _METHODS.get(str(data.get("method")), ESTIMATE),
                   float(error) if _real(error) else 0.0,
                   (float(chances[0]), float(chances[1]))
                   if _pair(chances, lambda c: _real(c) and 0 <= c <= 1) else None)


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
    error: float
    chances: list[float] | None


def moments(game: PlayedGame, seats: Collection[int] | None = None) -> Iterator[Moment]:
    """Every move of ``seats`` (all seats if None) that had a choice, in play
    order, from the seat's view (``PlayedGame.decisions``: of a game kept at
    a real table, only the known seat's, the others' hands unknown to it)."""
    for r, i, view, move in game.decisions(seats):
        if len(view.legal_moves()) > 1:
            yield Moment(r, i, view, move)


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
    can, else estimated, yielding after each sampled deal. The seed does not
    depend on the move made, so every move of the decision is judged against
    the same values (the coach's, ``judged``); another ``salt`` samples other
    deals (puzzles re-check their answer so; the worlds judge has one sample)."""
    solution = solved(view)
    parted = not game_at_stake(view)  # parts are not given there: no need to find them
    if solution is not None:
        options = view.legal_moves()
        found = Valuation([solution.value_of(m) for m in options], EXACT,
                          exact_parts(view, options, solution.value_of) if parted else None)
    elif (judged := judge(view)) is not None:
        found = Valuation(list(judged.values), WORLDS,
                          worlds_parts(view, judged) if parted else None, judged.samples)
    else:
        found = yield from estimating(round_, move, view, playouts, salt)
    return at_stake(view, found)


@dataclass(frozen=True)
class Best:
    """The move Review calls best and how its value was found (``EXACT``,
    ``WORLDS`` or ``ESTIMATE``; None for the only legal move: nothing valued)."""

    move: Move
    method: str | None

    def to_json(self) -> dict[str, Any]:
        return {"move": move_text(self.move), "method": self.method}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Best:
        method = data.get("method")
        if method not in (EXACT, WORLDS, ESTIMATE, None):
            raise NotationError(f"unknown method {method!r}")
        return cls(parse_move(str(data["move"])), method)


def best_of(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS
            ) -> Generator[None, None, Best]:
    """The move Review calls best at move ``move`` (1-based) of round
    ``round_`` (as ``Moment`` numbers them), seen through ``view``: the first
    of ``view.legal_moves()`` with the highest value, from the same
    ``valuing`` (seed, deals and playouts) as Review and the coach, so a
    person who follows the hint is never told it was a mistake; with how it
    was valued. In steps, as ``analysing``; a forced move is returned at once."""
    options = view.legal_moves()
    if len(options) == 1:
        return Best(options[0], None)
    valuation = yield from valuing(round_, move, view, playouts)
    return Best(options[first_best(valuation.values)], valuation.method)


def best_move(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS
              ) -> Generator[None, None, Move]:
    """``best_of``'s move."""
    return (yield from best_of(round_, move, view, playouts)).move


def first_best(values: Sequence[float]) -> int:
    """The index of the first highest value (as ``judged`` picks the best)."""
    return max(range(len(values)), key=lambda i: values[i])


def game_at_stake(view: PlayerView) -> bool:
    """Whether the decision's values are chances of winning the game."""
    return isinstance(outcome_stake(view.rules, view.scores), GameChance)


def at_stake(view: PlayerView, found: Valuation) -> Valuation:
    """``found`` as it is, or where the game is at stake (its values are
    chances of winning it, ``game_stake.GameChance``) with each option's
    chance and without parts: what a move scores now or gives away is not
    what decides there, and "later" would be all the rest."""
    stake = outcome_stake(view.rules, view.scores)
    if not isinstance(stake, GameChance):
        return found
    return replace(found, parts=None, chances=tuple(stake.chance_of(v) for v in found.values))


def estimating(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS,
               salt: str = "review") -> Generator[None, None, Valuation]:
    """``valuing`` by the master's search alone, whatever the view hides,
    every option valued (none cut): each option's value its mean ``outcome``
    over the same deals of the hidden tiles, drawn as the master draws them
    (weighed by the others' plays: ``master.Worlds``), played out by the
    master's policy; with its parts."""
    options = view.legal_moves()
    rng = random.Random(f"{salt}:{round_}:{move}:{view_key(view)}")
    count = max(MIN_WORLDS, playouts // len(options))
    know = infer(view)
    evidence = gather(view, know, BETA)
    worlds = Worlds(view, know, evidence if evidence.plays else None, POOL, rng)
    found: list[list[tuple[float, float]]] = [[] for _ in options]
    yield from split_worlds(view, worlds, count, options, found)
    values, parts = [], []
    for move, pairs in zip(options, found, strict=True):
        value = _in_order(v for v, _ in pairs) / count
        reply = _in_order(r for _, r in pairs) / count
        now = view_round_points(view, move)
        values.append(value)
        parts.append(Parts(now, reply, value - now + reply))
    return Valuation(values, ESTIMATE, tuple(parts), tuple(tuple(v for v, _ in f) for f in found))


def _in_order(xs: Iterable[float]) -> float:
    """The sum added up in order (``sum`` compensates rounding in newer
    Pythons, the page's: a loss could move by 0.1 between it and the
    command line's)."""
    total = 0.0
    for x in xs:
        total += x
    return total


def view_round_points(view: PlayerView, move: Move) -> int:
    """What ``move`` scores now, as the table shows it (0 for a draw or a pass)."""
    if move < 0:
        return 0
    return play_points(view.layout().count_after(move_tile(move), move_on(move)),
                       view.rules.divisor)


def split_worlds(view: PlayerView, worlds: Worlds, count: int, moves: list[Move],
                 found: list[list[tuple[float, float]]]) -> Iterator[None]:
    """``count`` deals from ``worlds``, each option played in each and played
    out by the master's policy, its ``outcome`` appended to ``found`` with
    the others' reply in it (``Parts.reply``): the playout is paused when
    the mover is to play again. Yields after each deal."""
    side = view.rules.side_of(view.seat)
    for _ in range(count):
        base = worlds.draw()
        start = base.scores[:]
        for i, move in enumerate(moves):
            rnd = base.copy()
            rnd.play(move)
            reply = replied(rnd, view.seat, start, side, _policy_reply)
            playout(rnd, MASTER_POLICY)
            found[i].append((outcome(rnd, start, side), reply))
        yield


def _policy_reply(rnd: Round) -> Move:
    moves = rnd.legal_moves()
    return moves[0] if len(moves) == 1 else policy_move(rnd, moves, MASTER_POLICY)


def replied(rnd: Round, seat: int, start: Sequence[int], side: int,
            choose: Callable[[Round], Move]) -> float:
    """Play the other seats' turns in ``rnd`` with ``choose`` until ``seat``
    is to move again or the round ends, and return what that cost ``seat``'s
    side: its margin over the other sides (``outcome`` without the game's
    bonus) before them less after."""
    before = _margin(rnd.scores, start, side)
    while rnd.end is None and rnd.turn != seat:
        rnd.play(choose(rnd))
    return before - _margin(rnd.scores, start, side)


def _margin(scores: Sequence[int], start: Sequence[int], side: int) -> float:
    gains = [now - then for now, then in zip(scores, start, strict=True)]
    return gains[side] - (sum(gains) - gains[side]) / (len(gains) - 1)


def worlds_parts(view: PlayerView, judged: Judgement) -> tuple[Parts, ...]:
    """Each option's parts over the worlds judge's deals: ``reply`` the
    others' gain on their turns after it in each deal, each playing the
    master's playout policy as the estimate's replies do (a solve per reply
    would cost the judge's budget again), weighted as the values are;
    ``later`` the rest of the value."""
    side = view.rules.side_of(view.seat)
    table = bare_round(view)
    out = []
    for move, value in zip(judged.moves, judged.values, strict=True):
        reply = 0.0
        for hands, weight in judged.worlds:
            rnd = dealt(view, table, hands)
            rnd.play(move)
            reply += weight * replied(rnd, view.seat, view.scores, side, _policy_reply)
        now = view_round_points(view, move)
        out.append(Parts(now, reply, value - now + reply))
    return tuple(out)


def exact_parts(view: PlayerView, options: list[Move],
                value_of: Callable[[Move], float]) -> tuple[Parts, ...] | None:
    """Each option's parts where the view hides nothing: ``reply`` along the
    solved line (each other seat, in turn, plays the solver's best move for
    its side until the mover is to play again), ``later`` the rest of the
    exact value. None when a reply's solve passes the solver's budget."""
    known = known_round(view)
    assert known is not None  # the caller solved it
    side = view.rules.side_of(view.seat)
    stake = outcome_stake(known.rules, known.scores)

    def best_reply(rnd: Round) -> Move:
        moves = rnd.legal_moves()
        return moves[0] if len(moves) == 1 else solve(rnd, stake).best

    out = []
    try:
        for move in options:
            rnd = known.copy()
            rnd.play(move)
            now = view_round_points(view, move)
            reply = replied(rnd, view.seat, known.scores, side, best_reply)
            out.append(Parts(now, reply, value_of(move) - now + reply))
    except OutOfBudget:
        return None
    return tuple(out)


def judged(moment: Moment, valuation: Valuation) -> Decision:
    """The moment's decision, from the values of its view's legal moves (``valuing``)."""
    values = valuation.values
    view = moment.view
    options = view.legal_moves()
    made = options.index(moment.played)
    top = first_best(values)
    if values[made] >= values[top]:
        top = made  # as good as the best: no loss, and it is the best shown
    loss = round(values[top] - values[made], 1)
    best = options[top]
    parts = valuation.parts
    reason = reason_of(best, parts[made], parts[top], loss) \
        if loss >= REASON_FROM and parts is not None else None
    chances = valuation.chances
    return Decision(moment.round, moment.move, moment.seat, moment.played, best, loss,
                    len(options), reason, valuation.method,
                    round(valuation.loss_error(top, made), 2),
                    None if chances is None else (chances[made], chances[top]))


def review(game: Game, seats: Collection[int] | None = None,
           playouts: int = REVIEW_PLAYOUTS) -> list[Decision]:
    return [analyse(m, playouts) for m in moments(game, seats)]


def biggest_losses(decisions: list[Decision]) -> list[Decision]:
    """The decisions that lost points, biggest first (ties in play order)."""
    return sorted((d for d in decisions if d.loss > 0), key=lambda d: -d.loss)


def why(view: PlayerView, played: Move, best: Move) -> Plain | None:
    """A short reason when one is plain, its kind named in puzzle files:
    fewer points now, a big reply left to the next player, or a heavy tile
    kept with the boneyard empty."""
    layout = view.layout()
    divisor = view.rules.divisor
    scored = {m: play_points(layout.count_after(move_tile(m), move_on(m)), divisor)
              for m in (played, best)}
    if scored[best] > scored[played]:
        return Plain(SCORED, best, scored[played], scored[best])
    left = {m: threat_after(view, m) for m in (played, best)}
    if left[played] >= THREAT and left[played] > left[best]:
        return Plain(LEFT, best, left[played] // divisor, left[best] // divisor)
    heavier = PIPS[move_tile(best)] - PIPS[move_tile(played)]
    if view.boneyard_left == 0 and heavier >= 4:
        return Plain(KEPT, best, PIPS[move_tile(best)])
    return None


def threat_after(view: PlayerView, move: Move) -> int:
    """The most (undivided) the next player could score in reply to ``move``
    with any tile they might hold, as far as this seat knows."""
    odds = infer(view).tile_odds((view.seat + 1) % view.rules.players)
    after = view.layout()
    after.place(move_tile(move), move_on(move))
    return max((reply_points(after, t) for t in range(28) if odds[t] > 0.0), default=0)

