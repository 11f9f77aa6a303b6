"""``allfives replay FILE``: a game record's summary as JSON."""

from __future__ import annotations

import argparse
import json

from ..record import summary
from .arguments import Subcommands
from .records import read_record


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("replay", help="replay a game record and print its summary as JSON")
    p.add_argument("file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = read_record(args.file)
    if game is None:
        return 2
    print(json.dumps(summary(game)))
    return 0
