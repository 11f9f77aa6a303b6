"""Valuing a decision's options (``valuing``: exactly, over the worlds, or
by the master's estimate) and judging the move made against them
(``judged``, ``analyse``); the hint's best move (``best_of``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Sequence
from dataclasses import replace

from ...game import Game, Round
from ...moves import Move, move_on, move_tile
from ...scoring import play_points
from ...view import PlayerView
from ..exact import OutOfBudget, known_round, solve
from ..expert import outcome, outcome_stake, playout, policy_move, solved, view_key
from ..game_stake import GameChance
from ..inference import BETA, gather
from ..knowledge import infer
from ..master import MASTER_POLICY, POOL, Worlds
from ..worlds import Judgement, bare_round, dealt, judge
from .decisions import (
    ESTIMATE,
    EXACT,
    WHOLE,
    WORLDS,
    Best,
    Decision,
    Moment,
    Parts,
    Share,
    Valuation,
    reason_of,
)
from .moments import moments

REVIEW_PLAYOUTS = 2000  # per decision, shared by its options (about 1 s in the page's worker)
MIN_WORLDS = 30  # sampled deals per option, at least
REASON_FROM = 0.5  # a loss this large (points) gets a reason, when one is plain


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
    found = yield from outcomes(round_, move, view, playouts, salt)
    return estimate(view, found)


def estimated(view: PlayerView) -> bool:
    """Whether ``valuing`` values this decision by ``estimating`` alone: the
    boneyard is not empty, so nothing is solved (``expert.solved``) or judged
    (``worlds.judge``). Its deals may then be played out in shares
    (``outcomes``' ``share``), by two workers at once."""
    return view.boneyard_left > 0


# Each option's (value, reply) in each deal played out, in the order drawn.
Outcomes = list[list[tuple[float, float]]]


def outcomes(round_: int, move: int, view: PlayerView, playouts: int = REVIEW_PLAYOUTS,
             salt: str = "review", share: Share = WHOLE) -> Generator[None, None, Outcomes]:
    """``estimating``'s deals of ``share`` played out, each option's
    ``outcome`` and reply in each, yielding after each deal played. Every
    share draws every deal (from the one generator), so that ``merged``
    shares are the whole's deals and give its values to the last bit."""
    options = view.legal_moves()
    rng = random.Random(f"{salt}:{round_}:{move}:{view_key(view)}")
    count = max(MIN_WORLDS, playouts // len(options))
    know = infer(view)
    evidence = gather(view, know, BETA)
    worlds = Worlds(view, know, evidence if evidence.plays else None, POOL, rng)
    found: Outcomes = [[] for _ in options]
    yield from split_worlds(view, worlds, count, options, found, share)
    return found


def merged(shares: Sequence[Outcomes]) -> Outcomes:
    """Shares (``Share(i, len(shares))`` in order) put back into one, each
    option's deals in the order drawn."""
    whole: Outcomes = [[] for _ in shares[0]]
    for option, each in enumerate(zip(*shares, strict=True)):
        for k in range(max(len(pairs) for pairs in each)):
            whole[option].extend(pairs[k] for pairs in each if k < len(pairs))
    return whole


def estimate(view: PlayerView, found: Outcomes) -> Valuation:
    """``estimating``'s valuation from every deal's ``outcomes``: each
    option's mean value and its parts."""
    values, parts = [], []
    for move, pairs in zip(view.legal_moves(), found, strict=True):
        count = len(pairs)
        value = _in_order(v for v, _ in pairs) / count
        reply = _in_order(r for _, r in pairs) / count
        now = view_round_points(view, move)
        values.append(value)
        parts.append(Parts(now, reply, value - now + reply))
    return Valuation(values, ESTIMATE, tuple(parts), tuple(tuple(v for v, _ in f) for f in found))


def shared_decision(moment: Moment, shares: Sequence[Outcomes]) -> Decision:
    """The moment's decision (``analyse``'s, to the last bit) from the
    ``outcomes`` of its estimate's shares (``estimated``)."""
    return judged(moment, at_stake(moment.view, estimate(moment.view, merged(shares))))


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
                 found: Outcomes, share: Share = WHOLE) -> Iterator[None]:
    """``count`` deals from ``worlds``, those of ``share`` played out: each
    option played in each and played out by the master's policy, its
    ``outcome`` appended to ``found`` with the others' reply in it
    (``Parts.reply``): the playout is paused when the mover is to play
    again. Yields after each deal played out."""
    side = view.rules.side_of(view.seat)
    for k in range(count):
        base = worlds.draw()
        if k % share.of != share.index:
            continue
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
