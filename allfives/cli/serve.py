"""``allfives serve``: the browser game on 127.0.0.1."""

from __future__ import annotations

import argparse

from .arguments import Subcommands


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("serve", help="serve the browser game on 127.0.0.1 and print its address")
    p.add_argument("--port", type=port, default=8000, help="default 8000; 0 picks a free port")
    p.set_defaults(func=run)


def port(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return number


def run(args: argparse.Namespace) -> int:
    from ..site import serve
    return serve.run(args.port)
