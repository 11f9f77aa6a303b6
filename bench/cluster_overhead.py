"""What a Dask cluster costs over local processes (issue 31): the same games
played by ``--jobs 2`` and through ``--scheduler`` on a ``LocalCluster`` of 2
worker processes (one thread each), timed in turn, their results compared;
and from the ratio, an estimate of the master's 2,000-game matchup on a
cluster of 64 cores. Writes bench/cluster_overhead.json.

    .venv/bin/python bench/cluster_overhead.py [--games 10] [--quick-games 400] [--rounds 5]

Two workloads: ``expert`` against ``hard`` (games of seconds: what a
strength run plays) and ``medium`` against ``easy`` (games of milliseconds:
the cost of a task itself shows). Each run connects a client afresh, as a
command does; the cluster is started once, before (a real one runs already).
This machine is shared (another job's load comes and goes over minutes):
short runs alternate, and each side's best run is the one least disturbed;
the median of the rounds' ratios is kept beside the ratio of the bests.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

import harness
from distributed import LocalCluster

from allfives.rules import Rules
from allfives.tournament import run

STRENGTH = harness.BENCH / "strength.json"
MATCHUP = "master-vs-expert"
CORES = 64


def timed(bots: list[str], games: int, **where: Any) -> tuple[float, dict[str, Any]]:
    rules = Rules.make("standard", players=2)
    started = time.perf_counter()
    result = run(rules, bots, games, seed=1, **where)
    return time.perf_counter() - started, result


def workload(bots: list[str], games: int, rounds: int, scheduler: str) -> dict[str, Any]:
    """Both ways, ``rounds`` times in turn: the seconds, and whether they agree."""
    local: list[float] = []
    remote: list[float] = []
    agree = True
    for _ in range(rounds):
        seconds, here = timed(bots, games, jobs=2)
        local.append(seconds)
        seconds, there = timed(bots, games, scheduler=scheduler)
        remote.append(seconds)
        agree = agree and here == there
    return {"bots": bots, "games": games, "jobs_2_seconds": [round(s, 2) for s in local],
            "cluster_seconds": [round(s, 2) for s in remote],
            "ratio_of_bests": round(min(remote) / min(local), 3),
            "median_ratio": round(harness.median(r / h for r, h in zip(remote, local,
                                                                       strict=True)), 3),
            "extra_ms_per_game": round(1000 * (min(remote) - min(local)) / games, 1),
            "same_results": agree}


def estimate(ratio: float) -> dict[str, Any]:
    """The master's matchup on ``CORES`` cores, from its time here and ``ratio``."""
    measured = json.loads(STRENGTH.read_text())["matchups"][MATCHUP]
    jobs = int(measured["command"].split("--jobs ")[1].split()[0])
    games = measured["result"]["games"]
    core_seconds = measured["seconds"] * jobs
    seconds = core_seconds / CORES * ratio
    return {
        "matchup": MATCHUP, "games": games, "seconds_here": measured["seconds"], "jobs_here": jobs,
        "core_seconds": round(core_seconds), "cores": CORES, "overhead_ratio": ratio,
        "seconds": round(seconds), "minutes": round(seconds / 60, 1),
        "assumptions": [
            f"each of the {CORES} cores plays as fast as one of this machine's "
            f"(one worker thread a core: dask worker --nthreads 1 --nworkers N)",
            f"the {jobs} jobs here kept both cores busy for the whole run "
            "(core seconds = seconds x jobs)",
            "the overhead ratio of the expert-vs-hard workload holds for the master's "
            "longer games (a task's cost shrinks against a longer game)",
            f"{games} games over {CORES} workers: about {games // CORES} each, so the last "
            "games' tail is a few games' time, not counted",
            "the workers run the same commit (other code plays other games)",
        ],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(2), default=10)
    parser.add_argument("--quick-games", type=harness.at_least(2), default=400)
    parser.add_argument("--rounds", type=harness.at_least(1), default=5)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    started = time.perf_counter()
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=":0") as cluster:
        start_seconds = time.perf_counter() - started
        slow = workload(["expert", "hard"], args.games, args.rounds, cluster.scheduler_address)
        quick = workload(["medium", "easy"], args.quick_games, args.rounds,
                         cluster.scheduler_address)
    data = {**harness.identity(), "python": harness.python(), "machine": harness.machine(),
            "load_average_at_start": round(load, 1),
            "cluster": "distributed.LocalCluster(n_workers=2, processes=True, "
                       "threads_per_worker=1) against --jobs 2",
            "cluster_start_seconds": round(start_seconds, 2),
            "workloads": [slow, quick],
            "estimate": estimate(slow["ratio_of_bests"])}
    harness.write_json(harness.BENCH / "cluster_overhead.json", data)
    print(json.dumps(data, indent=1))
    return 0 if slow["same_results"] and quick["same_results"] else 1


if __name__ == "__main__":
    sys.exit(main())
