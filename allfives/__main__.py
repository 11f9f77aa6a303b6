"""Command line: ``python -m allfives replay FILE``, ``tournament`` and ``serve``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from . import tournament
from .bots import BOTS
from .errors import AllFivesError, RecordError
from .record import loads, summary
from .rules import OPTION_NAMES, PRESETS, Rules


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"record: cannot read {args.file}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        return 2
    try:
        game = loads(text)
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return 2
    print(json.dumps(summary(game)))
    return 0


def _option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or name not in OPTION_NAMES:
        raise argparse.ArgumentTypeError(
            f"write a rule as NAME=VALUE with NAME one of {', '.join(OPTION_NAMES)}")
    if value in ("true", "false"):
        return name, value == "true"
    return name, int(value) if value.lstrip("-").isdigit() else value


def cmd_tournament(args: argparse.Namespace) -> int:
    options = dict(args.rule)
    two_sides = options.get("partnership") and len(args.bots) == 2
    players = args.players or (4 if two_sides else len(args.bots))
    try:
        rules = Rules.make(args.preset, players=players, **options)
        seated = tournament.lineup(rules, args.bots)
    except AllFivesError as e:
        print(f"tournament: {e}", file=sys.stderr)
        return 2
    result = tournament.run(rules, seated, args.games, args.seed, args.jobs,
                            Path(args.records) if args.records else None)
    print(json.dumps(result) if args.json else tournament.format_table(result))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from . import serve
    return serve.run(args.port)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m allfives", description="All Fives dominoes")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a game record and print its summary as JSON")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("tournament", help="play many games between bots")
    p.add_argument("--bots", nargs="+", default=["greedy", "random"], choices=sorted(BOTS),
                   help="one bot per seat (or per side with partnerships)")
    p.add_argument("--players", type=int, help="2, 3 or 4 (default: one per bot)")
    p.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    p.add_argument("--rule", type=_option, action="append", default=[], metavar="NAME=VALUE",
                   help="override a rule option, e.g. target=150 or partnership=false")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", type=int, default=tournament.default_jobs())
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--records", metavar="DIR", help="write every game as a record here")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("serve", help="serve the browser game on 127.0.0.1 and print its address")
    p.add_argument("--port", type=int, default=8000, help="default 8000; 0 picks a free port")
    p.set_defaults(func=cmd_serve)

    args = parser.parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.func
    return command(args)


if __name__ == "__main__":
    sys.exit(main())
