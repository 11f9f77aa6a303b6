#!/usr/bin/env python3
"""The exact solver's time on the positions the game meets (issue 29).
Writes bench/exact_time.json.

Seeded 2-player games between ``--bots`` under every preset of
docs/RULES.md section 8 (game ``i`` of a preset dealt from seed
``exact:PRESET:i``, played to the end). At every decision (two or more legal
moves) once the boneyard is empty each seat knows the other's hand, and
``bots.exact.solve`` values every legal move of the round the mover's view
knows (``known_round``: the real hands) within ``--budget`` positions.

Reported in all, per preset and by the tiles left in the two hands: the
positions, how many passed the budget (the caller falls back to an estimate
there), the solve time p50/p95/max in milliseconds (a position past the
budget counts with the time it took to give up) and the positions searched
by the solves that finished. CPython on this machine, one process per job;
the page's worker runs Pyodide, slower.

    .venv/bin/python bench/exact_time.py [--games 8] [--bots expert] [--budget N] [--jobs 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

import harness

from allfives import __version__
from allfives.bots import make_bot
from allfives.bots.exact import BUDGET, OutOfBudget, known_round, solve
from allfives.game import Game, Round
from allfives.rules import PRESETS, Rules
from allfives.tournament import MAX_ROUNDS
from allfives.view import PlayerView

OUT = harness.BENCH / "exact_time.json"
SEED = "exact"

Row = tuple[str, int, int | None, float]  # preset, tiles in the hands, nodes (None: over), s


def game_rows(task: tuple[str, int, str, int]) -> list[Row]:
    """Play one seeded game; solve every decision once the boneyard is empty."""
    preset, index, bot, budget = task
    seed = f"{SEED}:{preset}:{index}"
    game = Game(Rules.make(preset, players=2), seed)
    bots = [make_bot(bot, f"{seed}:{seat}") for seat in range(2)]
    rows: list[Row] = []
    while True:
        rnd = game.round
        while not rnd.over:
            view = PlayerView.of(rnd, rnd.turn)
            known = known_round(view)
            if known is not None and len(view.legal_moves()) > 1:
                assert known.hands == rnd.hands
                rows.append((preset, sum(h.bit_count() for h in rnd.hands),
                             *timed(known, budget)))
            rnd.apply(bots[rnd.turn].choose(view))
        if game.over or len(game.rounds) >= MAX_ROUNDS:
            return rows
        game.next_round()


def timed(rnd: Round, budget: int) -> tuple[int | None, float]:
    """Positions searched (None past the budget) and seconds taken."""
    started = time.perf_counter()
    try:
        nodes: int | None = solve(rnd, budget=budget).nodes
    except OutOfBudget:
        nodes = None
    return nodes, time.perf_counter() - started


def figures(rows: list[Row]) -> dict[str, object]:
    solved = [r[2] for r in rows if r[2] is not None]
    return {"positions": len(rows), "over_budget": len(rows) - len(solved),
            **harness.spread([r[3] for r in rows], 1, 1000),
            "nodes_p50": harness.median(solved) if solved else None,
            "nodes_p95": harness.percentile(solved, 0.95) if solved else None,
            "nodes_max": max(solved, default=None)}


def by_tiles(rows: list[Row]) -> dict[str, object]:
    groups: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        groups[row[1]].append(row)
    return {str(tiles): {"positions": len(group),
                         "over_budget": sum(1 for r in group if r[2] is None),
                         **harness.spread([r[3] for r in group], 1, 1000, ("p50", "max"))}
            for tiles, group in sorted(groups.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=8, help="per preset")
    parser.add_argument("--bots", default="expert", choices=("expert", "master"))
    parser.add_argument("--budget", type=harness.at_least(1), default=BUDGET,
                        help=f"positions per solve (default {BUDGET}, the solver's)")
    harness.add_jobs(parser, 1)
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(preset, i, args.bots, args.budget) for preset in PRESETS for i in range(args.games)]
    with Pool(args.jobs) as pool:
        rows = [row for game in pool.imap(game_rows, tasks) for row in game]
    per_preset = {p: figures([r for r in rows if r[0] == p]) for p in PRESETS}
    for preset, fig in per_preset.items():
        print(f"{preset}: {fig}", file=sys.stderr)
    result = {
        "about": "Exact solver (allfives/bots/exact.py) time per decision once the boneyard "
                 "is empty, 2 players, real hands, in CPython: ms p50/p95/max over every "
                 "such decision with 2+ legal moves (one past the budget counts with the "
                 "time it took to give up), and positions searched (nodes) by the solves "
                 "that finished. p95 is the value at rank floor(0.95 n) + 1.",
        **harness.identity(),
        "engine": __version__,
        "python": harness.python(),
        "machine": harness.machine(),
        "bots": args.bots,
        "games_per_preset": args.games,
        "budget": args.budget,
        "seconds": round(time.perf_counter() - started, 1),
        "all": figures(rows),
        "presets": per_preset,
        "by_tiles_in_hands": by_tiles(rows),
    }
    harness.write_json(OUT, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
