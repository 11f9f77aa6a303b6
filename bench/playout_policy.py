#!/usr/bin/env python3
"""Playout policies against each other, with every hand open: how the
master's playout policy was tuned. Writes bench/playout_policy.json.

A search is only as good as its playouts: each seat of a playout plays
``expert.policy_move`` with some ``Policy`` and sees the world's hands. So a
policy is measured the way it is used, in perfect-information rounds: each
deal is played twice, the two policies swapping sides, and the figure is the
first policy's points a round more than the second's (mean over deals, with
its standard error). Thousands of rounds a second, so each weight can be
tried on tens of thousands of deals.

    .venv/bin/python bench/playout_policy.py [--deals 30000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, replace

import harness

from allfives import __version__
from allfives.bots.expert import EXPERT_POLICY, Policy, policy_move
from allfives.bots.master import MASTER_POLICY
from allfives.game import Round, deal
from allfives.rules import Rules

OUT = harness.BENCH / "playout_policy.json"

# (name, policy, against, preset, players): the master's policy against the
# expert's in each setting, and each of its terms taken away or moved.
TRIALS = [
    ("master vs expert policy", MASTER_POLICY, EXPERT_POLICY, "standard", 2),
    ("master vs expert policy", MASTER_POLICY, EXPERT_POLICY, "standard", 4),
    ("master vs expert policy", MASTER_POLICY, EXPERT_POLICY, "five_up", 2),
    ("no double bonus", replace(MASTER_POLICY, double=0.0), MASTER_POLICY, "standard", 2),
    ("double bonus 3", replace(MASTER_POLICY, double=3.0), MASTER_POLICY, "standard", 2),
    ("double bonus 6", replace(MASTER_POLICY, double=6.0), MASTER_POLICY, "standard", 2),
    ("no block bonus", replace(MASTER_POLICY, block=0.0), MASTER_POLICY, "standard", 2),
    ("no stranded penalty", replace(MASTER_POLICY, stranded=0.0), MASTER_POLICY, "standard", 2),
    ("deny 0.7", replace(MASTER_POLICY, deny=0.7), MASTER_POLICY, "standard", 2),
    ("deny 0.9", replace(MASTER_POLICY, deny=0.9), MASTER_POLICY, "standard", 2),
    ("shed 0.2", replace(MASTER_POLICY, shed=0.2), MASTER_POLICY, "standard", 2),
    # with partners: the weights tuned for two players, each moved either way
    ("double bonus 2", replace(MASTER_POLICY, double=2.0), MASTER_POLICY, "standard", 4),
    ("double bonus 6", replace(MASTER_POLICY, double=6.0), MASTER_POLICY, "standard", 4),
    ("no block bonus", replace(MASTER_POLICY, block=0.0), MASTER_POLICY, "standard", 4),
    ("block bonus 4", replace(MASTER_POLICY, block=4.0), MASTER_POLICY, "standard", 4),
    ("no stranded penalty", replace(MASTER_POLICY, stranded=0.0), MASTER_POLICY, "standard", 4),
    ("stranded penalty 4", replace(MASTER_POLICY, stranded=4.0), MASTER_POLICY, "standard", 4),
    ("deny 0.6", replace(MASTER_POLICY, deny=0.6), MASTER_POLICY, "standard", 4),
    ("deny 1.0", replace(MASTER_POLICY, deny=1.0), MASTER_POLICY, "standard", 4),
    ("no shed", replace(MASTER_POLICY, shed=0.0), MASTER_POLICY, "standard", 4),
    ("shed 0.2", replace(MASTER_POLICY, shed=0.2), MASTER_POLICY, "standard", 4),
]


def margin(task: tuple[Policy, Policy, Rules, int]) -> float:
    """Deal ``index`` played twice with open hands, sides swapped: ``first``'s
    points more than ``second``'s, per round (side 0 against side 1)."""
    first, second, rules, index = task
    hands, boneyard, starter = deal(rules, f"policy:{index}", 0)
    total = 0
    for swap in (False, True):
        rnd = Round(rules, list(hands), list(boneyard), starter)
        while rnd.end is None:
            moves = rnd.legal_moves()
            mine = (rules.side_of(rnd.turn) == 0) != swap
            rnd.play(moves[0] if len(moves) == 1
                     else policy_move(rnd, moves, first if mine else second))
        side = 1 if swap else 0
        total += rnd.scores[side] - rnd.scores[1 - side]
    return total / 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=harness.at_least(2), default=30000)
    harness.add_jobs(parser, 2)
    args = parser.parse_args()
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, first, second, preset, players in TRIALS:
            rules = Rules.make(preset, players=players)
            started = time.perf_counter()
            got = list(pool.map(margin, [(first, second, rules, i) for i in range(args.deals)],
                                chunksize=500))
            row = {"trial": name, "preset": preset, "players": players, "deals": args.deals,
                   "policy": asdict(first), "against": asdict(second),
                   "points_a_round": round(statistics.mean(got), 3),
                   "se": round(statistics.stdev(got) / len(got) ** 0.5, 3)}
            print(f"{name:<26} {preset:<8} {players}p  {row['points_a_round']:+.3f} "
                  f"+-{row['se']:.3f}  ({time.perf_counter() - started:.0f} s)", flush=True)
            rows.append(row)
    harness.write_json(OUT, {
        "about": "Playout policies with open hands: each deal twice, sides swapped; the "
                 "policy's points a round more than the one it is against (mean, standard "
                 "error). Partnerships: the side's points.",
        **harness.identity(),
        "engine": __version__,
        "rows": rows,
    })
    return 0


if __name__ == "__main__":
    sys.exit(main())
