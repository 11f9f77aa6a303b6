"""The tournament tool: seats rotate, results add up, records replay."""

import json
import subprocess
import sys

import pytest
from helpers import ROOT

from allfives.errors import AllFivesError
from allfives.record import loads, summary
from allfives.rules import Rules
from allfives.tournament import lineup, play_rotated, run, wilson


def test_wilson_interval():
    lo, hi = wilson(80, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.7112, 0.8666)
    assert wilson(0, 0) == (0.0, 1.0)


def test_lineup_fills_partnerships_from_two_names():
    assert lineup(Rules.make("standard", players=4), ["greedy", "random"]) == \
        ["greedy", "random", "greedy", "random"]


def test_lineup_refuses_a_bot_count_that_does_not_fit():
    with pytest.raises(AllFivesError, match="^3 players need 3 bots, got 2$"):
        lineup(Rules.make("standard", players=3), ["greedy", "random"])


def test_seats_rotate_and_scores_map_back_to_the_right_bot():
    rules = Rules.make("standard", players=3, target=100)
    names = ["greedy", "random", "random"]
    for index in range(3):
        res = play_rotated(rules, names, "7", index, keep_record=True)
        game = loads(res.record)
        # The game record's seat order is the lineup rotated by the game index.
        assert [res.scores[(seat + index) % 3] for seat in range(3)] == game.scores


def test_results_are_reproducible_and_add_up(tmp_path):
    rules = Rules.make("standard", target=100)
    a = run(rules, ["greedy", "random"], games=12, seed=3, records=tmp_path)
    b = run(rules, ["greedy", "random"], games=12, seed=3, jobs=2)
    assert a == b
    assert sum(s["wins"] for s in a["sides"]) + a["unfinished"] == 12
    assert a["sides"][0]["wins"] >= 10  # greedy crushes random
    files = sorted(tmp_path.iterdir())
    assert len(files) == 12
    assert all(summary(loads(f.read_text()))["winner"] is not None for f in files)


def test_cli_json_and_table():
    cmd = [sys.executable, "-m", "allfives", "tournament", "--bots", "greedy", "random",
           "--players", "4", "--games", "4", "--seed", "5", "--jobs", "1", "--json"]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [s["name"] for s in data["sides"]] == ["greedy+greedy", "random+random"]
    assert data["rules"] == {"preset": "standard", "players": 4}
    cmd[5:7] = ["greedy", "random", "greedy", "random"]
    out = subprocess.run(cmd[:-1] + ["--rule", "partnership=false"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "greedy#0" in out.stdout and "95% CI" in out.stdout


def test_cli_refuses_impossible_rules():
    out = subprocess.run([sys.executable, "-m", "allfives", "tournament", "--bots", "greedy",
                          "random", "random", "--rule", "partnership=true"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == "tournament: partnerships need 4 players, not 3"
    out = subprocess.run([sys.executable, "-m", "allfives", "tournament", "--bots", "greedy",
                          "random", "--players", "3"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.strip() == "tournament: 3 players need 3 bots, got 2"
