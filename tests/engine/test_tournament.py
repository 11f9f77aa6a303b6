"""The tournament tool: seats rotate, results add up, records replay."""

import json
import subprocess
import sys

import pytest

from allfives.errors import AllFivesError
from allfives.record import loads, summary
from allfives.rules import Rules
from allfives.tournament import (
    lineup,
    play_rotated,
    prepare_records,
    progress_line,
    run,
    seatings,
    wilson,
)

from ..helpers import ROOT


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


def test_duplicate_deals_give_each_deal_to_every_different_seating_once():
    # Partners: two seatings (A, B, A, B and B, A, B, A); a turn by two seats
    # would replay the same game, so each deal is played twice, not four times.
    rules = Rules.make("standard", players=4, target=100)
    names = ["greedy", "random", "greedy", "random"]
    played = [play_rotated(rules, names, "5", i, keep_record=True, duplicate=True)
              for i in range(5)]
    games = [loads(r.record) for r in played]
    first = [g.rounds[0].dealt for g in games]
    assert first[0] == first[1] != first[2] == first[3] != first[4] != first[0]
    assert len({r.record for r in played}) == 5  # no game played twice
    # Three players: a deal from each of the three seats.
    rules3 = Rules.make("standard", players=3, target=100)
    dealt3 = [loads(play_rotated(rules3, ["greedy", "random", "random"], "5", i,
                                 keep_record=True, duplicate=True).record).rounds[0].dealt
              for i in range(4)]
    assert dealt3[0] == dealt3[1] == dealt3[2] != dealt3[3]
    # Not duplicate: each game its own deal.
    plain = [loads(play_rotated(rules, names, "5", i, keep_record=True).record).rounds[0].dealt
             for i in range(2)]
    assert plain[0] != plain[1]


@pytest.mark.parametrize("names, count", [
    (["master", "expert"], 2), (["a", "b", "a", "b"], 2), (["a", "b", "b"], 3),
    (["a", "a"], 1), (["a", "b", "c", "d"], 4), (["a", "a", "b", "b"], 4)])
def test_seatings_counts_the_different_tables_a_lineup_turns_into(names, count):
    assert seatings(names) == count


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


# The progress line's exact words: what it shows before there is a rate, the
# rate, and the time left in m:ss and, past an hour, h:mm:ss (rounded up).
@pytest.mark.parametrize("done, total, elapsed, line", [
    (0, 400, 0.0, "0 of 400 games"),
    (0, 400, 3.0, "0 of 400 games"),
    (40, 400, 10.0, "40 of 400 games, 4.0 games/s, 1:30 left"),
    (7, 400, 3.0, "7 of 400 games, 2.3 games/s, 2:49 left"),
    (1, 10000, 2.0, "1 of 10000 games, 0.5 games/s, 5:33:18 left"),
    (400, 400, 8.0, "400 of 400 games, 50.0 games/s, 0:00 left"),
])
def test_progress_line(done, total, elapsed, line):
    assert progress_line(done, total, elapsed) == line


def test_games_are_reported_as_they_end_and_recorded_in_order(tmp_path):
    rules = Rules.make("standard", target=100)
    for jobs in (1, 2):
        seen: list[int] = []
        folder = tmp_path / f"jobs{jobs}"
        run(rules, ["greedy", "random"], games=20, seed=4, jobs=jobs, records=folder,
            on_game=seen.append)
        assert seen == list(range(1, 21))
        # game-00007.json is game index 6 (the seats rotate by the index)
        assert loads((folder / "game-00007.json").read_text()).scores == \
            loads(play_rotated(rules, ["greedy", "random"], "4", 6, keep_record=True).record).scores


# Records were written after every game had been played, over whatever the
# folder held: a bad folder is refused before the first game.
def test_records_folder_is_checked_before_any_game(tmp_path):
    (tmp_path / "old.json").write_text("{}")
    with pytest.raises(AllFivesError, match="is not empty"):
        run(Rules.make("standard"), ["greedy", "random"], games=10 ** 9, records=tmp_path)
    with pytest.raises(AllFivesError, match="is a file"):
        prepare_records(tmp_path / "old.json")
    prepare_records(tmp_path / "new" / "deeper")
    assert (tmp_path / "new" / "deeper").is_dir()


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
