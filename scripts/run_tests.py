#!/usr/bin/env python3
"""``make test``'s two pytest runs, side by side: the tests without a
browser (they compute) at the lowest CPU priority (``nice 19``), the browser
tests (their pages mostly wait, on Pyodide and on bots) at the usual one. The
computing tests then take the time the pages leave a core idle, and never a
core a page's worker needs before its deadline (``allfives/web/bots/deadlines.py``).
The browser tests' progress shows as it comes; the other run's output is
shown whole when it ends. The exit status is 0 only if both passed.

    python3 scripts/run_tests.py [--cores 2] [--jobs 3] [--python .venv/bin/python]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A browser test whose page Chromium's renderer crashed under (seen once in six full runs,
# on a shared machine) runs once more, in a new browser (tests/browser/conftest.py); any
# other failure fails at once.
CRASH_RERUN = ["--reruns", "1", "--only-rerun", "page crashed", "--only-rerun", "Target crashed",
               "--only-rerun", "Page crashed"]


def whole_number(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {n}")
    return n


def commands(python: str, cores: int, jobs: int) -> tuple[list[str], list[str]]:
    """The computing tests' pytest command and the browser tests'."""
    pytest = [python, "-m", "pytest", "-q"]
    return ([*pytest, "-n", str(cores), "--ignore=tests/browser"],
            [*pytest, "-n", str(jobs), "--dist", "loadgroup", *CRASH_RERUN, "tests/browser"])


def lowest_priority() -> None:
    os.nice(19)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=whole_number, default=2,
                        help="pytest workers for the tests without a browser (default 2)")
    parser.add_argument("--jobs", type=whole_number, default=3,
                        help="pytest workers for the browser tests (default 3)")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python with pytest installed (default: this one)")
    args = parser.parse_args(argv)
    computing, browser = commands(args.python, args.cores, args.jobs)
    began = time.monotonic()
    with tempfile.TemporaryFile("w+") as out:
        other = subprocess.Popen(computing, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                 preexec_fn=lowest_priority)
        try:
            shown = subprocess.run(browser, cwd=ROOT, check=False).returncode
            print(f"run_tests: browser tests ended after {time.monotonic() - began:.0f} s",
                  flush=True)
            computed = other.wait()
        finally:
            if other.poll() is None:  # stopped (Ctrl-C): nothing left running
                other.terminate()
        out.seek(0)
        print(out.read(), end="", flush=True)
    print(f"run_tests: tests without a browser ended; both after "
          f"{time.monotonic() - began:.0f} s", flush=True)
    return 0 if shown == 0 and computed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
