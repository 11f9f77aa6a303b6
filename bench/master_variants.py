#!/usr/bin/env python3
"""A variant of the master (``MasterBot`` keyword arguments) against the
expert with partners, on the first DEALS duplicate deals of
``bench/strength.py``'s master-vs-expert-4p (seed "1", deals "1:d{k}", each
from both places), paired deal by deal with the master as it is on the same
deals. Appends a row to bench/master_variants.json.

The master as it is plays the same games as that matchup (same seeds, same
seatings), so its games are taken from ``bench/strength-progress.json``
while it keeps them, and played here otherwise.

    .venv/bin/python bench/master_variants.py DEALS simulations=3200 extra=1600 [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from multiprocessing import Pool
from typing import Any

import harness

from allfives.bots import make_bot
from allfives.bots.master import MasterBot
from allfives.game import Game
from allfives.rules import Rules
from allfives.tournament import MAX_ROUNDS
from allfives.view import PlayerView

OUT = harness.BENCH / "master_variants.json"
PROGRESS = harness.BENCH / "strength-progress.json"
MATCHUP = "master-vs-expert-4p"
RULES = Rules.make("standard", players=4)
Row = tuple[bool, int, int, int]  # the master's side won, its score, the other's, rounds


def game(task: tuple[int, dict[str, Any]]) -> Row:
    """Game ``index`` of the matchup with the master built from ``options``."""
    index, options = task
    shift = index % 2
    seated = [("master", "expert")[(seat + shift) % 2] for seat in range(4)]
    seed = f"1:d{index // 2}"
    bots = [MasterBot(seed=f"{seed}:{s}", **options) if name == "master"
            else make_bot(name, f"{seed}:{s}") for s, name in enumerate(seated)]
    played = Game(RULES, seed)
    while True:
        rnd = played.round
        while not rnd.over:
            rnd.apply(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
        if played.over or len(played.rounds) >= MAX_ROUNDS:
            break
        played.next_round()
    side = RULES.side_of(shift)  # the master's: seat 0, or seat 1 once turned
    return (played.winner == side, played.scores[side], played.scores[1 - side],
            len(played.rounds))


def margins(rows: list[Row]) -> list[float]:
    """Per deal (two games), the master's side's points a round more."""
    return [(rows[i][1] - rows[i][2] + rows[i + 1][1] - rows[i + 1][2])
            / (rows[i][3] + rows[i + 1][3]) for i in range(0, len(rows) - 1, 2)]


def as_it_is(games: int, jobs: int) -> list[Row]:
    kept = json.loads(PROGRESS.read_text()).get(MATCHUP) if PROGRESS.exists() else None
    if kept and len(kept["games"]) >= games:
        return [(g[0] == 0, g[1][0], g[1][1], g[2]) for g in kept["games"][:games]]
    with Pool(jobs) as pool:
        return pool.map(game, [(i, {}) for i in range(games)], chunksize=1)


def option(text: str) -> tuple[str, float | int]:
    name, _, value = text.partition("=")
    if name not in MasterBot.__init__.__code__.co_varnames or not value:
        raise argparse.ArgumentTypeError(f"not a master option: {text!r} (as simulations=3200)")
    try:
        return name, float(value) if "." in value else int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=harness.at_least(2))
    parser.add_argument("options", type=option, nargs="+", metavar="NAME=VALUE")
    harness.add_jobs(parser, 2)
    args = parser.parse_args()
    options = dict(args.options)
    with Pool(args.jobs) as pool:
        mine = pool.map(game, [(i, options) for i in range(2 * args.deals)], chunksize=1)
    base = as_it_is(2 * args.deals, args.jobs)
    diff = [a - b for a, b in zip(margins(mine), margins(base), strict=True)]
    row = {**harness.identity(), "options": options, "deals": args.deals, "games": len(mine),
           "won": round(sum(r[0] for r in mine) / len(mine), 4),
           "as_it_is_won": round(sum(r[0] for r in base) / len(base), 4),
           "paired_points_a_round": round(statistics.mean(diff), 3),
           "se": round(statistics.stdev(diff) / len(diff) ** 0.5, 3)}
    print(json.dumps(row))
    data = json.loads(OUT.read_text()) if OUT.exists() else {"about": ABOUT, "rows": []}
    data["rows"].append(row)
    harness.write_json(OUT, data)
    return 0


ABOUT = ("Master variants with partners (4 players, standard, to 200) against the expert, "
         "on the first deals of bench/strength.py's master-vs-expert-4p, each from both "
         "places; won: the variant's side's share of games; paired_points_a_round: per deal, "
         "its side's points a round more than the expert's, minus the same for the master "
         "as it is (mean and standard error over deals).")


if __name__ == "__main__":
    sys.exit(main())
