"""What a Dask cluster costs over local processes (issue 31): the same games
played by ``--jobs 2`` and through ``--scheduler`` on a ``LocalCluster`` of 2
worker processes (one thread each), in turn, their results compared; and
from its cost a game, an estimate of the master's 2,000-game matchup on a cluster
of 64 cores. Writes bench/cluster_overhead.json.

    .venv/bin/python bench/cluster_overhead.py [--games 10] [--quick-games 400] [--rounds 5]

Two workloads: ``expert`` against ``hard`` (games of seconds: what a
strength run plays) and ``medium`` against ``easy`` (games of milliseconds:
the cost of a task itself shows). Each run connects a client afresh, as a
command does; the cluster is started once, before (a real one runs already).
Each run is timed in wall seconds and in the CPU seconds of every process
it used (this one, where a local cluster's scheduler and nannies live, the
``--jobs`` processes, the workers). This machine is shared: the wall times
swing with other jobs' load, which comes and goes over minutes, the CPU
seconds much less; so the cluster's cost is the difference of the median
CPU seconds, per game, of the quick workload, where it shows above the noise
(the ratios, median and of the bests, are kept for both workloads).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

import harness
from distributed import Client, LocalCluster

from allfives.rules import Rules
from allfives.tournament import run

STRENGTH = harness.BENCH / "strength.json"
MATCHUP = "master-vs-expert"
CORES = 64


def cpu_seconds(client: Client) -> float:
    """CPU time so far of this process (the scheduler, the nannies and the
    client of a local cluster live here), its children waited for (the
    ``--jobs`` processes, once a run is over) and the cluster's workers."""
    mine = os.times()
    workers = sum(client.run(time.process_time).values())
    return mine.user + mine.system + mine.children_user + mine.children_system + workers


def timed(bots: list[str], games: int, client: Client,
          **where: Any) -> tuple[float, float, dict[str, Any]]:
    """Wall seconds, CPU seconds and the result of one run."""
    rules = Rules.make("standard", players=2)
    cpu = cpu_seconds(client)
    started = time.perf_counter()
    result = run(rules, bots, games, seed=1, **where)
    wall = time.perf_counter() - started
    return wall, cpu_seconds(client) - cpu, result


def workload(bots: list[str], games: int, rounds: int, client: Client,
             scheduler: str) -> dict[str, Any]:
    """Both ways, ``rounds`` times in turn: the seconds, and whether they agree."""
    runs: dict[str, list[tuple[float, float]]] = {"jobs_2": [], "cluster": []}
    agree = True
    for _ in range(rounds):
        wall, cpu, here = timed(bots, games, client, jobs=2)
        runs["jobs_2"].append((wall, cpu))
        wall, cpu, there = timed(bots, games, client, scheduler=scheduler)
        runs["cluster"].append((wall, cpu))
        agree = agree and here == there
    out: dict[str, Any] = {"bots": bots, "games": games}
    for kind, index in (("seconds", 0), ("cpu_seconds", 1)):
        local = [r[index] for r in runs["jobs_2"]]
        remote = [r[index] for r in runs["cluster"]]
        out[kind] = {"jobs_2": [round(s, 2) for s in local],
                     "cluster": [round(s, 2) for s in remote],
                     "ratio_of_bests": round(min(remote) / min(local), 3),
                     "median_ratio": round(harness.median(
                         r / h for r, h in zip(remote, local, strict=True)), 3)}
    cpu = out["cpu_seconds"]
    cpu["extra_ms_per_game"] = round(
        1000 * (harness.median(cpu["cluster"]) - harness.median(cpu["jobs_2"])) / games, 1)
    out["same_results"] = agree
    return out


def estimate(extra_ms: float) -> dict[str, Any]:
    """The master's matchup on ``CORES`` cores, from its time here and the
    cluster's cost of a task (``extra_ms`` CPU milliseconds a game)."""
    measured = json.loads(STRENGTH.read_text())["matchups"][MATCHUP]
    jobs = int(measured["command"].split("--jobs ")[1].split()[0])
    games = measured["result"]["games"]
    core_seconds = measured["seconds"] * jobs
    seconds = (core_seconds + games * extra_ms / 1000) / CORES
    return {
        "matchup": MATCHUP, "games": games, "seconds_here": measured["seconds"], "jobs_here": jobs,
        "core_seconds": round(core_seconds), "cores": CORES, "extra_ms_per_game": extra_ms,
        "overhead_ratio": round(seconds * CORES / core_seconds, 5),
        "seconds": round(seconds), "minutes": round(seconds / 60, 1),
        "assumptions": [
            f"each of the {CORES} cores plays as fast as one of this machine's, one worker "
            "process a core (dask worker --nworkers N --nthreads 1), nothing else on them",
            f"the {jobs} jobs here kept both cores busy for the whole run "
            "(core seconds = seconds x jobs)",
            "the cluster costs each game what it cost a game of milliseconds here (the "
            "medium-vs-easy workload; for the expert-vs-hard games it is below this "
            "machine's noise)",
            f"{games} games over {CORES} workers: about {games // CORES} each, so the run "
            "ends within a game or two of the average; that tail is not counted",
            "the workers run the same commit (a worker on other code stops the run)",
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
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        start_seconds = time.perf_counter() - started
        where = (client, cluster.scheduler_address)
        slow = workload(["expert", "hard"], args.games, args.rounds, *where)
        quick = workload(["medium", "easy"], args.quick_games, args.rounds, *where)
    data = {**harness.identity(), "python": harness.python(), "machine": harness.machine(),
            "load_average_at_start": round(load, 1),
            "cluster": "distributed.LocalCluster(n_workers=2, processes=True, "
                       "threads_per_worker=1) against --jobs 2",
            "cluster_start_seconds": round(start_seconds, 2),
            "workloads": [slow, quick],
            "estimate": estimate(quick["cpu_seconds"]["extra_ms_per_game"])}
    harness.write_json(harness.BENCH / "cluster_overhead.json", data)
    print(json.dumps(data, indent=1))
    return 0 if slow["same_results"] and quick["same_results"] else 1


if __name__ == "__main__":
    sys.exit(main())
