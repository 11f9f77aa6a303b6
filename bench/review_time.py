#!/usr/bin/env python3
"""Review: the time to analyse one decision, and whether the losses mean
something. Writes bench/review_time.json.

Games between ``medium`` (seat 0) and ``expert`` (seat 1), one round each,
standard rules. Every decision with a choice is analysed as ``allfives
review`` and the page's Review do it (``REVIEW_PLAYOUTS`` playouts):

- time per decision in CPython, and (``--browser``) in the page's bots'
  worker (headless Debian Chromium, the request sent as the page sends it);
- the mean expected points lost per decision by each level on the same
  deals: a weak player should lose clearly more than the strong one.

    .venv/bin/python bench/review_time.py [--games 6] [--browser]
"""

from __future__ import annotations

import argparse
import statistics
import time

import harness

from allfives.bots import make_bot
from allfives.bots.analysis import REVIEW_PLAYOUTS, Moment, analyse, moments
from allfives.game import Game
from allfives.rules import Rules
from allfives.view import PlayerView

OUT = harness.BENCH / "review_time.json"
LEVELS = ("medium", "expert")


def decisions(games: int) -> list[Moment]:
    found: list[Moment] = []
    for seed in range(games):
        game = Game(Rules.make("standard"), seed)
        bots = [make_bot(level, f"{seed}:{i}") for i, level in enumerate(LEVELS)]
        while not game.round.over:
            rnd = game.round
            rnd.apply(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
        found.extend(moments(game))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=6)
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    found = decisions(args.games)
    times, losses = [], {level: [] for level in LEVELS}
    for moment in found:
        started = time.perf_counter()
        decision = analyse(moment)
        times.append(time.perf_counter() - started)
        losses[LEVELS[moment.seat]].append(decision.loss)
    result = {**harness.identity(), "games": args.games,
              "playouts": REVIEW_PLAYOUTS, "decisions": len(found),
              "python": harness.python(), "cpython": harness.spread(times, 1, 1000),
              "mean_loss": {level: round(statistics.mean(v), 2) for level, v in losses.items()},
              "lost_per_round": {level: round(sum(v) / args.games, 1)
                                 for level, v in losses.items()}}
    print(f"{len(found)} decisions, CPython p50 {result['cpython']['p50_ms']} ms, "
          f"p95 {result['cpython']['p95_ms']} ms")
    print("mean points lost per decision:", result["mean_loss"])
    if args.browser:
        worker = harness.worker_times({"review": [m.to_json() for m in found]}, "review")
        result["worker"] = harness.spread(worker["review"], 1, 1000)
        print(f"worker p50 {result['worker']['p50_ms']} ms, p95 {result['worker']['p95_ms']} ms")
    harness.write_json(OUT, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
