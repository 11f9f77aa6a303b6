"""What a score is worth: the chance of winning the game, for 2 sides.

Near the target "points plus a bonus for a won game" misjudges the stake
(issue 29): 10 points that win the game are worth more than 30 that do not.
A match-equity table, as backgammon players keep, gives the probability
that a side wins from the scores and the side that starts the next round,
for one set of rules (preset, players, target) with two sides (2 players,
or 4 in partnerships).

The table is made from a sample of whole rounds played by bots, each kept
as a ``Trajectory``: the side that started, the scoring plays in order
(side, points), the round-end points per side and who starts next. From
any scores a trajectory is replayed by docs/RULES.md section 8
(``replay``): the first side to reach the target during play wins on the
spot and the round is not scored; round-end points that lift a side (it
gains points and stands at or above the target) end the game, the highest
lifted score winning; an exact tie for the highest plays on. The table is
the fixed point of

    W(x, y, s) = mean over the trajectories started by s of
                 1 (side 0 won) | 0 (side 1 won) | W(x', y', s')

found by value iteration (``build``). Under ``subtract`` scores go down, so
a game can return to scores it had: the system has cycles and is iterated
until no value moves by more than ``tolerance`` in a sweep.

**Bounds of the table.** Scores step by the points' greatest common divisor
(5, or 1 with the cribbage divisor), or by a step the caller names: a game
that goes on from a score off that grid goes on from the nearest score on
it (``Grid.nearest``; ``punt``'s blocked rounds score 1 to 4 points now and
then, and a 5-point grid keeps its table small). Below ``floor`` (by default minus the
target) a score counts as the floor: a side that far behind needs two
games' worth of points, its chance is small, and the clamp can only
overstate it (``bench/match_equity.json`` gives the table's value at
the floor). Above, a score can pass ``target - 1 + the largest round-end
gain`` only after two exact ties over the target in a row; such a score
counts as that top.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..game import Round
from ..rules import Side

Scores = tuple[int, int]


@dataclass(frozen=True)
class Trajectory:
    """One whole round as the scores saw it: ``starter`` the side that made
    the first play, ``events`` the scoring plays in order (side, points > 0),
    ``end_points`` the round-end points per side, ``next_starter`` the side
    that starts the next round (the one that went out; None after a blocked
    round, when the starter is drawn at random)."""

    starter: Side
    events: tuple[tuple[Side, int], ...]
    end_points: tuple[int, ...]
    next_starter: Side | None


def trajectory_of(rnd: Round) -> Trajectory:
    """A finished round (played to its domino or block: a side that reached
    the target ended it early, and its rest is unknown) as a trajectory."""
    if rnd.result is None:
        raise ValueError("the round was not played to its end")
    events = tuple((rnd.side_of[seat], points) for seat, _, points in rnd.history if points)
    went_out = rnd.went_out
    return Trajectory(rnd.side_of[rnd.starter], events, rnd.result.points,
                      None if went_out is None else rnd.side_of[went_out])


def replay(trajectory: Trajectory, scores: Sequence[int], target: int
           ) -> tuple[Side | None, tuple[int, ...]]:
    """The round ``trajectory`` played from ``scores``: the side that won the
    game with it (None: the game goes on) and the scores after it.

    >>> t = Trajectory(0, ((0, 10), (1, 5)), (0, -10), 0)
    >>> replay(t, (240, 0), 250)  # side 0 reaches 250 with its play: no round end
    (0, (250, 0))
    >>> replay(t, (0, 0), 250)
    (None, (10, -5))
    """
    now = list(scores)
    for side, points in trajectory.events:
        now[side] += points
        if now[side] >= target:
            return side, tuple(now)
    lifted = []
    for side, points in enumerate(trajectory.end_points):
        now[side] += points
        if points > 0 and now[side] >= target:
            lifted.append(side)
    if lifted:
        best = max(now[s] for s in lifted)
        leaders = [s for s in lifted if now[s] == best]
        if len(leaders) == 1:  # an exact tie for the highest plays on
            return leaders[0], tuple(now)
    return None, tuple(now)


@dataclass(frozen=True)
class Grid:
    """The scores the table holds: ``floor`` to ``top`` by ``step``."""

    floor: int
    top: int
    step: int

    @property
    def size(self) -> int:
        return (self.top - self.floor) // self.step + 1

    def index(self, score: int) -> int:
        """A score's place, clamped to the grid (see the module's bounds)."""
        if (score - self.floor) % self.step:
            raise ValueError(f"score {score} is not on the table's grid of {self.step}")
        return (min(max(score, self.floor), self.top) - self.floor) // self.step

    def score(self, index: int) -> int:
        return self.floor + index * self.step

    def nearest(self, score: int) -> int:
        """The score on the grid nearest to ``score`` (ties to the even step).

        >>> Grid(-10, 20, 5).nearest(12), Grid(-10, 20, 5).nearest(-2), Grid(-10, 20, 5).nearest(10)
        (10, 0, 10)
        """
        return self.floor + round((score - self.floor) / self.step) * self.step


# A state's equation: the chance side 0 wins during this round, and the
# states the game goes on in with their weights (arrays: a large sample
# gives each state hundreds of them).
Equation = tuple[float, "array[int]", "array[float]"]


@dataclass(frozen=True)
class EquityTable:
    """Side 0's chance of winning by (side 0's score, side 1's score, the
    side that starts the next round); ``sweeps`` made to reach ``tolerance``."""

    target: int
    grid: Grid
    values: tuple[float, ...] = field(repr=False)  # by state: starter * size * size + x * size + y
    tolerance: float
    sweeps: int

    def state(self, x: int, y: int, starter: Side) -> int:
        size = self.grid.size
        return (starter * size + self.grid.index(x)) * size + self.grid.index(y)

    def win_probability(self, x: int, y: int, starter: Side) -> float:
        """Side 0's chance of winning from scores ``x`` (its own) and ``y`` when
        side ``starter`` starts the next round. By symmetry of the seats, side
        1's chance is one minus it, or the same call with the scores and the
        starter swapped (the table is symmetric: ``mirrored``)."""
        return self.values[self.state(x, y, starter)]


def grid_for(trajectories: Sequence[Trajectory], target: int, floor: int | None = None,
             step: int | None = None) -> Grid:
    """The grid a sample needs (module docstring: bounds)."""
    if step is None:
        points = [p for t in trajectories for _, p in t.events]
        points += [p for t in trajectories for p in t.end_points]
        step = math.gcd(*points) or 1
    low = -target if floor is None else floor
    low -= low % step
    gain = max([p for t in trajectories for p in t.end_points] + [0])
    top = target - 1 + gain
    return Grid(low, top - (top - low) % step, step)


def equations(trajectories: Sequence[Trajectory], target: int, grid: Grid) -> list[Equation]:
    """Every state's equation, in the order of ``EquityTable.values``: each
    trajectory of the state's starter (the sample and its ``mirrored``
    rounds) replayed from the state's scores."""
    size = grid.size
    by_starter: list[list[Trajectory]] = [[], []]
    for t in trajectories:
        by_starter[t.starter].append(t)
        by_starter[1 - t.starter].append(mirrored(t))
    if not trajectories:
        raise ValueError("the table needs at least one round")
    out: list[Equation] = []
    for sample in by_starter:
        share = 1 / len(sample)
        groups = _groups(sample)
        for xi in range(size):
            for yi in range(size):
                start = (grid.score(xi), grid.score(yi))
                out.append(_equation(groups, start, target, grid, share))
    return out


@dataclass(frozen=True)
class _Group:
    """Trajectories that do the same from every score they cannot take to
    the target: the same net points per side and next starter, each side's
    score rising by at most ``rise`` during the round (its best running
    total, or its total with positive round-end points). Far from the
    target a state's equation takes a group at once; near it, each member
    is replayed (who gets there first, and how, then matters)."""

    rise: tuple[int, int]
    net: tuple[int, int]
    next_starter: Side | None
    members: tuple[Trajectory, ...]


def _groups(sample: Sequence[Trajectory]) -> list[_Group]:
    found: dict[tuple[tuple[int, int], tuple[int, int], Side | None], list[Trajectory]] = {}
    for t in sample:
        now, peak = [0, 0], [0, 0]
        for side, points in t.events:
            now[side] += points
            peak[side] = max(peak[side], now[side])
        end = t.end_points
        rise = [max(peak[s], now[s] + end[s]) if end[s] > 0 else peak[s] for s in (0, 1)]
        key = ((rise[0], rise[1]), (now[0] + end[0], now[1] + end[1]), t.next_starter)
        found.setdefault(key, []).append(t)
    return [_Group(rise, net, starter, tuple(members))
            for (rise, net, starter), members in found.items()]


def mirrored(t: Trajectory) -> Trajectory:
    """The same round with the sides' roles swapped. The sides are seated
    alike (the same bots), so a round is as likely as its mirror: counting
    both halves the noise and makes the table exactly symmetric."""
    return Trajectory(1 - t.starter, tuple((1 - side, p) for side, p in t.events),
                      t.end_points[::-1],
                      None if t.next_starter is None else 1 - t.next_starter)


def _equation(groups: Iterable[_Group], start: Scores, target: int, grid: Grid,
              share: float) -> Equation:
    size = grid.size
    won = 0.0
    goes_on: dict[int, float] = {}

    def go_on(x: int, y: int, next_starter: Side | None, weight: float) -> None:
        cell = grid.index(grid.nearest(x)) * size + grid.index(grid.nearest(y))
        starters = (0, 1) if next_starter is None else (next_starter,)
        for s in starters:
            state = s * size * size + cell
            goes_on[state] = goes_on.get(state, 0.0) + weight / len(starters)

    for group in groups:
        if start[0] + group.rise[0] < target and start[1] + group.rise[1] < target:
            go_on(start[0] + group.net[0], start[1] + group.net[1], group.next_starter,
                  share * len(group.members))
            continue
        for t in group.members:
            winner, (x, y) = replay(t, start, target)
            if winner is not None:
                won += share if winner == 0 else 0.0
            else:
                go_on(x, y, t.next_starter, share)
    return won, array("l", goes_on), array("d", goes_on.values())


def build(trajectories: Sequence[Trajectory], target: int, *, floor: int | None = None,
          step: int | None = None, tolerance: float = 1e-7,
          max_sweeps: int = 10_000) -> EquityTable:
    """The table for a sample (value iteration, Gauss-Seidel, from 1/2
    everywhere, highest scores first since most rounds raise the scores).
    It stops after the first sweep in which no value moved by ``tolerance``:
    each state's equation then holds within ``tolerance`` (what moved after
    the state was updated moved by less, and its weights add up to at most 1).
    ValueError if ``max_sweeps`` do not get there (a sample in which games
    need not end)."""
    grid = grid_for(trajectories, target, floor, step)
    system = equations(trajectories, target, grid)
    values = [0.5] * len(system)
    order = sorted(range(len(system)), key=lambda i: -sum(divmod(i % grid.size ** 2, grid.size)))
    for sweep in range(1, max_sweeps + 1):
        moved = 0.0
        for i in order:
            won, states, weights = system[i]
            new = won + sum(values[j] * w for j, w in zip(states, weights, strict=True))
            moved = max(moved, abs(new - values[i]))
            values[i] = new
        if moved < tolerance:
            return EquityTable(target, grid, tuple(values), tolerance, sweep)
    raise ValueError(f"no fixed point within {tolerance} after {max_sweeps} sweeps")


__all__ = ["EquityTable", "Grid", "Trajectory", "build", "equations", "grid_for",
           "mirrored", "replay", "trajectory_of"]
