#!/usr/bin/env python3
"""The exact solver's time on the positions the game meets (issue 29).
Writes bench/exact_time.json.

Seeded 2-player games between ``--bots`` under every preset of
docs/RULES.md section 8 (game ``i`` of a preset dealt from seed
``exact:PRESET:i``, played to the end). At every decision (two or more legal
moves) once the boneyard is empty each seat knows the other's hand; the
round the mover's view knows (``known_round``: the real hands) is kept.
Then ``bots.exact.solve`` values every legal move of each kept position
within ``--budget`` positions searched, timed in CPython and, with
``--pyodide``, in the page's Python: the pinned Pyodide of node_modules/ in
Node.js (``exact_pyodide.mjs``; V8, as in Chromium's worker), on this
tree's engine. Each position is solved ``--repeats`` times and the quickest
counts; each timing run first solves one position to warm up.

Reported in all, per preset and by the tiles left in the two hands: the
positions, how many passed the budget (the caller falls back to an estimate
there), the solve time p50/p95/max in milliseconds (a position past the
budget counts with the time it took to give up) and the positions searched
by the solves that finished.

With ``--browser``, each position is also sent to the page's bots' worker
(headless Debian Chromium) as Review sends a decision: the whole verdict
(the solve, the parts of each move's value, the chances where the game is
at stake; past the budget, the fallback's), timed in the page as the page
asks it (``worker_review``: all, those the solver finished, those past its
budget).

    .venv/bin/python bench/exact_time.py [--games 8] [--bots expert] [--budget N]
                                         [--repeats 3] [--jobs 1] [--pyodide] [--browser]
"""

from __future__ import annotations

import argparse
import inspect
import json
import subprocess
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from typing import Any

import harness

from allfives import __version__
from allfives.bots import make_bot
from allfives.bots.analysis import Moment
from allfives.bots.exact import BUDGET, known_round
from allfives.game import Game, Round
from allfives.moves import move_text, parse_move
from allfives.rules import PRESETS, Rules
from allfives.tournament import MAX_ROUNDS
from allfives.view import PlayerView

OUT = harness.BENCH / "exact_time.json"
PYODIDE = harness.BENCH / "exact_pyodide.mjs"
SEED = "exact"

Position = dict[str, Any]  # a round as JSON: what ``solve_times`` rebuilds it from
Timing = tuple[int | None, float]  # nodes searched (None: past the budget), seconds


def game_positions(task: tuple[str, int, str]) -> list[Position]:
    """Play one seeded game; keep every decision once the boneyard is empty."""
    preset, index, bot = task
    seed = f"{SEED}:{preset}:{index}"
    game = Game(Rules.make(preset, players=2), seed)
    bots = [make_bot(bot, f"{seed}:{seat}") for seat in range(2)]
    out: list[Position] = []
    while True:
        rnd = game.round
        while not rnd.over:
            view = PlayerView.of(rnd, rnd.turn)
            known = known_round(view)
            if known is not None and len(view.legal_moves()) > 1:
                assert known.hands == rnd.hands
                out.append(as_json(known))
            rnd.apply(bots[rnd.turn].choose(view))
        if game.over or len(game.rounds) >= MAX_ROUNDS:
            return out
        game.next_round()


def as_json(rnd: Round) -> Position:
    return {"rules": rnd.rules.to_dict(), "hands": rnd.hands, "scores": rnd.scores,
            "starter": rnd.starter, "turn": rnd.turn,
            "history": [[seat, move_text(move), points] for seat, move, points in rnd.history]}


def solve_times(positions: list[Position], budget: int, repeats: int) -> list[Timing]:
    """Each position's solve: nodes (None past the budget) and the fewest
    seconds of ``repeats`` solves (the machine is shared: the quickest is
    the least disturbed). Self-contained (its imports inside): its source is
    run in Pyodide too."""
    import time

    from allfives.bots.exact import OutOfBudget, solve
    from allfives.game import Round
    from allfives.moves import parse_move
    from allfives.rules import Rules

    def timed(data: Position) -> Timing:
        rnd = Round.from_position(
            Rules.from_dict(data["rules"]), data["hands"], [], starter=data["starter"],
            scores=data["scores"], turn=data["turn"],
            history=[(seat, parse_move(move), points) for seat, move, points in data["history"]])
        started = time.perf_counter()
        try:
            nodes: int | None = solve(rnd, budget=budget).nodes
        except OutOfBudget:
            nodes = None
        return nodes, time.perf_counter() - started

    for warm_up in positions[:1]:
        timed(warm_up)
    runs = [[timed(p) for p in positions] for _ in range(repeats)]
    return [(run[0][0], min(seconds for _, seconds in run)) for run in zip(*runs, strict=True)]


def in_pyodide(positions: list[Position], budget: int, repeats: int) -> list[Timing]:
    """``solve_times`` run by ``exact_pyodide.mjs`` on this tree's engine."""
    sources = {path.relative_to(harness.ROOT).as_posix(): path.read_text(encoding="utf-8")
               for path in (harness.ROOT / "allfives").rglob("*.py")
               if not {"web", "site"} & set(path.parts)}
    program = "from __future__ import annotations\n" + inspect.getsource(solve_times)
    job = {"sources": sources, "program": program, "positions": positions, "budget": budget,
           "repeats": repeats}
    done = subprocess.run(["node", str(PYODIDE)], input=json.dumps(job), capture_output=True,
                          text=True, check=True, cwd=harness.ROOT)
    return [(nodes, seconds) for nodes, seconds in json.loads(done.stdout)]


def review_requests(positions: list[Position]) -> list[dict[str, Any]]:
    """Each position as Review asks the worker about it: the mover's decision."""
    out = []
    for data in positions:
        rnd = Round.from_position(
            Rules.from_dict(data["rules"]), data["hands"], [], starter=data["starter"],
            scores=data["scores"], turn=data["turn"],
            history=[(seat, parse_move(move), points) for seat, move, points in data["history"]])
        view = PlayerView.of(rnd, rnd.turn)
        out.append(Moment(1, len(rnd.history) + 1, view, view.legal_moves()[0]).to_json())
    return out


def figures(rows: list[tuple[Position, Timing]]) -> dict[str, object]:
    if not rows:
        return {"positions": 0}
    solved = [nodes for _, (nodes, _) in rows if nodes is not None]
    return {"positions": len(rows), "over_budget": len(rows) - len(solved),
            **harness.spread([seconds for _, (_, seconds) in rows], 1, 1000),
            "nodes_p50": harness.median(solved) if solved else None,
            "nodes_p95": harness.percentile(solved, 0.95) if solved else None,
            "nodes_max": max(solved, default=None)}


def tiles(position: Position) -> int:
    return sum(int(hand).bit_count() for hand in position["hands"])


def by_tiles(rows: list[tuple[Position, Timing]]) -> dict[str, object]:
    groups: dict[int, list[tuple[Position, Timing]]] = defaultdict(list)
    for row in rows:
        groups[tiles(row[0])].append(row)
    return {str(n): {"positions": len(group),
                     "over_budget": sum(1 for _, (nodes, _) in group if nodes is None),
                     **harness.spread([s for _, (_, s) in group], 1, 1000, ("p50", "max"))}
            for n, group in sorted(groups.items())}


def report(positions: list[Position], timings: list[Timing]) -> dict[str, object]:
    rows = list(zip(positions, timings, strict=True))
    return {"all": figures(rows),
            "presets": {p: figures([r for r in rows if r[0]["rules"]["preset"] == p])
                        for p in PRESETS},
            "by_tiles_in_hands": by_tiles(rows)}


def node_version() -> str:
    return subprocess.run(["node", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=8, help="per preset")
    parser.add_argument("--bots", default="expert", choices=("expert", "master"))
    parser.add_argument("--budget", type=harness.at_least(1), default=BUDGET,
                        help=f"positions per solve (default {BUDGET}, the solver's)")
    parser.add_argument("--repeats", type=harness.at_least(1), default=3,
                        help="solves per position, the quickest counted (default 3)")
    harness.add_jobs(parser, 1)
    parser.add_argument("--pyodide", action="store_true",
                        help="time the solves in Pyodide (Node.js) as well")
    parser.add_argument("--browser", action="store_true",
                        help="time Review's verdict on each position in the page's worker")
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(preset, i, args.bots) for preset in PRESETS for i in range(args.games)]
    with Pool(args.jobs) as pool:
        positions = [p for game in pool.imap(game_positions, tasks) for p in game]
    runs = {harness.python(): solve_times(positions, args.budget, args.repeats)}
    if args.pyodide:
        runs[f"Pyodide in Node.js {node_version()}"] = in_pyodide(positions, args.budget,
                                                                   args.repeats)
    for name, timings in runs.items():
        print(f"{name}: {figures(list(zip(positions, timings, strict=True)))}", file=sys.stderr)
    worker = None
    if args.browser:
        times = harness.worker_times({"review": review_requests(positions)}, "review")
        solved = [t for t, (nodes, _) in zip(times["review"], runs[harness.python()],
                                             strict=True) if nodes is not None]
        past = [t for t, (nodes, _) in zip(times["review"], runs[harness.python()],
                                           strict=True) if nodes is None]
        worker = {"all": harness.spread(times["review"], 1, 1000),
                  "solved": harness.spread(solved, 1, 1000),
                  "past_budget": harness.spread(past, 1, 1000) if past else None}
        print(f"the worker's review: {worker}", file=sys.stderr)
    result = {
        "about": "Exact solver (allfives/bots/exact.py) time per decision once the boneyard "
                 "is empty, 2 players, real hands: ms p50/p95/max over every such decision "
                 "with 2+ legal moves (one past the budget counts with the time it took to "
                 "give up), and positions searched (nodes) by the solves that finished; per "
                 "Python. p95 is the value at rank floor(0.95 n) + 1.",
        **harness.identity(),
        "engine": __version__,
        "machine": harness.machine(),
        "bots": args.bots,
        "games_per_preset": args.games,
        "budget": args.budget,
        "repeats": args.repeats,
        "seconds": round(time.perf_counter() - started, 1),
        "runs": {name: report(positions, timings) for name, timings in runs.items()},
        **({"worker_review": worker} if worker else {}),
    }
    harness.write_json(OUT, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
