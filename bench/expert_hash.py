#!/usr/bin/env python3
"""The expert's moves as one hash: seeded games with every seat ``expert``
(2 and 4 players, standard rules), the SHA-256 of every move made, in order.
Two trees whose experts play alike print the same hash.

    .venv/bin/python bench/expert_hash.py [--games 3] [--target 100] [--base OTHER_CHECKOUT]

With ``--base`` the other checkout plays the same games in a subprocess of its
own and both hashes are compared. Writes bench/expert_hash.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "expert_hash.json"


def play(games: int, target: int) -> dict[str, object]:
    """The hash of every move of the seeded all-expert games, and how many."""
    from allfives.bots import make_bot
    from allfives.game import Game
    from allfives.moves import move_text
    from allfives.rules import Rules
    from allfives.view import PlayerView

    digest = hashlib.sha256()
    moves = 0
    for players in (2, 4):
        rules = Rules.make("standard", players=players, target=target)
        for g in range(games):
            bots = [make_bot("expert", f"hash:{players}:{g}:{s}") for s in range(players)]
            game = Game(rules, f"hash:{players}:{g}")
            while not game.over:
                if game.round.over:
                    game.next_round()
                rnd = game.round
                move = bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn))
                digest.update(f"{len(game.rounds)}:{rnd.turn}:{move_text(move)};".encode())
                game.apply(move)
                moves += 1
    return {"sha256": digest.hexdigest(), "moves": moves}


def in_tree(root: Path, games: int, target: int) -> dict[str, object]:
    out = subprocess.run([sys.executable, __file__, "--play", "--games", str(games),
                          "--target", str(target)], env={**os.environ, "PYTHONPATH": str(root)},
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count")
    parser.add_argument("--target", type=int, default=100, help="points a game is played to")
    parser.add_argument("--base", type=Path, help="another checkout to compare")
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1 or args.target < 5:
        parser.error("--games must be at least 1 and --target at least 5")
    if args.play:
        print(json.dumps(play(args.games, args.target)))
        return 0
    if args.base is not None and not (args.base / "allfives").is_dir():
        parser.error(f"--base {args.base}: no allfives/ package there")
    result: dict[str, object] = {
        "command": " ".join(["bench/expert_hash.py", *(argv or sys.argv[1:])]),
        "this": in_tree(ROOT, args.games, args.target)}
    if args.base is not None:
        result["base"] = in_tree(args.base.resolve(), args.games, args.target)
        result["identical"] = result["base"] == result["this"]
    print(json.dumps(result, indent=1))
    OUT.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0 if result.get("identical", True) else 1


if __name__ == "__main__":
    sys.exit(main())
