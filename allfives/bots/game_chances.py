"""The chance of winning the game from any scores, for any number of sides
(issue 41): 2, 3 or 4 players alone, or 4 as two partnerships, any target.

The model is ``bots.equity``'s, with as many sides as the table has: a
Markov chain over (the sides' scores, the side that starts the next round),
driven by a sample of whole rounds played under the rules (each a
``Trajectory``, replayed from any scores by ``equity.replay``, docs/RULES.md
section 8). Its value for a state is each side's chance of winning the game
from it. Two ways to know it, which share the chain and nothing else:

- ``game_stake.ChanceTable``: every state of a grid of the sides'
  distances to the target, solved by value iteration offline
  (bench/stake_tables.py, numpy) and shipped per rule set; this module is
  not in the page's zip.
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
from .equity import Trajectory, replay

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


__all__ = ["Estimate", "Sample", "simulate", "turned"]
