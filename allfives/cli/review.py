"""``allfives review FILE``: every decision in a game record valued and graded."""

from __future__ import annotations

import argparse
import json
import sys

from ..bots import analysis
from ..coach import report
from ..observed import ObservedGame
from .arguments import Subcommands, add_quiet
from .records import read_record
from .running import Progress, progress_stream


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("review", help="every decision in a game record valued (solved exactly "
                       "where nothing is hidden, else the master's estimate), graded, with each "
                       "seat's accuracy")
    p.add_argument("file")
    p.add_argument("--seat", type=int, help="review only this seat's decisions (default: all)")
    p.add_argument("--json", action="store_true", help="print the decisions as JSON")
    add_quiet(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = read_record(args.file)
    if game is None:
        return 2
    if args.seat is not None and not 0 <= args.seat < game.rules.players:
        print(f"review: the record has seats 0 to {game.rules.players - 1}, not {args.seat}",
              file=sys.stderr)
        return 2
    if isinstance(game, ObservedGame):
        if game.known_seat is None or args.seat not in (None, game.known_seat):
            print("review: a game at a real table is reviewed from the seat whose hand was "
                  + ("entered: no hand was" if game.known_seat is None
                     else f"entered, seat {game.known_seat}"), file=sys.stderr)
            return 2
        found = list(analysis.moments(game))
    else:
        found = list(analysis.moments(game, None if args.seat is None else {args.seat}))
    progress = Progress(len(found), progress_stream(args), unit="decisions")
    decisions = []
    try:
        for moment in found:
            decisions.append(analysis.analyse(moment))
            progress(len(decisions))
    finally:
        progress.clear()
    if args.json:
        print(json.dumps(report.to_json(decisions, game.rules.divisor)))
    else:
        print(report.format_table(decisions, game.rules.divisor,
                                  analysis.reply_counted(game.rules)))
    return 0
