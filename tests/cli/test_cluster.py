"""Runs on a Dask cluster (``--scheduler``, ``allfives.executors``): a real
``distributed.LocalCluster`` of two worker processes gives exactly what the
same run gives in one process, loses no game when a worker dies, and a
scheduler not reached is one line and status 2."""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from allfives import cli, executors, tournament
from allfives.rules import Rules
from allfives.site import bundle

from ..helpers import ROOT
from .test_cli import Terminal

JUDGED = Path(__file__).parents[1] / "data" / "judged-puzzles.json"  # 4 puzzles, both methods
UNREACHABLE = "tcp://127.0.0.1:9"  # the discard port: nothing listens there


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=":0") as local:
        yield local


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_tournament_on_the_cluster_gives_the_local_runs_figures_and_records(
        cluster, capsys, tmp_path):
    args = ["tournament", "--bots", "medium", "easy", "--games", "12", "--seed", "3",
            "--duplicate", "--json", "--quiet"]
    local = run(capsys, *args, "--jobs", "1", "--records", str(tmp_path / "here"))
    remote = run(capsys, *args, "--scheduler", cluster.scheduler_address,
                 "--records", str(tmp_path / "there"))
    assert local == remote and local[0] == 0 and json.loads(local[1])["games"] == 12
    here, there = sorted((tmp_path / "here").iterdir()), sorted((tmp_path / "there").iterdir())
    assert [p.name for p in here] == [p.name for p in there] and len(here) == 12
    assert all(a.read_text() == b.read_text() for a, b in zip(here, there, strict=True))


def test_a_puzzle_check_on_the_cluster_gives_the_local_verdicts(cluster, capsys, tmp_path):
    args = ["puzzles", "check", str(JUDGED), "--playouts", "100", "--quiet"]
    local = run(capsys, *args, "--jobs", "1", "--json", str(tmp_path / "here.json"))
    remote = run(capsys, *args, "--scheduler", cluster.scheduler_address,
                 "--json", str(tmp_path / "there.json"))
    assert local == remote and local[2] == ""
    assert len(local[1].splitlines()) == 5  # a line a puzzle, then the summary
    assert (tmp_path / "here.json").read_text() == (tmp_path / "there.json").read_text()


def test_a_worker_killed_mid_run_loses_no_game(cluster):
    rules = Rules.make("standard", players=2)
    local = tournament.run(rules, ["hard", "medium"], 80, seed=5)
    with Client(cluster, set_as_default=False) as client:
        pids = client.run(os.getpid)
        victim = min(pids.values())
        killed_at: list[int] = []

        def kill_once(done: int) -> None:
            if done == 10:
                os.kill(victim, signal.SIGKILL)
                killed_at.append(done)

        remote = tournament.run(rules, ["hard", "medium"], 80, seed=5,
                                scheduler=cluster.scheduler_address, on_game=kill_once)
        assert killed_at == [10] and victim not in client.run(os.getpid).values()
    assert remote == local


# Waiting on Dask's own futures, a Ctrl-C could land inside a call into Dask's
# event loop and print a traceback from its thread (one run in a few).
def test_ctrl_c_stops_a_run_on_the_cluster_in_one_line(cluster):
    term = Terminal("--bots", "hard", "medium", "--games", "2000",
                    "--scheduler", cluster.scheduler_address)
    term.read_until(rb"[1-9]\d* of 2000 games, ")
    os.killpg(term.proc.pid, signal.SIGINT)
    code, text = term.finish()
    assert code == 130 and "Traceback" not in text, text
    assert re.fullmatch(r"tournament: interrupted after \d+ of 2000 games\n",
                        text.rpartition("\r")[2]), text


def test_what_dask_logs_while_a_run_is_dropped_is_not_shown(cluster, monkeypatch, caplog):
    # as when the connections close under Dask's thread, which logs tracebacks
    def complain(self, wait=True, *, cancel_futures=False):
        logging.getLogger("tests.cluster").error("Stream is closed")

    monkeypatch.setattr(executors.OnCluster, "shutdown", complain)
    with caplog.at_level(logging.ERROR), pytest.raises(KeyboardInterrupt):
        with executors.cluster(cluster.scheduler_address):
            raise KeyboardInterrupt
    assert "Stream is closed" not in caplog.text
    with caplog.at_level(logging.ERROR), executors.cluster(cluster.scheduler_address):
        pass  # a run that ends as it should hides nothing
    assert "Stream is closed" in caplog.text


def test_a_strength_run_stopped_and_resumed_on_the_cluster_keeps_its_games(
        cluster, monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import strength

    tiny = strength.Matchup(("medium", "easy"), 2, 7, duplicate=True)
    monkeypatch.setattr(strength, "MATCHUPS", {"tiny": tiny})
    monkeypatch.setattr(strength, "OUT", tmp_path / "strength.json")
    monkeypatch.setattr(strength, "PROGRESS", tmp_path / "progress.json")
    where = ["--scheduler", cluster.scheduler_address]
    for part in ("3", "10"):
        monkeypatch.setattr(sys, "argv", ["strength.py", "--only", "tiny", "--part", part, *where])
        assert strength.main() == 0
        if part == "3":
            assert len(json.loads(strength.PROGRESS.read_text())["tiny"]["games"]) == 3
    figures = json.loads(strength.OUT.read_text())["matchups"]["tiny"]
    assert not strength.PROGRESS.exists()
    assert figures["command"].endswith(f"--scheduler {cluster.scheduler_address} --duplicate")
    rules = Rules.make("standard", players=2)
    assert figures["result"] == tournament.run(rules, tiny.bots, 7, strength.SEED,
                                               duplicate=True)


def test_a_strength_run_stopped_by_ctrl_c_keeps_the_games_played(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import strength

    monkeypatch.setattr(strength, "MATCHUPS",
                        {"tiny": strength.Matchup(("medium", "easy"), 2, 7)})
    monkeypatch.setattr(strength, "OUT", tmp_path / "strength.json")
    monkeypatch.setattr(strength, "PROGRESS", tmp_path / "progress.json")
    played = tournament.play_games

    def stopped(*args: object) -> Iterator[tournament.GameResult]:
        games = played(*args)
        yield next(games)
        yield next(games)
        raise KeyboardInterrupt

    monkeypatch.setattr(strength, "play_games", stopped)
    monkeypatch.setattr(sys, "argv", ["strength.py", "--only", "tiny"])
    assert strength.main() == 130
    assert len(json.loads(strength.PROGRESS.read_text())["tiny"]["games"]) == 2
    assert not strength.OUT.exists()


def test_a_worker_running_other_code_is_refused_in_one_line(cluster):
    # a command whose code differs from the workers' (which run this checkout)
    argv = ["tournament", "--games", "40", "--scheduler", cluster.scheduler_address]
    code = ("import sys; from allfives import executors; from allfives.cli import main; "
            f"executors.code_digest = lambda: 'other code'; sys.exit(main({argv!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert re.fullmatch(r"tournament: the worker on \S+ runs other allfives code than this "
                        r"machine: install the same commit on every worker\n", out.stderr), \
        out.stderr


def test_a_scheduler_not_reached_is_one_line_and_status_2():
    out = subprocess.run([sys.executable, "-m", "allfives", "tournament", "--games", "2",
                          "--scheduler", UNREACHABLE], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(f"tournament: cannot reach the Dask scheduler at {UNREACHABLE}:")
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize("argv", [
    ["puzzles", "check", str(JUDGED)],
    ["puzzles", "generate", "--out", "{tmp}/set.json", "--games", "1"],
])
def test_the_puzzle_commands_say_so_too(argv, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 0.5)
    status, out, err = run(capsys, *(a.format(tmp=tmp_path) for a in argv),
                           "--scheduler", UNREACHABLE, "--quiet")
    assert status == 2 and err.startswith("puzzles: cannot reach the Dask scheduler at ")
    assert err.count("\n") == 1 and not list(tmp_path.iterdir())


def test_without_dask_a_scheduler_is_refused_in_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if not installed
    status, out, err = run(capsys, "tournament", "--games", "2", "--scheduler", UNREACHABLE)
    assert status == 2
    assert err == ("tournament: --scheduler needs Dask's distributed package: "
                   "pip install 'allfives[cluster]'\n")


def test_the_plain_command_line_and_the_page_never_load_dask():
    code = ("import sys; from allfives.cli import main; "
            "main(['tournament', '--games', '3', '--jobs', '2', '--quiet']); "
            "print('distributed' in sys.modules, 'dask' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.splitlines()[-1] == "False False", out.stderr
    assert "allfives/executors.py" not in {p.relative_to(ROOT).as_posix()
                                           for p in bundle.sources()}
