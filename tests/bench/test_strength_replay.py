"""bench/strength_replay.py as a person runs it: kept games played again
and told apart from the kept results, a stopped run going on with only the
games missing, and a wrong command line or file told in one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from allfives.rules import Rules
from allfives.tournament import lineup, play_games

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "bench" / "strength_replay.py"
MATCHUP = "medium-vs-easy"  # standard, 2 players, medium against easy: quick games


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The script run from this checkout (its own ``allfives``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, check=False, cwd=ROOT, env=env)


def played(games: int) -> list[list[object]]:
    """The matchup's first ``games`` as bench/strength.py keeps them (its seed, "1")."""
    rules = Rules.make("standard", players=2)
    return [[r.winner, list(r.scores), r.rounds]
            for r in play_games(rules, lineup(rules, ("medium", "easy")), range(games), "1")]


def test_games_played_again_are_told_apart_from_their_kept_results(tmp_path: Path) -> None:
    fresh = played(8)
    games = [list(g) for g in fresh]
    # game 5 kept as another code might have ended it: the other side won, this one below 0
    games[5] = [1 - fresh[5][0], [-15, fresh[5][1][1]], fresh[5][2]]
    kept = tmp_path / "progress.json"
    kept.write_text(json.dumps({MATCHUP: {"code": "before", "seconds": 1.0, "games": games}}))
    out = tmp_path / "replay.json"
    first = run(MATCHUP, "--kept", str(kept), "--games", "1", "--below-zero", "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert "game 5: " in first.stdout and first.stdout.count("otherwise") == 1
    done = json.loads(out.read_text())
    assert [row[0] for row in done["games"]] == [1, 5]  # named, and the one below 0
    assert done["games"][1][1] == games[5] and done["games"][1][2] == fresh[5]
    wins = sum(1 for g in (fresh[1], fresh[5]) if g[0] == 0)
    assert done["summary"] == {"games": 2, "same": 1, "winner_changed": 1,
                               "first_side_wins_kept": 1 if games[1][0] == 0 else 0,
                               "first_side_wins_now": wins}
    assert done["kept_code"] == "before" and done["matchup"] == MATCHUP
    # more games: only those not played yet, drawn the same way in every run
    more = run(MATCHUP, "--kept", str(kept), "--games", "1", "--below-zero", "--sample", "3",
               "--out", str(out))
    assert more.returncode == 0, more.stderr
    assert "game 1:" not in more.stdout and "game 5:" not in more.stdout
    rows = json.loads(out.read_text())["games"]
    assert len(rows) == 5 and all(row[1] == row[2] == games[row[0]] for row in rows
                                  if row[0] != 5)
    again = run(MATCHUP, "--kept", str(kept), "--sample", "3", "--below-zero", "--games", "1",
                "--out", str(tmp_path / "again.json"))
    assert [row[0] for row in json.loads((tmp_path / "again.json").read_text())["games"]] \
        == [row[0] for row in rows], again.stderr
    # kept games of other code: the games played are not theirs, and the run says so
    kept.write_text(json.dumps({MATCHUP: {"code": "other", "seconds": 1.0, "games": games}}))
    other = run(MATCHUP, "--kept", str(kept), "--games", "1", "--out", str(out))
    assert other.returncode == 0 and "game 1:" in other.stdout
    assert f"{out} holds other code's games (or other kept games'); they are replaced" \
        in other.stderr
    assert [row[0] for row in json.loads(out.read_text())["games"]] == [1]


def test_a_wrong_command_line_or_file_is_one_sentence(tmp_path: Path) -> None:
    kept = tmp_path / "progress.json"
    kept.write_text(json.dumps({MATCHUP: {"code": "c", "seconds": 0, "games": [[0, [250, 5], 3]]}}))
    cases = {
        (MATCHUP, "--kept", str(tmp_path / "none.json"), "--games", "0"):
            "cannot read " + str(tmp_path / "none.json"),
        ("expert-vs-hard", "--kept", str(kept), "--games", "0"):
            f"{kept} holds no kept games of expert-vs-hard",
        (MATCHUP, "--kept", str(kept), "--games", "3"): f"no game 3: {kept} keeps 1 of {MATCHUP}",
        (MATCHUP, "--kept", str(kept)): "no games chosen",
        (MATCHUP, "--kept", str(kept), "--sample", "-1"): "--sample",
        ("no-such-matchup", "--kept", str(kept), "--games", "0"): "invalid choice",
    }
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({MATCHUP: {"code": "c", "seconds": 0, "games": [["x"]]}}))
    cases[(MATCHUP, "--kept", str(broken), "--games", "0")] = \
        f"{broken} holds no kept games of {MATCHUP}"
    for args, said in cases.items():
        done = run(*args)
        assert done.returncode == 2 and said in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
