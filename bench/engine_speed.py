"""Engine speed on one core: complete random rounds per second, and legal-move calls.

    .venv/bin/python bench/engine_speed.py [--seconds 5] [--preset standard] [--players 2]

A round here is: deal from a seed, then random legal moves until it ends
(what a bot's playout does). The issue's target is 6,000 rounds/s for
2-player standard on this machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from allfives.game import Round, deal
from allfives.rules import Rules


def random_rounds(rules: Rules, seconds: float) -> tuple[float, float]:
    """(rounds per second, moves per round) of seeded random play."""
    rng = random.Random(1)
    rounds = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            hands, boneyard, starter = deal(rules, rounds, 0)
            rnd = Round(rules, hands, boneyard, starter)
            while rnd.end is None:
                legal = rnd.legal_moves()
                rnd.play(legal[int(rng.random() * len(legal))])
                moves += 1
            rounds += 1
    elapsed = time.perf_counter() - start
    return rounds / elapsed, moves / rounds


def legal_move_calls(rules: Rules, seconds: float) -> float:
    """legal_moves() calls per second over positions from random play."""
    rng = random.Random(2)
    positions = []
    for i in range(300):
        hands, boneyard, starter = deal(rules, i, 0)
        rnd = Round(rules, hands, boneyard, starter)
        for _ in range(rng.randrange(1, 15)):
            if rnd.end is None:
                rnd.play(rng.choice(rnd.legal_moves()))
        if rnd.end is None:
            positions.append(rnd)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for rnd in positions:
            rnd.legal_moves()
        calls += len(positions)
    return calls / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rules = Rules.make(args.preset, players=args.players)
    rate, per_round = random_rounds(rules, args.seconds)
    calls = legal_move_calls(rules, args.seconds / 2)
    print(json.dumps({"python": sys.version.split()[0], "rules": rules.to_dict(),
                      "rounds_per_second": round(rate), "moves_per_round": round(per_round, 1),
                      "legal_moves_calls_per_second": round(calls)}))


if __name__ == "__main__":
    main()
