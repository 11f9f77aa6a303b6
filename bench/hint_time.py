#!/usr/bin/env python3
"""The hint: the time to find the move Review calls best for a person's
decision (``analysis.best_move``, ``REVIEW_PLAYOUTS`` playouts, the worker's
``hint``), against the master's move it replaces (the hint before issue 29,
the worker's ``choose``), on the same decisions. Writes bench/hint_time.json.

Decisions with a choice of the seat a person sits in (seat 0), from games of
``medium`` bots, one round each, standard rules, 2 to 4 players: timed in
CPython and (``--browser``) in the page's bots' worker (headless Debian
Chromium, each request sent as the page sends it), and how often the
master's move is the move Review calls best.

    .venv/bin/python bench/hint_time.py [--decisions 20] [--browser]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Generator

import harness

from allfives.bots import make_bot
from allfives.bots.analysis import REVIEW_PLAYOUTS, Moment, best_move, moments
from allfives.bots.asks import BestAsk, MoveAsk
from allfives.game import Game
from allfives.moves import Move
from allfives.rules import Rules
from allfives.view import PlayerView

OUT = harness.BENCH / "hint_time.json"


def decisions(wanted: int) -> list[Moment]:
    """``wanted`` decisions of seat 0 with a choice, in turn from games of 2, 3 and 4 players."""
    found: list[Moment] = []
    seed = 0
    while len(found) < wanted:
        players = 2 + seed % 3
        game = Game(Rules.make("standard", players=players), seed)
        bots = [make_bot("medium", f"{seed}:{i}") for i in range(players)]
        while not game.round.over:
            rnd = game.round
            rnd.apply(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
        found.extend(list(moments(game, {0}))[:wanted - len(found)])
        seed += 1
    return found


def run(steps: Generator[None, None, Move]) -> Move:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            move: Move = done.value
            return move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=harness.at_least(1), default=20)
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    found = decisions(args.decisions)
    hints = [BestAsk(m.round, m.move, m.view) for m in found]
    masters = [MoveAsk("master", f"hint:{m.round}:{m.move}", m.view) for m in found]
    times: dict[str, list[float]] = {"hint": [], "master": []}
    agree = 0
    for hint, master in zip(hints, masters, strict=True):
        started = time.perf_counter()
        best = run(best_move(hint.round, hint.move, hint.view))
        times["hint"].append(time.perf_counter() - started)
        started = time.perf_counter()
        move = make_bot("master", master.seed).choose(master.view)
        times["master"].append(time.perf_counter() - started)
        agree += move == best
    result = {**harness.identity(), "decisions": len(found), "playouts": REVIEW_PLAYOUTS,
              "python": harness.python(),
              "cpython": {k: harness.spread(v, 1, 1000) for k, v in times.items()},
              "master_is_reviews_best": round(agree / len(found), 3)}
    print(f"{len(found)} decisions; CPython: {result['cpython']}; "
          f"the master's move is Review's best in {agree} of {len(found)}")
    if args.browser:
        hinted = harness.worker_times({"hint": [h.to_json() for h in hints]}, "hint")
        chosen = harness.worker_times({"master": [m.to_json() for m in masters]}, "choose")
        result["worker"] = {"hint": harness.spread(hinted["hint"], 1, 1000),
                            "master": harness.spread(chosen["master"], 1, 1000)}
        print(f"worker: {result['worker']}")
    harness.write_json(OUT, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
