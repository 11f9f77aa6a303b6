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
import json
import platform
import statistics
import time
from pathlib import Path

from think_time import browser_timings, percentile

from allfives.bots import make_bot
from allfives.bots.analysis import REVIEW_PLAYOUTS, Moment, analyse, moments
from allfives.game import Game
from allfives.rules import Rules
from allfives.view import PlayerView

OUT = Path(__file__).resolve().parent / "review_time.json"
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


def ms(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(1000 * statistics.median(values), 1),
            "p95_ms": round(1000 * percentile(values, 0.95), 1),
            "max_ms": round(1000 * max(values), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    found = decisions(args.games)
    times, losses = [], {level: [] for level in LEVELS}
    for moment in found:
        started = time.perf_counter()
        decision = analyse(moment)
        times.append(time.perf_counter() - started)
        losses[LEVELS[moment.seat]].append(decision.loss)
    result = {"command": "bench/review_time.py", "games": args.games,
              "playouts": REVIEW_PLAYOUTS, "decisions": len(found),
              "python": platform.python_version(), "cpython": ms(times),
              "mean_loss": {level: round(statistics.mean(v), 2) for level, v in losses.items()},
              "lost_per_round": {level: round(sum(v) / args.games, 1)
                                 for level, v in losses.items()}}
    print(f"{len(found)} decisions, CPython p50 {result['cpython']['p50_ms']} ms, "
          f"p95 {result['cpython']['p95_ms']} ms")
    print("mean points lost per decision:", result["mean_loss"])
    if args.browser:
        worker = browser_timings({"review": [m.to_json() for m in found]}, "review")["review"]
        result["worker"] = ms(worker)
        print(f"worker p50 {result['worker']['p50_ms']} ms, p95 {result['worker']['p95_ms']} ms")
    OUT.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
