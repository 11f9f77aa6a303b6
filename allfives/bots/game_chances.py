"""The chance of winning the game from any scores, for any number of sides
(issue 41): 2, 3 or 4 players alone, or 4 as two partnerships, any target.

The model is ``bots.equity``'s, with as many sides as the table has: a
Markov chain over (the sides' scores, the side that starts the next round),
driven by a sample of whole rounds played under the rules (each a
``Trajectory``, replayed from any scores by ``equity.replay``, docs/RULES.md
section 8). Its value for a state is each side's chance of winning the game
from it. Two ways to know it, which share the chain and nothing else:

- ``exact``: value iteration over every state of a grid of scores (as
  ``equity.build`` for two sides; the same grid bounds), affordable where the
  grid is small: ``size ** sides * sides`` states.
- ``simulate``: games played on from the scores, each round drawn from the
  sample, with each chance's standard error. Any number of sides, any
  target, no grid; its error shrinks as one over the root of the games.

**The sample's symmetry.** The seats are alike (the same bot in each), so a
round is as likely as the same round with the sides turned around the
table: a sample counts each of its rounds once per turn (``turned``), which
makes the chances exactly symmetric and halves (two sides) or thirds (three)
the noise. With two sides this is ``equity.mirrored``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Side
from .equity import Grid, Trajectory, grid_for, replay

# A simulated game that has not ended after this many rounds is a fault of
# the sample (scores that go down as often as up), not a game.
MAX_ROUNDS = 10_000


def turned(t: Trajectory, by: int, sides: int) -> Trajectory:
    """The same round with every side ``by`` places further round the table.

    >>> turned(Trajectory(0, ((0, 10), (2, 5)), (0, 0, 15), 2), 1, 3)
    Trajectory(starter=1, events=((1, 10), (0, 5)), end_points=(15, 0, 0), next_starter=0)
    """
    def move(side: Side) -> Side:
        return (side + by) % sides

    points = [0] * sides
    for side, p in enumerate(t.end_points):
        points[move(side)] = p
    return Trajectory(move(t.starter), tuple((move(s), p) for s, p in t.events),
                      tuple(points), None if t.next_starter is None else move(t.next_starter))


@dataclass(frozen=True)
class Sample:
    """A sample's rounds by the side that started them, each round counted
    once per turn of the sides (module docstring)."""

    sides: int
    by_starter: tuple[tuple[Trajectory, ...], ...]

    @classmethod
    def of(cls, trajectories: Sequence[Trajectory]) -> Sample:
        if not trajectories:
            raise ValueError("the chances need at least one round")
        sides = len(trajectories[0].end_points)
        if any(len(t.end_points) != sides for t in trajectories):
            raise ValueError("the rounds were played by different numbers of sides")
        by: list[list[Trajectory]] = [[] for _ in range(sides)]
        for t in trajectories:
            for k in range(sides):
                moved = turned(t, k, sides)
                by[moved.starter].append(moved)
        return cls(sides, tuple(tuple(b) for b in by))


@dataclass(frozen=True)
class Estimate:
    """Each side's chance of winning, from ``games`` simulated games, with
    its standard error."""

    chances: tuple[float, ...]
    errors: tuple[float, ...]
    games: int


def simulate(sample: Sample, scores: Sequence[int], starter: Side | None, target: int,
             games: int, rng: random.Random) -> Estimate:
    """Each side's chance of winning from ``scores`` when side ``starter``
    starts the next round (None: drawn at random, as after a blocked round),
    by ``games`` games played on: each round drawn from the sample's rounds
    of its starter and replayed from the scores it meets."""
    if len(scores) != sample.sides:
        raise ValueError(f"{len(scores)} scores for {sample.sides} sides")
    wins = [0] * sample.sides
    for _ in range(games):
        now: Sequence[int] = tuple(scores)
        first = starter
        for _ in range(MAX_ROUNDS):
            if first is None:
                first = rng.randrange(sample.sides)
            rounds = sample.by_starter[first]
            t = rounds[rng.randrange(len(rounds))]
            winner, now = replay(t, now, target)
            if winner is not None:
                wins[winner] += 1
                break
            first = t.next_starter
        else:
            raise ValueError(f"a game from {tuple(scores)} did not end in {MAX_ROUNDS} rounds")
    chances = tuple(w / games for w in wins)
    return Estimate(chances, tuple(math.sqrt(p * (1 - p) / games) for p in chances), games)


@dataclass(frozen=True)
class ChanceTable:
    """Every side's chance of winning by state of the grid: the sides'
    scores (each clamped to ``grid``, as ``equity.Grid.index`` does) and the
    side that starts the next round."""

    target: int
    sides: int
    grid: Grid
    values: tuple[tuple[float, ...], ...]  # by ``state``
    tolerance: float
    sweeps: int

    def state(self, scores: Sequence[int], starter: Side) -> int:
        cell = 0
        for score in scores:
            cell = cell * self.grid.size + self.grid.index(score)
        return starter * len(self.values) // self.sides + cell

    def chances(self, scores: Sequence[int], starter: Side) -> tuple[float, ...]:
        return self.values[self.state(scores, starter)]


def _cells(grid: Grid, sides: int) -> list[tuple[int, ...]]:
    """Every tuple of scores on the grid, in the order of ``ChanceTable.state``."""
    cells: list[tuple[int, ...]] = [()]
    for _ in range(sides):
        cells = [c + (grid.score(i),) for c in cells for i in range(grid.size)]
    return cells


def exact(trajectories: Sequence[Trajectory], target: int, *, floor: int | None = None,
          step: int | None = None, tolerance: float = 1e-7, max_sweeps: int = 10_000,
          max_states: int = 400_000) -> ChanceTable:
    """The chances at every state of the grid (module docstring): for each
    state, the mean over its starter's rounds of the side that won with the
    round, or the chances of the state the game goes on in; iterated
    (Gauss-Seidel, from an even share) until no chance moves by
    ``tolerance`` in a sweep. ValueError past ``max_states`` states or
    ``max_sweeps`` sweeps."""
    sample = Sample.of(trajectories)
    sides = sample.sides
    grid = grid_for(trajectories, target, floor, step)
    states = grid.size ** sides * sides
    if states > max_states:
        raise ValueError(f"{states} states for {sides} sides to {target}: too many to solve")
    cells = _cells(grid, sides)
    index = {cell: i for i, cell in enumerate(cells)}
    count = len(cells)
    # A state's equation: what each side wins during the round, then the
    # states the game goes on in with their weights.
    system: list[tuple[list[float], dict[int, float]]] = []
    for first in range(sides):
        rounds = sample.by_starter[first]
        share = 1 / len(rounds)
        for cell in cells:
            won = [0.0] * sides
            goes_on: dict[int, float] = {}
            for t in rounds:
                winner, after = replay(t, cell, target)
                if winner is not None:
                    won[winner] += share
                    continue
                then = index[tuple(grid.score(grid.index(grid.nearest(s))) for s in after)]
                starters = range(sides) if t.next_starter is None else (t.next_starter,)
                for s in starters:
                    state = s * count + then
                    goes_on[state] = goes_on.get(state, 0.0) + share / len(starters)
            system.append((won, goes_on))
    values = [tuple([1 / sides] * sides)] * len(system)
    order = sorted(range(len(system)), key=lambda i: -sum(cells[i % count]))
    for sweep in range(1, max_sweeps + 1):
        moved = 0.0
        for i in order:
            won, goes_on = system[i]
            new = list(won)
            for j, w in goes_on.items():
                for side, v in enumerate(values[j]):
                    new[side] += w * v
            moved = max(moved, max(abs(a - b) for a, b in zip(new, values[i], strict=True)))
            values[i] = tuple(new)
        if moved < tolerance:
            return ChanceTable(target, sides, grid, tuple(values), tolerance, sweep)
    raise ValueError(f"no fixed point within {tolerance} after {max_sweeps} sweeps")


__all__ = ["ChanceTable", "Estimate", "Sample", "exact", "simulate", "turned"]
