"""bench/stake_check.py as a person runs it: games from the named points
kept and resumed, each point's chances with their errors, and a wrong
command line or file told in one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "bench" / "stake_check.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The script run from this checkout (its own ``allfives``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, check=False, cwd=ROOT, env=env)


def test_games_are_kept_by_point_and_a_longer_run_plays_only_the_rest(tmp_path: Path) -> None:
    common = ("--players", "4", "--partners", "--bot", "easy", "--only", "muggins",
              "--out", str(tmp_path))
    first = run(*common, "--games", "3")
    assert first.returncode == 0, first.stderr
    kept = json.loads((tmp_path / "muggins-4p.json").read_text())
    assert kept["bot"] == "easy" and sorted(kept["points"]) == ["behind", "close", "level"]
    close = kept["points"]["close"]
    target = close["target"]
    assert close["scores"] == [target - 15, target - 45]  # two sides: the partnerships
    assert len(close["winners"]) == 3 and set(close["winners"]) <= {"0", "1"}
    assert close["games"] == 3 and sum(close["chances"]) == 1
    again = run(*common, "--games", "5")
    assert again.returncode == 0, again.stderr
    more = json.loads((tmp_path / "muggins-4p.json").read_text())["points"]
    # the same games first (each dealt and played from its own seed), then two more
    assert more["close"]["winners"][:3] == close["winners"] and more["close"]["games"] == 5
    assert "muggins-4p.json close: 5 of 5 games" in again.stderr
    assert f"muggins close [{target - 15}, {target - 45}] to {target}" in again.stdout


def test_some_points_only(tmp_path: Path) -> None:
    done = run("--players", "3", "--bot", "easy", "--only", "five_up", "--games", "2",
               "--points", "behind", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert list(json.loads((tmp_path / "five_up-3.json").read_text())["points"]) == ["behind"]


def test_a_wrong_command_line_or_file_is_one_sentence(tmp_path: Path) -> None:
    wrong = run("--players", "3", "--partners", "--out", str(tmp_path))
    assert wrong.returncode == 2 and "--partners needs --players 4" in wrong.stderr
    nowhere = run("--players", "4", "--partners", "--points", "level", "two close")
    assert nowhere.returncode == 2 and "Traceback" not in nowhere.stderr
    assert ("no point 'two close' for 2 sides (choose from level, close, behind)"
            in nowhere.stderr)
    (tmp_path / "punt-3.json").write_text(json.dumps(
        {"bot": "easy", "code": "", "seconds": 0, "points": {"level": {"winners": "01x"}}}))
    broken = run("--players", "3", "--bot", "easy", "--only", "punt", "--games", "1",
                 "--out", str(tmp_path))
    assert broken.returncode == 1 and "Traceback" not in broken.stderr + wrong.stderr
    assert "punt-3.json does not read as kept games" in broken.stderr
    assert "the winners of 'level' are not side numbers" in broken.stderr
