"""bench/round_samples.py as a person runs it: rounds kept, a run resumed,
and a wrong command line told in one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "bench" / "round_samples.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The script run from this checkout (its own ``allfives``, whatever the
    environment's Python has installed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, check=False, cwd=ROOT, env=env)


def test_rounds_are_kept_and_a_longer_run_plays_only_the_rest(tmp_path: Path) -> None:
    common = ("--players", "3", "--bot", "easy", "--only", "cribbage", "--out", str(tmp_path))
    first = run(*common, "--rounds", "2")
    assert first.returncode == 0, first.stderr
    kept = json.loads((tmp_path / "cribbage-3.json").read_text())
    assert kept["bot"] == "easy" and len(kept["rounds"]) == 2
    assert all(len(row[2]) == 3 for row in kept["rounds"])  # three sides' round-end points
    again = run(*common, "--rounds", "3")
    assert again.returncode == 0, again.stderr
    assert "cribbage-3.json: 3 of 3 rounds" in again.stderr
    more = json.loads((tmp_path / "cribbage-3.json").read_text())
    assert more["rounds"][:2] == kept["rounds"] and len(more["rounds"]) == 3
    assert "cribbage: 3 rounds" in again.stdout


def test_a_wrong_command_line_or_file_is_one_sentence(tmp_path: Path) -> None:
    wrong = run("--players", "3", "--partners", "--out", str(tmp_path))
    assert wrong.returncode == 2 and "--partners needs --players 4" in wrong.stderr
    assert "Traceback" not in wrong.stderr
    (tmp_path / "punt-4p.json").write_text("{not json")
    broken = run("--players", "4", "--partners", "--bot", "easy", "--only", "punt",
                 "--rounds", "1", "--out", str(tmp_path))
    assert broken.returncode == 1 and "Traceback" not in broken.stderr
    assert "punt-4p.json does not read as kept rounds" in broken.stderr
