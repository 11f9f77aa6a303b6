#!/usr/bin/env python3
"""The game's stake for every table the page offers but two players of a
preset (issue 41): each side's chance of winning by the sides' distances to
the target, for 3 and 4 players alone and 4 as partners, built from the
rounds kept in bench/round-samples/expert/ (bench/round_samples.py) and
shipped in allfives/bots/stake-tables/ (``bots.game_stake.ChanceTable``).

The chain is ``bots.game_chances``' (its module docstring): states are the
sides' distances to the target, side 0 starting the next round (other
starters are the same state turned round the table); a round drawn from
the sample's rounds of side 0 is replayed from the state (``replay``'s
rules, docs/RULES.md section 8) and either wins the game for a side or
leads to the state the game goes on in. ``build`` finds the fixed point by
value iteration over every state at once (numpy: each round is replayed
from all states in one array operation), until no chance moves by
``tolerance`` in a sweep.

Scores step by 5 points (1 with the cribbage divisor), as in the 2-player
tables: punt's few blocked-round points off that grid go to the nearest
score on it. Each table's ``depth`` (the largest distance kept; a side
further off counts as that far) is the target where the grid fits
``MAX_CELLS`` states, else as deep as it fits (with four sides alone 80
points, 16 with the divisor: the side that far off has little chance, and
the table overstates it; docs/STRENGTH.md has by how much. A side's own
chance past the depth is carried on from the table's edge by
``ChanceTable.chance``). Reported per
table in bench/stake_tables.json: its size, the sweeps and seconds, and its
chances at named points next to games simulated on the same sample
(``game_chances.simulate``, no grid and no depth).

    .venv/bin/python bench/stake_tables.py [--only standard-3 ...] [--games 4000]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

import harness
import numpy as np
from match_equity import from_row, reach

from allfives import data_files
from allfives.bots import game_stake
from allfives.bots.equity import Trajectory
from allfives.bots.game_chances import Sample, simulate
from allfives.bots.game_stake import ChanceTable
from allfives.rules import PRESETS, Rules

SAMPLES = harness.BENCH / "round-samples" / "expert"
OUT = harness.BENCH / "stake_tables.json"
MAX_CELLS = 70_000  # states of one starter: a table's size, and its build's memory


def build(trajectories: Sequence[Trajectory], depth: int, step: int, *,
          tolerance: float = 1e-9, max_sweeps: int = 20_000) -> ChanceTable:
    """The table (module docstring) over distances ``step`` to ``depth``.
    ValueError for a depth off the step's grid, or a sample in which games
    need not end within ``max_sweeps`` sweeps."""
    if depth % step or depth < step:
        raise ValueError(f"a depth of {depth} is not a whole number of steps of {step}")
    sample = Sample.of(trajectories)
    n, size = sample.sides, depth // step
    cells = size ** n
    places = np.indices((size,) * n).reshape(n, cells)
    distance = (places + 1) * step
    weight = 1 / len(sample.by_starter[0])
    won = np.zeros((cells, n))
    moves: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (from, to, weight)
    for t in sample.by_starter[0]:
        goes_on = _replayed(t, distance, won, weight)
        starters = range(n) if t.next_starter is None else (t.next_starter,)
        source = np.flatnonzero(goes_on)
        after = np.clip(np.rint(goes_on_distance(t, distance[:, source]) / step), 1, size) - 1
        for s in starters:
            turned = np.zeros(len(source), dtype=np.int64)
            for k in range(n):  # the state with side s starting, as side 0's (turned)
                turned = turned * size + after[(s + k) % n].astype(np.int64)
            moves.append((source, turned * n + s, np.full(len(source), weight / len(starters))))
    values = _iterate(won, moves, n, cells, tolerance, max_sweeps)
    chances, sweeps = values
    return ChanceTable(n, step, depth, tuple(chances[:, side].tolist() for side in range(n - 1)),
                       tolerance, sweeps)


def goes_on_distance(t: Trajectory, distance: np.ndarray) -> np.ndarray:
    """The distances after round ``t`` (played to its end) from ``distance``."""
    net = np.zeros((len(t.end_points), 1))
    for side, points in t.events:
        net[side] += points
    net[:, 0] += t.end_points
    return distance - net


def _replayed(t: Trajectory, distance: np.ndarray, won: np.ndarray, weight: float
              ) -> np.ndarray:
    """Round ``t`` replayed from every state (``equity.replay`` at once):
    ``weight`` added to ``won`` for the side that wins the game with it;
    returned, the states in which the game goes on."""
    n, cells = distance.shape
    never = len(t.events) + 1
    first = np.full((n, cells), never)  # the play at which each side gets there
    running = [0] * n
    for at, (side, points) in enumerate(t.events):
        running[side] += points
        first[side][(distance[side] <= running[side]) & (first[side] == never)] = at
    when = first.min(axis=0)
    in_play = when < never
    won[np.flatnonzero(in_play), first.argmin(axis=0)[in_play]] += weight
    end = np.array(t.end_points, dtype=float)[:, None]
    total = np.array(running, dtype=float)[:, None] + end
    lifted = (end > 0) & (total >= distance)
    over = np.where(lifted, total - distance, -np.inf)  # each lifted side's score past the target
    best = over.max(axis=0)
    alone = (over == best).sum(axis=0) == 1
    at_end = ~in_play & lifted.any(axis=0) & alone  # an exact tie for the highest plays on
    won[np.flatnonzero(at_end), over.argmax(axis=0)[at_end]] += weight
    return ~(in_play | at_end)


def _iterate(won: np.ndarray, moves: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
             n: int, cells: int, tolerance: float, max_sweeps: int) -> tuple[np.ndarray, int]:
    """The fixed point of the chain (Jacobi sweeps from nothing won): a
    move to state ``to`` (a cell of side 0 starting, times ``n``, plus the
    side ``s`` it is turned by) gives side ``j`` of its state what side
    ``j - s`` has there."""
    source = np.concatenate([m[0] for m in moves])
    to = np.concatenate([m[1] for m in moves])
    weights = np.concatenate([m[2] for m in moves])
    key = source * (cells * n) + to  # the same move from many rounds, once
    unique, inverse = np.unique(key, return_inverse=True)
    weights = np.bincount(inverse, weights=weights)
    source, to = unique // (cells * n), unique % (cells * n)
    cell, turn = to // n, to % n
    sides = np.arange(n)
    looked = [(source[turn == s], cell[turn == s], weights[turn == s], (sides - s) % n)
              for s in range(n)]
    values = np.zeros((cells, n))  # after k sweeps: the chance of winning within k rounds
    for sweep in range(1, max_sweeps + 1):
        new = won.copy()
        for src, dst, w, order in looked:
            there = values[dst][:, order] * w[:, None]
            for j in range(n):
                new[:, j] += np.bincount(src, weights=there[:, j], minlength=cells)
        moved = float(np.abs(new - values).max())
        values = new
        if moved < tolerance:
            if float(np.abs(values.sum(axis=1) - 1).max()) > 1e-6:
                raise ValueError("games from some scores need not end: no fixed point")
            return values, sweep
    raise ValueError(f"no fixed point within {tolerance} after {max_sweeps} sweeps")


def configurations() -> list[tuple[str, int, bool]]:
    """(preset, players, partners) of every table the page may need but a
    preset's own 2-player table."""
    return [(p, players, partners) for p in PRESETS
            for players, partners in ((3, False), (4, False), (4, True))]


def name_of(preset: str, players: int, partners: bool) -> str:
    return f"{preset}-{players}{'p' if partners else ''}"


def depth_for(sides: int, target: int, step: int) -> int:
    """A table's depth (module docstring): the target, where the grid fits,
    else as deep as it fits."""
    return min(-(-target // step), int(MAX_CELLS ** (1 / sides) + 1e-9)) * step


def named_points(target: int, sides: int, step: int) -> dict[str, tuple[int, ...]]:
    """Scores to report for a game to ``target`` (as the stake check's
    points, on the grid): level near the end, one side close, one behind."""
    def at(distance: float) -> int:
        return target - max(step, round(distance * target / step) * step)

    if sides == 2:
        return {"level": (at(0.15), at(0.15)), "close": (at(0.05), at(0.3)),
                "behind": (at(0.5), at(0.1))}
    rest = (at(0.3),) * (sides - 2)
    return {"level": (at(0.15),) * sides, "close": (at(0.05), at(0.3), *rest),
            "behind": (at(0.5), at(0.1), *rest)}


def report(table: ChanceTable, sample: Sample, target: int, games: int) -> dict[str, object]:
    """The table's chances at named points (starter unknown) beside games
    simulated on the sample, each with its standard error."""
    out: dict[str, object] = {}
    for name, scores in named_points(target, table.sides, table.step).items():
        estimate = simulate(sample, scores, None, target, games, random.Random(name))
        chances = [table.chance(scores, side, target) for side in range(table.sides)]
        out[name] = {"scores": list(scores), "table": [round(c, 4) for c in chances],
                     "simulated": [round(c, 4) for c in estimate.chances],
                     "error": [round(e, 4) for e in estimate.errors]}
    return out


def write_table(name: str, table: ChanceTable, round_reach: int, about: str) -> None:
    """Ship a table where the package reads it (``game_stake.kept_sides``)."""
    file = data_files.PACKAGE / data_files.stake_table(name)
    file.parent.mkdir(exist_ok=True)
    file.write_text(json.dumps({"format": game_stake.SIDES_FORMAT,
                                "version": game_stake.SIDES_VERSION, "name": name,
                                "about": about, "command": harness.command(),
                                "table": game_stake.encode_sides(table, round_reach)},
                               indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = [name_of(*c) for c in configurations()]
    parser.add_argument("--only", nargs="+", choices=names, metavar="NAME",
                        help="these tables only (PRESET-PLAYERS, p for partners)")
    parser.add_argument("--games", type=harness.at_least(100), default=4000,
                        help="games simulated at each named point")
    args = parser.parse_args(argv)
    figures = json.loads(OUT.read_text()) if OUT.exists() else {"tables": {}}
    for preset, players, partners in configurations():
        name = name_of(preset, players, partners)
        file = SAMPLES / f"{name}.json"
        if args.only and name not in args.only:
            continue
        if not file.exists():
            print(f"stake_tables: {name}: no rounds kept in {file.name} (bench/round_samples.py "
                  "plays them); its table is left as it is", file=sys.stderr)
            continue
        kept = json.loads(file.read_text())
        rounds = [from_row(r) for r in kept["rounds"]]
        rules = Rules.make(preset, players=players, partnership=partners)
        round_reach = reach(rounds)
        step = 5 // rules.divisor  # module docstring
        depth = depth_for(rules.sides, rules.target, step)
        started = time.perf_counter()
        table = build(rounds, depth, step)
        seconds = time.perf_counter() - started
        write_table(name, table, round_reach, f"{len(rounds)} rounds of {kept['bot']} "
                    f"self-play (bench/round-samples/expert/{file.name})")
        figures["tables"][name] = {
            "rounds": len(rounds), "bot": kept["bot"], "depth": depth, "step": step,
            "reach": round_reach, "states": table.size ** table.sides,
            "sweeps": table.sweeps, "seconds": round(seconds, 1),
            "points": report(table, Sample.of(rounds), rules.target, args.games)}
        print(f"{name}: depth {depth} by {step}, {table.sweeps} sweeps, {seconds:.1f} s",
              file=sys.stderr, flush=True)
    figures.update(about="The stake's tables (issue 41): each side's chance of winning by "
                   "distances to the target, from the kept rounds (bench/stake_tables.py); "
                   "at named points (starter unknown) beside games simulated on the same "
                   "sample.", command=harness.command(), commit=harness.commit(),
                   date=harness.now())
    harness.write_json(OUT, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
