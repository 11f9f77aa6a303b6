"""Arguments more than one subcommand takes, and their checks."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TypeAlias

from ..tournament import default_jobs

# What ``add_subparsers`` gives: each subcommand adds its parser to it.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 up, not {text!r}")
    return number


def add_workers(p: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--scheduler``: where a long command's work runs."""
    p.add_argument("--jobs", type=positive, default=default_jobs(),
                   help="worker processes (default: one per core)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on the Dask cluster whose scheduler is at ADDRESS "
                   "(tcp://HOST:8786; --jobs is then unused; needs allfives[cluster]: "
                   "docs/CLUSTER.md)")


def add_quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", action="store_true",
                   help="no progress line (it is shown only when stderr is a terminal)")


def writable(path: Path | None) -> bool:
    """Whether ``path`` (None: not asked for) names a file in a folder that exists."""
    return path is None or (bool(path.name) and not path.is_dir() and path.parent.is_dir())
