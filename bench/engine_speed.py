"""Engine speed on one core: complete random rounds per second, and legal-move calls.

    .venv/bin/python bench/engine_speed.py [--seconds 5] [--preset standard] [--players 2]
                                           [--base OTHER_CHECKOUT --rounds 5]

With ``--base``, this tree and the other checkout are measured in turn, each
in a subprocess of its own, ``--rounds`` times; each tree's best and median
run are printed with the ratio of the bests (this machine is shared: the best
run is the one least disturbed), and written to bench/engine_speed.json.

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

import harness

from allfives.game import Round, deal
from allfives.rules import PRESETS, Rules


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


def measure(rules: Rules, seconds: float) -> dict[str, object]:
    rate, per_round = random_rounds(rules, seconds)
    calls = legal_move_calls(rules, seconds / 2)
    return {"python": sys.version.split()[0], "rules": rules.to_dict(),
            "rounds_per_second": round(rate), "moves_per_round": round(per_round, 1),
            "legal_moves_calls_per_second": round(calls)}


def compare(args: argparse.Namespace) -> dict[str, object]:
    trees = harness.trees(args.base)
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, root in trees.items():
            runs[name].append(harness.in_tree(root, __file__, "--seconds", str(args.seconds),
                                              "--preset", args.preset,
                                              "--players", str(args.players)))
    out: dict[str, object] = {}
    for key in ("rounds_per_second", "legal_moves_calls_per_second"):
        best = {name: max(r[key] for r in rs) for name, rs in runs.items()}
        out[key] = {**{name: {"best": best[name], "median": harness.median(r[key] for r in rs)}
                       for name, rs in runs.items()},
                    "ratio of bests": round(best["this"] / best["base"], 3)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    harness.add_base(parser)
    parser.add_argument("--rounds", type=harness.at_least(1), default=5,
                        help="alternations, with --base")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    try:
        rules = Rules.make(args.preset, players=args.players)
    except ValueError as e:  # the engine's RulesError
        parser.error(str(e))
    if args.base is not None:
        result = {**harness.identity(), **compare(args)}
        print(json.dumps(result, indent=1))
        harness.write_json(harness.BENCH / "engine_speed.json", result)
        return
    print(json.dumps(measure(rules, args.seconds)))


if __name__ == "__main__":
    main()
