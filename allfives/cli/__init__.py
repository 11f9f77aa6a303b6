"""Command line: ``allfives replay FILE``, ``review FILE``, ``tournament``, ``puzzles``
and ``serve``, one module a subcommand, each adding its own parser (``add_parser``).

Bad input never shows a traceback: one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from . import puzzles, replay, review, serve, tournament
from .running import INTERRUPTED, Stop

SUBCOMMANDS = (replay, review, tournament, puzzles, serve)


class Parser(argparse.ArgumentParser):
    """Usage errors in one line (``allfives tournament: argument --games: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def make_parser(prog: str) -> Parser:
    parser = Parser(prog=prog, description="All Fives dominoes")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in SUBCOMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: list[str] | None = None, prog: str = "allfives") -> int:
    """Run a command; ``prog`` names the command in messages (the console
    script is ``allfives``)."""
    args = make_parser(prog).parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.func
    try:
        status = command(args)
        sys.stdout.flush()  # here, so that a closed pipe is caught here
    except Stop as stop:  # said why already
        return stop.status
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # `... | head`: the reader has gone, nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 1
    return status
