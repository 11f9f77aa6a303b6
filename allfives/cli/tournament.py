"""``allfives tournament``: many games between bots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import tournament
from ..bots import BOTS
from ..errors import AllFivesError
from ..rules import OPTION_NAMES, PRESETS, Rules
from .arguments import Subcommands, add_quiet, add_workers, positive
from .running import Resumed


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("tournament", help="play many games between bots")
    p.add_argument("--bots", nargs="+", default=["greedy", "random"], choices=sorted(BOTS),
                   help="one bot per seat (or per side with partnerships)")
    p.add_argument("--players", type=int, help="2, 3 or 4 (default: one per bot)")
    p.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    p.add_argument("--rule", type=rule_option, action="append", default=[], metavar="NAME=VALUE",
                   help="override a rule option, e.g. target=150 or partnership=false")
    p.add_argument("--games", type=positive, default=100)
    p.add_argument("--seed", default="1")
    add_workers(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--duplicate", action="store_true",
                   help="deal each seed once to every seating in turn (duplicate deals; "
                        "partners: both sides from both places)")
    p.add_argument("--progress", metavar="FILE",
                   help="keep each game's result in FILE as the run goes, and take the games "
                   "already kept there instead of playing them again (a stopped run goes on)")
    p.add_argument("--records", metavar="DIR",
                   help="write every game as a record into this new or empty folder")
    add_quiet(p)
    p.set_defaults(func=run)


def rule_option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or name not in OPTION_NAMES:
        raise argparse.ArgumentTypeError(
            f"write a rule as NAME=VALUE with NAME one of {', '.join(OPTION_NAMES)}")
    if value in ("true", "false"):
        return name, value == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value  # the rules say what is wrong with it


def run(args: argparse.Namespace) -> int:
    options = dict(args.rule)
    players = options.pop("players", None)  # --rule players=N is --players N
    if players is not None and args.players is not None and players != args.players:
        print(f"tournament: --players {args.players} and --rule players={players} disagree",
              file=sys.stderr)
        return 2
    players = args.players if players is None else players
    if players is None:
        players = 4 if options.get("partnership") and len(args.bots) == 2 else len(args.bots)
    records = Path(args.records) if args.records else None
    if records is not None and args.progress:
        print("tournament: --records and --progress cannot go together: a stopped run's "
              "records would be missing", file=sys.stderr)
        return 2
    try:
        rules = Rules.make(args.preset, players=players, **options)
        seated = tournament.lineup(rules, args.bots)
        if records is not None:
            tournament.prepare_records(records)
    except AllFivesError as e:
        print(f"tournament: {e}", file=sys.stderr)
        return 2
    defined = {"rules": rules.to_dict(), "bots": seated, "seed": str(args.seed),
           "duplicate": args.duplicate}
    resumed = Resumed("tournament", args, args.games, defined, tournament.kept_game)
    try:
        result = resumed.play(lambda kept, on_game: tournament.run(
            rules, seated, args.games, args.seed, args.jobs, records, on_game=on_game,
            duplicate=args.duplicate, scheduler=args.scheduler, kept=kept))
    except OSError as e:  # the records folder filled up or went away mid-way
        print(f"tournament: cannot write a record: {e.strerror or e}", file=sys.stderr)
        return 1
    print(json.dumps(result) if args.json else tournament.format_table(result))
    return 0
