"""Two estimates of every legal move's value that share no playout policy,
to check a puzzle's answer (``coach.judging``) where nothing can be solved.

Both search the master's worlds: deals of the hidden tiles consistent with
the view, weighed by how likely they make the other seats' plays
(``master.Worlds`` with ``inference``). Every legal move is valued on the same
worlds, so their differences are not deal luck, and none is cut (the
master's own search keeps the hard heuristic's best few and halves them
again, and returns a move only: a check needs every move's value).

- ``MASTER``, the master's search: each move played out by the master's
  policy (``master.MASTER_POLICY``), or, where the master solves worlds
  (boneyard empty, two sides, at most ``master.EXACT_TILES`` tiles in the
  hands), each world solved exactly.
- ``GREEDY``, the second opinion: each move played out by the greedy
  (medium) bot's rule, every seat playing the most points now and the
  heaviest tile of equals (``greedy_playout``), on worlds drawn with another
  seed. It is independent of the master's valuation where that valuation
  can be wrong: it never looks at the next hand (which the master's
  playouts see in full, so they deny replies a real opponent would not be
  held to), nor weighs doubles, blocks or stranded tiles as the master's
  policy does, and it never solves. Its bias is another one: an answer best
  by the margin under both does not rest on one policy's judgement.

A value is the mean, over worlds, of the stake (``StakeOf``: what a
finished round is worth to the mover's side, from the rules and the scores
when the search began; ``expert.outcome_stake`` by default), a result the mean of the
game's result for the mover's side (1 won, -1 lost, 0 the game goes on):

>>> [result_stake([250, 90], winner, side=0) for winner in (0, 1, None)]
[1.0, -1.0, 0.0]
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from ..game import Round
from ..moves import MOVE_TILE, Move
from ..rules import Rules, Side
from ..tiles import PIPS
from ..view import PlayerView
from .exact import Stake, solve
from .expert import outcome_stake, playout, view_key
from .inference import BETA, gather
from .knowledge import infer
from .master import EXACT_TILES, MASTER_POLICY, POOL, Worlds

Way = Literal["master", "greedy"]  # how an estimate plays the worlds out
MASTER: Final = "master"
GREEDY: Final = "greedy"
MIN_WORLDS = 30  # per move, at least

# What a finished round is worth, given the rules and the scores when the
# search began (``expert.outcome_stake``'s form).
StakeOf = Callable[[Rules, Sequence[int]], Stake]


def result_stake(scores: Sequence[int], winner: Side | None, side: Side) -> float:
    """The game's result for ``side``: 1 won, -1 lost, 0 the game goes on."""
    return 0.0 if winner is None else 1.0 if winner == side else -1.0


@dataclass(frozen=True)
class Estimate:
    """Each legal move's mean stake and mean game result (in the order of
    ``view.legal_moves()``), over ``worlds`` worlds, by ``method``; ``samples``
    holds each world's stakes, for the error of a difference."""

    method: Way
    values: list[float]
    results: list[float]
    worlds: int
    samples: list[list[float]] = field(default_factory=list, repr=False, compare=False)

    def error(self, a: int, b: int) -> float:
        """The standard error of the difference between moves ``a`` and ``b``
        (by index), from the worlds' paired values (0 without samples)."""
        diffs = [world[a] - world[b] for world in self.samples]
        return statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0


def estimate(view: PlayerView, method: Way, playouts: int, seed: str = "",
             stake_of: StakeOf = outcome_stake) -> Estimate:
    """Every legal move of ``view`` valued by ``method`` (``MASTER`` or
    ``GREEDY``) on ``playouts // moves`` worlds (``MIN_WORLDS`` at least),
    the same for the same view and seed."""
    moves = view.legal_moves()
    know = infer(view)
    evidence = gather(view, know, BETA)
    rng = random.Random(f"estimate:{method}:{seed}:{view_key(view)}")
    worlds = Worlds(view, know, evidence if evidence.plays else None, POOL, rng)
    count = max(MIN_WORLDS, playouts // len(moves))
    value = _played_out(greedy_playout) if method == GREEDY else _master_world(view)
    stake = stake_of(view.rules, view.scores)
    side = view.rules.side_of(view.seat)
    samples, results = [], [0.0] * len(moves)
    for _ in range(count):
        found = value(worlds.draw(), moves, stake, side)
        samples.append([v for v, _ in found])
        for i, (_, r) in enumerate(found):
            results[i] += r
    return Estimate(method, [sum(w[i] for w in samples) / count for i in range(len(moves))],
                    [r / count for r in results], count, samples)


World = Callable[[Round, list[Move], Stake, Side], list[tuple[float, float]]]


def _master_world(view: PlayerView) -> World:
    """How the master values a world's moves at this view: solved where it solves."""
    if (view.boneyard_left == 0 and view.rules.sides == 2
            and sum(view.hand_counts) <= EXACT_TILES):
        return _solved_world()
    return _played_out(lambda rnd: playout(rnd, MASTER_POLICY))


def _played_out(finish: Callable[[Round], None]) -> World:
    """A world's moves valued by playing each and finishing the round with ``finish``."""
    def value(base: Round, moves: list[Move], stake: Stake,
              side: Side) -> list[tuple[float, float]]:
        out = []
        for move in moves:
            rnd = base.copy()
            rnd.play(move)
            finish(rnd)
            out.append((stake(rnd.scores, rnd.winner, side),
                        result_stake(rnd.scores, rnd.winner, side)))
        return out
    return value


def _solved_world() -> World:
    """Worlds solved exactly, each deal once (the same deal comes back often:
    few tiles are hidden by then)."""
    known: dict[tuple[int, ...], list[tuple[float, float]]] = {}

    def value(base: Round, moves: list[Move], stake: Stake,
              side: Side) -> list[tuple[float, float]]:
        key = tuple(base.hands)
        if key not in known:
            values, results = solve(base, stake, None), solve(base, result_stake, None)
            known[key] = [(values.value_of(m), results.value_of(m)) for m in moves]
        return known[key]
    return value


def greedy_playout(rnd: Round) -> None:
    """Finish the round with every seat playing the greedy bot's rule: the
    most points now, the heaviest tile of equals."""
    while rnd.end is None:
        moves = rnd.legal_moves()
        rnd.play(moves[0] if len(moves) == 1 else max(
            moves, key=lambda m: (rnd.points_for(m), PIPS[MOVE_TILE[m]])))

