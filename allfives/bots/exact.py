"""Exact values where nothing is hidden: alpha-beta over the rest of a round.

With 2 players and the boneyard empty each seat knows the other's hand (the
tiles it has not seen), and a round with every hand open (a record reviewed
with the hands shown) hides nothing either: the value of every legal move
is then a minimax over the rest of the round, not an estimate. The search
plays the engine's own moves (``Round.legal_moves``, ``Round.play`` and
``Round.undo``), so passes, draws from a known boneyard, a blocked or
domino ending with the rules' round-end points (docs/RULES.md section 7)
and a side reaching the target during play (section 8: the game ends on the
spot, the round is not scored) are the engine's.

What a finished round is worth is a ``Stake``, from the scores after it and
the side that won the game (if one did): by default ``Margin``, the mover's
side's points in the rest of the round minus the other side's; a win
probability by scores near the target (issue 29) is another.

**What the solver assumes.** Every seat of the mover's side plays to make
the stake as large as it can, every other seat to make it as small: the
other sides are one opponent. With two sides (2 players, or 4 in
partnerships) and an antisymmetric stake (worth ``-x`` to one side when it
is worth ``x`` to the other, as ``Margin`` is and a win probability minus
one half would be), that is the game itself, zero-sum, and the values are
exact. With more sides (3 players, or 4 without partners) it is the
cautious value: what the mover's side can make sure of whatever the others
do, even against their own interest.

A search can take long (hands of 9 tiles each are far beyond reach): past
its node ``budget`` it raises ``OutOfBudget`` and the caller falls back to
an estimate (the master's search).

>>> from allfives.rules import Rules
>>> from allfives.moves import move_text
>>> from allfives.tiles import mask_of, parse_tile
>>> hands = [mask_of([parse_tile("5-5"), parse_tile("0-1")]), mask_of([parse_tile("0-5")])]
>>> rnd = Round(Rules.make("standard"), hands, [], starter=0)
>>> solution = solve(rnd)  # 5-5 scores 10, 0-5 on it 10 and goes out: 0-1 (1 pip) costs 0
>>> [(move_text(m), v) for m, v in zip(solution.moves, solution.values)]
[('0-1', -10.0), ('5-5', 0.0)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..game import Round
from ..moves import MOVE_ON, MOVE_TILE, PLAY_MOVE, Move
from ..rules import Side
from ..tiles import HIGH, IS_DOUBLE, LOW, TILE_COUNT
from ..view import PlayerView
from .pulse import beat

# Positions searched before a solve gives up (bench/exact_time.json has how
# long searches take and how many positions the game meets pass it).
BUDGET = 8_000
# The search beats (``pulse``) once every BEAT_NODES + 1 positions (a power of two).
BEAT_NODES = 1023


def _shared(tile: int, on: int) -> int:
    """The value at which ``tile`` joins ``on`` (two different tiles share one)."""
    return LOW[tile] if LOW[tile] in (LOW[on], HIGH[on]) else HIGH[tile]


# EDGE[move]: the move's tile and the table tile it joins as one field of a
# number with a field per tile, so that the sum over a table's plays names
# every tile's place (0 for a tile not on the table, ``on + 2`` for one
# joined to ``on``, 1 for the lead).
EDGE: tuple[int, ...] = tuple(
    (MOVE_ON[m] + 2) << 5 * MOVE_TILE[m] for m in range(TILE_COUNT << 5))


# TWIN[move]: the same number for plays of one tile onto non-doubles at the
# same value, -1 for other moves. Such plays lead to tables that differ only
# in which tile carries an open end: the same count, the same open values,
# the same future; the search tries one of them.
TWIN: tuple[int, ...] = tuple(
    -1 if not 0 <= MOVE_ON[m] < TILE_COUNT or IS_DOUBLE[MOVE_ON[m]]
    else MOVE_TILE[m] << 3 | _shared(MOVE_TILE[m], MOVE_ON[m])
    for m in range(TILE_COUNT << 5))


class Stake(Protocol):
    """What a finished round is worth to ``side``, from the scores per side
    after it and the side that won the game with it (None: the game goes on).
    """

    def __call__(self, scores: Sequence[int], winner: Side | None, side: Side) -> float: ...


@dataclass(frozen=True)
class Margin:
    """The default stake: ``side``'s points since ``start`` (the scores when
    the search began) minus the other sides' (their mean when there are more
    than one), and ``bonus`` more for a won game (less for a lost one: by
    default nothing). Antisymmetric for 2 sides."""

    start: tuple[int, ...]
    bonus: float = 0.0

    def __call__(self, scores: Sequence[int], winner: Side | None, side: Side) -> float:
        gains = [now - before for now, before in zip(scores, self.start, strict=True)]
        others = (sum(gains) - gains[side]) / (len(gains) - 1)
        value = gains[side] - others
        if winner is not None:
            value += self.bonus if winner == side else -self.bonus
        return value


class OutOfBudget(Exception):
    """The search passed its node budget before it knew every move's value."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"no exact value within {budget} positions")
        self.budget = budget


@dataclass(frozen=True)
class Solution:
    """The exact value of each legal move for the mover's ``side``, in the
    order of ``Round.legal_moves``, and the positions searched for them."""

    side: Side
    moves: tuple[Move, ...]
    values: tuple[float, ...]
    nodes: int

    @property
    def value(self) -> float:
        """The position's value: its best move's."""
        return max(self.values)

    @property
    def best(self) -> Move:
        """The best move (of equal ones, the first)."""
        return self.moves[self.values.index(self.value)]

    def value_of(self, move: Move) -> float:
        return self.values[self.moves.index(move)]


def solve(rnd: Round, stake: Stake | None = None, budget: int | None = BUDGET) -> Solution:
    """Every legal move's exact value for the side to move in ``rnd`` (every
    hand and the boneyard's order as given: nothing hidden), by ``stake``
    (``Margin`` from the scores now by default). Raises ``OutOfBudget``
    after ``budget`` positions (None: no limit), ValueError if the round is
    over. ``rnd`` is left as it was."""
    if rnd.end is not None:
        raise ValueError(f"the round is over ({rnd.end})")
    search = _Search(rnd.copy(), stake or Margin(tuple(rnd.scores)), budget)
    moves = rnd.legal_moves()
    found = {m: search.after(m, -math.inf, math.inf)
             for m in sorted(distinct(moves), key=rnd.points_for, reverse=True)}
    twins = {TWIN[m]: v for m, v in found.items()}
    values = tuple(found[m] if m in found else twins[TWIN[m]] for m in moves)
    return Solution(search.side, tuple(moves), values, search.nodes)


def distinct(moves: list[Move]) -> list[Move]:
    """``moves`` less each play that has a ``TWIN`` before it."""
    seen = 0  # a bit per twin number
    out = []
    for m in moves:
        twin = TWIN[m]
        if twin >= 0:
            if seen >> twin & 1:
                continue
            seen |= 1 << twin
        out.append(m)
    return out


def known_round(view: PlayerView) -> Round | None:
    """The round ``view`` sees when it hides nothing, else None: 2 players and
    the boneyard empty, so the other hand is every tile the seat has not seen."""
    if view.rules.players != 2 or view.boneyard_left:
        return None
    hands = [0, 0]
    hands[view.seat] = view.hand_mask
    hands[1 - view.seat] = view.unseen()
    return Round.from_position(view.rules, hands, [], starter=view.starter,
                               scores=list(view.scores), history=list(view.history),
                               turn=view.turn)


class _Search:
    """Alpha-beta with a transposition table on one round, walked with
    ``play`` and ``undo``; values are for the side to move at the root, its
    seats maximising and the others minimising.

    The table's key is everything the rest of the round depends on:

    - each seat's hand; the boneyard's order is fixed and every tile in no
      hand and not on the table is still in it, so how far it has been drawn
      follows;
    - every tile's place on the table (``EDGE``: the tile it joins) and,
      under the ``first`` spinner rule, which double is the spinner (under
      ``all`` and ``none`` the doubles on the table say). Those fix the open
      ends, each double's free points, each spinner's joins and the count;
    - the seat to move;
    - the scores: they decide whether a play reaches the target, and the
      stake.

    Passes need no place in it: once nobody can play the round is over
    (blocked), so a pass only hands the turn to a seat that can. An entry
    holds bounds on the value (low, high) and the best move found, which is
    tried first when the position comes again. Moves are otherwise tried
    most points now first.
    """

    def __init__(self, rnd: Round, stake: Stake, budget: int | None) -> None:
        self.rnd = rnd
        self.stake = stake
        self.budget = math.inf if budget is None else budget
        self.side = rnd.side_of[rnd.turn]
        self.mine = tuple(s == self.side for s in rnd.side_of)
        self.first_spinner = rnd.rules.spinners == "first"
        self.edges = sum(EDGE[PLAY_MOVE[t][on]] for t, on in rnd.layout.placements)
        self.table: dict[tuple[int, ...], tuple[float, float, Move]] = {}
        self.nodes = 0

    def after(self, move: Move, alpha: float, beta: float) -> float:
        """The value once ``move`` is made."""
        rnd = self.rnd
        rnd.play(move)
        if move >= 0:
            self.edges += EDGE[move]
        value = self.value(alpha, beta)
        if move >= 0:
            self.edges -= EDGE[move]
        rnd.undo()
        return value

    def value(self, alpha: float, beta: float) -> float:
        """The value of the position (fail-soft: beyond the window, a bound)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget(int(self.budget))
        if not self.nodes & BEAT_NODES:
            beat()
        rnd = self.rnd
        if rnd.end is not None:
            return self.stake(rnd.scores, rnd.winner, self.side)
        moves = rnd.legal_moves()
        if len(moves) == 1:
            return self.after(moves[0], alpha, beta)
        spinners = rnd.layout.spinner_tiles
        key = (*rnd.hands, rnd.turn, *rnd.scores, self.edges,
               spinners[0] if self.first_spinner and spinners else -1)
        entry = self.table.get(key)
        low, high, hint = -math.inf, math.inf, None
        if entry is not None:
            low, high, hint = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        best, best_move = self.children(self.ordered(moves, hint), alpha, beta)
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.table[key] = (low, high, best_move)
        return best

    def children(self, moves: list[Move], alpha: float, beta: float) -> tuple[float, Move]:
        """The best of ``moves`` (plays) for the seat to move, and its value; the
        search stops at the first move that proves the window cannot be met.
        (``after`` written out: this loop is the search's hot path.)"""
        rnd = self.rnd
        best_move = moves[0]
        maximise = self.mine[rnd.turn]
        best = -math.inf if maximise else math.inf
        for move in moves:
            rnd.play(move)
            edge = EDGE[move]
            self.edges += edge
            if maximise:
                v = self.value(alpha if alpha > best else best, beta)
            else:
                v = self.value(alpha, beta if beta < best else best)
            self.edges -= edge
            rnd.undo()
            if (v > best) if maximise else (v < best):
                best, best_move = v, move
                if (best >= beta) if maximise else (best <= alpha):
                    break
        return best, best_move

    def ordered(self, moves: list[Move], hint: Move | None) -> list[Move]:
        """The table's best move first, then the most points now."""
        moves = distinct(moves)
        moves.sort(key=self.rnd.points_for, reverse=True)
        if hint is not None and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        return moves


__all__ = ["BUDGET", "Margin", "OutOfBudget", "Solution", "Stake", "known_round", "solve"]
