#!/usr/bin/env python3
"""Match-equity tables by self-play (issue 29, "the real stake near the
target"), 2 players per preset. Writes bench/match_equity.json.

Seeded rounds (round ``i`` dealt as ``deal(rules, SEED, i)`` deals a game's
round ``i``), ``--bot`` in both seats, each played to its domino or block at
an unreachable target and kept as a ``bots.equity.Trajectory``; the table
for the preset's own target is built from them (``bots.equity.build``).
Reported per preset: the rounds, the sweeps, the table's values at a few
named scores for each starter, and their sampling error: the standard
deviation over ``--bootstrap`` tables built from the rounds drawn again
with replacement (seeded). ``value_at_floor`` is side 0's chance at the
table's lowest score against 0 (what the clamp below can overstate).

    .venv/bin/python bench/match_equity.py [--bot master] [--rounds 4000] [--jobs 1]
                                           [--bootstrap 20] [--only standard ...]
                                           [--note TEXT]

The rounds played are kept in bench/match_equity-rounds.json (every 40
rounds, with a hash of the code that played them): a stopped run resumes
where it stopped (with the same code), and the tables can be built again
from the kept rounds, by any code, without playing them again. A run with
``--only`` rewrites those presets' figures (and with ``--ship`` their tables)
and keeps the others' from the runs before, each preset with the command,
commit and note that made it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import harness

from allfives import __version__
from allfives.bots import BOTS, game_stake, make_bot
from allfives.bots.equity import EquityTable, Trajectory, build, trajectory_of
from allfives.game import Round, deal
from allfives.rules import PRESETS, Rules
from allfives.view import PlayerView

OUT = harness.BENCH / "match_equity.json"
KEPT = harness.BENCH / "match_equity-rounds.json"
CHUNK = 40
SEED = "equity"
PLAYERS = 2
NEVER = 10 ** 9  # a target no round reaches: every round is played to its end


def played(rules: Rules, bot: str, seed: str, index: int) -> Trajectory:
    """Round ``index`` of ``seed`` under ``rules`` (a target no round
    reaches), ``bot`` in every seat, played to its end."""
    hands, boneyard, starter = deal(rules, seed, index)
    bots = [make_bot(bot, f"{seed}:{index}:{seat}") for seat in range(rules.players)]
    rnd = Round(rules, hands, boneyard, starter)
    while not rnd.over:
        rnd.play(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
    return trajectory_of(rnd)


def play_round(task: tuple[str, str, int]) -> Trajectory:
    """Round ``index`` of the preset, played by two ``bot``s to its end."""
    preset, bot, index = task
    return played(Rules.make(preset, players=PLAYERS, target=NEVER), bot, SEED, index)


def to_row(t: Trajectory) -> list[object]:
    return [t.starter, [list(e) for e in t.events], list(t.end_points), t.next_starter]


def from_row(row: list) -> Trajectory:
    starter, events, end_points, next_starter = row
    return Trajectory(starter, tuple((side, points) for side, points in events),
                      tuple(end_points), next_starter)


def kept_rounds(bot: str) -> dict:
    """The rounds kept by earlier runs of this bot (else none)."""
    kept = json.loads(KEPT.read_text()) if KEPT.exists() else None
    if kept is None:
        return {"code": harness.code_hash(), "bot": bot, "presets": {}, "seconds": {}}
    if kept["bot"] != bot:
        sys.exit(f"match_equity: the rounds kept in {KEPT.name} were played by {kept['bot']}; "
                 "move the file away to start over")
    return kept


def rounds_of(preset: str, bot: str, wanted: int, pool: Any, kept: dict) -> list[Trajectory]:
    """The preset's first ``wanted`` rounds: the kept ones, the rest played
    (and kept every ``CHUNK`` rounds) if the kept ones were played by this
    code: a table is built from the rounds of one code only."""
    rows = kept["presets"].setdefault(preset, [])
    if len(rows) < wanted and kept["code"] != harness.code_hash():
        sys.exit(f"match_equity: the rounds kept in {KEPT.name} were played by other code; "
                 "play the rest with that code (its commit), or move the file away")
    while len(rows) < wanted:
        started = time.perf_counter()
        tasks = [(preset, bot, i) for i in range(len(rows), min(wanted, len(rows) + CHUNK))]
        rows += [to_row(t) for t in pool.map(play_round, tasks, chunksize=1)]
        spent = kept["seconds"].get(preset, 0.0) + time.perf_counter() - started
        kept["seconds"][preset] = round(spent, 1)
        KEPT.write_text(json.dumps(kept, separators=(",", ":")) + "\n")
        print(f"{preset}: {len(rows)} of {wanted} rounds", file=sys.stderr, flush=True)
    return [from_row(r) for r in rows[:wanted]]


def named_scores(target: int, step: int) -> dict[str, tuple[int, int]]:
    """A few scores to report, on the table's grid: the start, halfway, and
    two scoring steps (10 points, 2 with the divisor) short of the target."""
    half = target // 2 // step * step
    near = (target - 2 * step) // step * step
    return {"start": (0, 0), "halfway": (half, half), "near-halfway": (near, half),
            "halfway-near": (half, near), "both-near": (near, near)}


def values(table: EquityTable, named: dict[str, tuple[int, int]]) -> dict[str, list[float]]:
    """Side 0's chance at each named score, starter side 0 then side 1."""
    return {name: [table.win_probability(x, y, s) for s in (0, 1)]
            for name, (x, y) in named.items()}


REACH_SHARE = 0.99  # a side this close to the target wins in a round this often at most


def reach(rounds: list[Trajectory]) -> int:
    """The points a side makes in a round (during play, or with the round-end
    points), 99 rounds in 100: a side this close to the target can win in
    this round. Not the most ever made: one round of 280 in five up's sample
    would put the game at stake from 0-0, and Review's verdicts in chances
    for the whole game.

    >>> reach([Trajectory(0, ((0, 10),), (5, 0), 0)] * 99 + [Trajectory(0, ((1, 90),), (0, 0), 1)])
    15
    """
    made = sorted(max(played, played + end) for t in rounds
                  for side, end in enumerate(t.end_points)
                  for played in [sum(p for s, p in t.events if s == side)])
    return made[min(len(made) - 1, math.ceil(REACH_SHARE * len(made)) - 1)]


def resampled_values(task: tuple[list[Trajectory], int, int, int, dict]) -> dict:
    """The named values of a table built from resampled rounds (a pool task)."""
    rounds, target, floor, step, named = task
    return values(build(rounds, target, floor=floor, step=step), named)


def figures(preset: str, rounds: list[Trajectory], bootstrap: int, played_in: float,
            pool: Any) -> tuple[dict[str, object], EquityTable]:
    rules = Rules.make(preset, players=PLAYERS)
    target = rules.target
    started = time.perf_counter()
    table = build(rounds, target, step=5 // rules.divisor)
    seconds = time.perf_counter() - started
    named = named_scores(target, table.grid.step)
    rng = random.Random(f"{SEED}:{preset}:bootstrap")
    tasks = [(rng.choices(rounds, k=len(rounds)), target, table.grid.floor, table.grid.step,
              named) for _ in range(bootstrap)]
    again = pool.map(resampled_values, tasks, chunksize=1)
    return {
        "target": target, "rounds": len(rounds), "play_seconds": played_in,
        "reach": reach(rounds),
        "blocked": sum(1 for t in rounds if t.next_starter is None),
        "grid": {"floor": table.grid.floor, "top": table.grid.top, "step": table.grid.step},
        "tolerance": table.tolerance, "sweeps": table.sweeps,
        "build_seconds": round(seconds, 1),
        "value_at_floor": [round(table.win_probability(table.grid.floor, 0, s), 4)
                           for s in (0, 1)],
        "named": {name: {"scores": list(named[name]), "value": [round(v, 4) for v in vs],
                         "bootstrap_sd": [round(statistics.stdev(a[name][s] for a in again), 4)
                                          if bootstrap > 1 else None for s in (0, 1)]}
                  for name, vs in values(table, named).items()},
    }, table


MADE = ("command", "commit", "note", "code")  # how a preset's table was made


def earlier(path: Path, part: str) -> dict[str, dict]:
    """The presets an earlier run wrote in ``path`` (its ``part``), each
    with how it was made (kept per preset, or else the file's own)."""
    if not path.exists():
        return {}
    old = json.loads(path.read_text())
    return {preset: {**{k: old[k] for k in MADE if k in old}, **row}
            for preset, row in old.get(part, {}).items()}


def ship(tables: dict[str, EquityTable], rows: dict[str, Any]) -> None:
    """The tables as the bots read them, a file per preset
    (``game_stake.table_file``), each with how it was made; the presets not
    built in this run keep their file from the run before."""
    for preset, table in tables.items():
        file = game_stake.table_file(preset)
        file.parent.mkdir(parents=True, exist_ok=True)
        harness.write_json(file, {
            "format": game_stake.FORMAT, "version": game_stake.VERSION,
            "about": f"The match-equity table of the {preset} preset for "
                     f"{game_stake.__name__}; figures and sampling error in bench/{OUT.name}.",
            "preset": preset,
            "table": {**game_stake.encode(table, rows[preset]["reach"]),
                      **{k: rows[preset][k] for k in MADE}, "rounds": rows[preset]["rounds"]}})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="master", choices=BOTS)
    parser.add_argument("--rounds", type=harness.at_least(1), default=4000,
                        help="rounds per preset")
    parser.add_argument("--bootstrap", type=harness.at_least(0), default=20,
                        help="tables from resampled rounds, for the sampling error")
    harness.add_jobs(parser, 1)
    parser.add_argument("--only", nargs="+", choices=PRESETS, help="these presets only")
    parser.add_argument("--note", default="", help="a sentence kept in the file")
    parser.add_argument("--ship", action="store_true",
                        help="also write the tables the bots use, a file per preset "
                             "(allfives/bots/equity-tables/PRESET.json)")
    args = parser.parse_args()
    rows: dict[str, object] = {}
    tables: dict[str, EquityTable] = {}
    started = time.perf_counter()
    kept = kept_rounds(args.bot)
    made = {"command": harness.command(), "commit": harness.commit(), "code": kept["code"]}
    with Pool(args.jobs) as pool:
        for preset in args.only or PRESETS:
            rounds = rounds_of(preset, args.bot, args.rounds, pool, kept)
            rows[preset], tables[preset] = figures(preset, rounds, args.bootstrap,
                                                   kept["seconds"][preset], pool)
            rows[preset].update(made, note=args.note)
            print(f"{preset}: {rows[preset]}", file=sys.stderr)
    result = {
        "about": "Match equity by self-play, 2 players (issue 29): side 0's chance of "
                 "winning from named scores, starter side 0 then side 1, from whole "
                 "rounds replayed by docs/RULES.md section 8 (allfives/bots/equity.py); "
                 "bootstrap_sd is the spread over tables built from the rounds resampled; "
                 "each preset says the run that made it.",
        "date": harness.now(),
        "engine": __version__,
        "bot": args.bot,
        "seed": SEED,
        "seconds": round(time.perf_counter() - started, 1),
        "presets": {**earlier(OUT, "presets"), **rows},
    }
    harness.write_json(OUT, result)
    if args.ship:
        ship(tables, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
