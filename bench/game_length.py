#!/usr/bin/env python3
"""Rounds per game under every preset and player count, between equal bots.
Writes bench/game_length.json.

Seeded games to the end (``allfives.tournament.play_game``, the way a
tournament deals them: game ``i`` from seed ``SEED:i``), ``--bots`` in every
seat, for each preset of docs/RULES.md section 8 with 2, 3 and 4 players
(four in partnerships, as the presets play). A game still running after
``tournament.MAX_ROUNDS`` rounds stops there and counts as unfinished, with
that many rounds. Reported per preset and player count: the median, the
99th percentile (``harness.percentile``: with fewer than 100 games, the
longest) and the longest game in rounds, the mean, and how many games did not end.

    .venv/bin/python bench/game_length.py [--games 60] [--bots hard] [--jobs 1]
                                          [--only muggins/4 ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool

import harness

from allfives import __version__
from allfives.bots import BOTS
from allfives.rules import PRESETS, Rules
from allfives.tournament import MAX_ROUNDS, play_game

OUT = harness.BENCH / "game_length.json"
SEED = "length"
PLAYERS = (2, 3, 4)


def rounds_of(task: tuple[str, int, str, int]) -> int:
    """The rounds one seeded game lasts (``MAX_ROUNDS`` if it had not ended then)."""
    preset, players, bot, index = task
    rules = Rules.make(preset, players=players)
    return len(play_game(rules, [bot] * players, f"{SEED}:{index}").rounds)


def figures(rounds: list[int]) -> dict[str, object]:
    return {"games": len(rounds), "unfinished": sum(1 for r in rounds if r >= MAX_ROUNDS),
            "median": statistics.median(rounds), "p99": harness.percentile(rounds, 0.99),
            "max": max(rounds), "mean": round(statistics.fmean(rounds), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=60)
    parser.add_argument("--bots", default="hard", choices=BOTS)
    harness.add_jobs(parser, 1)
    parser.add_argument("--only", nargs="+", metavar="PRESET/PLAYERS",
                        help="measure only these (e.g. muggins/4); the others are not written")
    args = parser.parse_args()
    configs = [f"{preset}/{players}" for preset in PRESETS for players in PLAYERS]
    unknown = sorted(set(args.only or ()) - set(configs))
    if unknown:
        parser.error(f"--only {unknown[0]}: choose from {', '.join(configs)}")
    rows: dict[str, object] = {}
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        for config in args.only or configs:
            preset, players = config.split("/")
            tasks = [(preset, int(players), args.bots, i) for i in range(args.games)]
            rounds = pool.map(rounds_of, tasks, chunksize=4)
            rows[config] = figures(rounds)
            print(f"{config}: {rows[config]}", file=sys.stderr)
    result = {
        "about": "Rounds per game between equal bots, per preset and player count "
                 f"(issue 27): a game not over after {MAX_ROUNDS} rounds is stopped and "
                 "counted unfinished; p99 is the value at rank floor(0.99 n) + 1 "
                 "(the longest game with fewer than 100).",
        **harness.identity(),
        "engine": __version__,
        "bots": args.bots,
        "seed": SEED,
        "seconds": round(time.perf_counter() - started, 1),
        "configs": rows,
    }
    harness.write_json(OUT, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
