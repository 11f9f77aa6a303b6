"""How a long command runs: its progress line, its games kept in a file as it
goes (``--progress FILE``: a stopped run goes on where it was), and how it
stops (``Stop``, after saying why; ``INTERRUPTED`` for Ctrl-C)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

from .. import executors
from ..tournament import progress_line

INTERRUPTED = 130  # what shells report for a command stopped by Ctrl-C (128 + SIGINT)
PROGRESS_FORMAT = "allfives-progress/1"
T = TypeVar("T")
# A run's kept games (by the key its games are played under), and the
# function told how many games are done after each.
Work = Callable[[dict[str, Any] | None, Callable[[int], None]], T]


class Stop(Exception):
    """The command stops with exit status ``status``, having said why on stderr."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Progress:
    """Counts finished games; on a stream (a terminal), shows the count in one
    line rewritten in place, at most five times a second, until cleared."""

    def __init__(self, total: int, stream: TextIO | None, unit: str = "games") -> None:
        self.total = total
        self.stream = stream
        self.unit = unit
        self.done = 0
        self.start = time.monotonic()
        self.shown_at = float("-inf")
        self.width = 0  # of the longest line shown
        self(0)

    def __call__(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if self.stream is None or (now - self.shown_at < 0.2 and done < self.total):
            return
        self.shown_at = now
        line = progress_line(done, self.total, now - self.start, self.unit)
        # padded to the longest line yet, which is what clear() covers (widened
        # before writing, in case Ctrl-C stops us mid-way)
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()

    def clear(self) -> None:
        if self.stream is not None and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def progress_stream(args: argparse.Namespace) -> TextIO | None:
    """Where the progress line goes: stderr when it is a terminal, unless ``--quiet``."""
    return None if args.quiet or not sys.stderr.isatty() else sys.stderr


class Resumed:
    """A run of ``total`` games by ``command``, shown as it goes; with
    ``--progress FILE`` each game is kept in FILE as it is played, and the
    games kept there before (by this code, for this ``run``: what defines it,
    as JSON; each ``valid``) are taken instead of played again. Stops
    (``Stop``) after one line when the file cannot be taken."""

    def __init__(self, command: str, args: argparse.Namespace, total: int, run: object,
                 valid: Callable[[Any], bool]) -> None:
        self.command = command
        self.total = total
        self.run = run
        self.file = Path(args.progress) if args.progress else None
        self.games = None if self.file is None else read_progress(self.file, command, run, valid)
        self.progress = Progress(total, progress_stream(args))

    def on_game(self, done: int) -> None:
        self.progress(done)
        if self.file is not None and self.games is not None:
            write_progress(self.file, self.run, self.games)

    def play(self, work: Work[T]) -> T:
        """``work``'s result, given the games kept and ``on_game``; a cluster's
        failure or Ctrl-C stops the command in one line."""
        try:
            try:
                return work(self.games, self.on_game)
            finally:
                self.progress.clear()
        except executors.ClusterError as e:
            print(f"{self.command}: {e}", file=sys.stderr)
            raise Stop(2) from None
        except KeyboardInterrupt:
            print(f"{self.command}: interrupted after {self.progress.done} of {self.total} "
                  "games", file=sys.stderr)
            raise Stop(INTERRUPTED) from None


def read_progress(path: Path, command: str, run: object,
                  valid: Callable[[Any], bool]) -> dict[str, Any]:
    """The games a stopped run kept in ``path`` (none yet if it does not
    exist); ``Stop`` after saying in one line why they cannot be taken: not
    such a file (or a game in it not ``valid``), other code's games, or
    (``run``: what defines the run, as JSON) another run's."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        print(f"{command}: cannot read {path}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        raise Stop(2) from None
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT \
            or not isinstance(data.get("games"), dict) \
            or not all(valid(game) for game in data["games"].values()):
        print(f"{command}: {path} is not a file of games kept ({PROGRESS_FORMAT})",
              file=sys.stderr)
        raise Stop(2)
    if data.get("code") != executors.code_digest():
        print(f"{command}: the games kept in {path} were played by other code: move it away "
              "to start over", file=sys.stderr)
        raise Stop(2)
    if data.get("run") != run:
        print(f"{command}: the games kept in {path} are another run's: move it away to "
              "start over", file=sys.stderr)
        raise Stop(2)
    games: dict[str, Any] = data["games"]
    return games


def write_progress(path: Path, run: object, games: dict[str, Any]) -> None:
    path.write_text(json.dumps({"format": PROGRESS_FORMAT, "code": executors.code_digest(),
                                "run": run, "games": games}, separators=(",", ":")) + "\n",
                    encoding="utf-8")
