"""``scripts/run_tests.py``, ``make test``'s two pytest runs side by side: each
run once, the computing one at the lowest priority, failing if either fails;
a wrong flag said in one line. A stand-in for Python records what it was
asked and answers with the status it is told to."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "run_tests.py"
STAND_IN = """#!/bin/sh
echo "$(nice) $*" >> "{log}"
case "$*" in
  *loadgroup*) echo "browser run"; exit {browser} ;;
  *) echo "computing run"; exit {computing} ;;
esac
"""


def run(tmp_path: Path, browser: int = 0, computing: int = 0, *flags: str
        ) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    log = tmp_path / "asked.log"
    python = tmp_path / "python"
    python.write_text(STAND_IN.format(log=log, browser=browser, computing=computing))
    python.chmod(0o755)
    done = subprocess.run([sys.executable, str(SCRIPT), "--python", str(python), *flags],
                          capture_output=True, text=True, check=False, timeout=60)
    return done, sorted(log.read_text().splitlines()) if log.exists() else []


def test_both_runs_are_made_the_computing_one_at_the_lowest_priority(tmp_path):
    done, asked = run(tmp_path, 0, 0, "--cores", "2", "--jobs", "3")
    assert done.returncode == 0, done.stderr
    assert asked == [
        "0 -m pytest -q -n 3 --dist loadgroup --reruns 1 --only-rerun page crashed "
        "--only-rerun Target crashed --only-rerun Page crashed tests/browser",
        "19 -m pytest -q -n 2 --ignore=tests/browser",
    ]
    # the browser run's output as it comes, the other's whole once it ends
    assert done.stdout.index("browser run") < done.stdout.index("computing run")


@pytest.mark.parametrize(("browser", "computing"), [(1, 0), (0, 1), (2, 5)])
def test_either_run_failing_fails_the_whole(tmp_path, browser, computing):
    done, asked = run(tmp_path, browser, computing)
    assert done.returncode == 1 and len(asked) == 2


def test_a_wrong_flag_is_said_in_one_line(tmp_path):
    done, asked = run(tmp_path, 0, 0, "--jobs", "three")
    assert done.returncode == 2 and asked == []
    assert "argument --jobs: not a whole number: 'three'" in done.stderr
    assert "Traceback" not in done.stderr
    done, _ = run(tmp_path, 0, 0, "--cores", "0")
    assert done.returncode == 2 and "argument --cores: at least 1, not 0" in done.stderr
