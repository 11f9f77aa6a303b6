#!/usr/bin/env python3
"""The expert's (or the master's) moves as one hash: seeded games with every
seat that bot (2 and 4 players, standard rules), the SHA-256 of every move
made, in order. Two trees whose bots play alike print the same hash.

    .venv/bin/python bench/bot_hash.py [--bot expert] [--games 3] [--target 100]
                                          [--base OTHER_CHECKOUT [--base-bot BOT]] [--rounds 1]

With ``--base`` the other checkout plays the same games in a subprocess of its
own and both hashes are compared; ``--base-bot`` seats another bot there (a
yardstick against the bot it keeps: master-40 here, the master there);
``--rounds`` alternates the two trees that many times. Each tree's think
time per move (CPU time of ``choose``, pooled over its rounds) is reported
beside its hash. Writes bench/BOT_hash.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from typing import Any

import harness

BOTS = ("expert", "master", "master-28", "master-40")


def play(bot: str, games: int, target: int) -> dict[str, Any]:
    """The hash of every move of the seeded games, every seat ``bot``, and how many."""
    from allfives.bots import make_bot
    from allfives.game import Game
    from allfives.moves import move_text
    from allfives.rules import Rules
    from allfives.view import PlayerView

    digest = hashlib.sha256()
    moves = 0
    think: list[float] = []
    for players in (2, 4):
        rules = Rules.make("standard", players=players, target=target)
        for g in range(games):
            bots = [make_bot(bot, f"hash:{players}:{g}:{s}") for s in range(players)]
            game = Game(rules, f"hash:{players}:{g}")
            while not game.over:
                if game.round.over:
                    game.next_round()
                rnd = game.round
                view = PlayerView.of(rnd, rnd.turn)
                started = time.process_time()
                move = bots[rnd.turn].choose(view)
                think.append((time.process_time() - started) * 1000)
                digest.update(f"{len(game.rounds)}:{rnd.turn}:{move_text(move)};".encode())
                game.apply(move)
                moves += 1
    return {"sha256": digest.hexdigest(), "moves": moves, "think_ms": think}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", choices=BOTS, default=BOTS[0], help="the bot in every seat")
    parser.add_argument("--games", type=harness.at_least(1), default=3,
                        help="games per player count")
    parser.add_argument("--target", type=harness.at_least(5), default=100,
                        help="points a game is played to")
    harness.add_base(parser)
    parser.add_argument("--base-bot", choices=BOTS,
                        help="the bot in every seat of the base's games (default: --bot)")
    parser.add_argument("--rounds", type=harness.at_least(1), default=1,
                        help="alternations of the two trees")
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        print(json.dumps(play(args.bot, args.games, args.target)))
        return 0
    trees = harness.trees(args.base)
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, root in trees.items():
            bot = args.base_bot if name == "base" and args.base_bot else args.bot
            runs[name].append(harness.in_tree(
                root, __file__, "--play", "--bot", bot, "--games", str(args.games),
                "--target", str(args.target)))
    result: dict[str, Any] = harness.identity(argv)
    for name, played in runs.items():
        think = [t for run in played for t in run.pop("think_ms")]
        if any(run != played[0] for run in played):
            parser.error(f"{name}: the same games played twice gave two hashes")
        result[name] = {**played[0], "think_ms": {
            "moves": len(think), "p50": round(harness.median(think), 2),
            "p95": round(harness.percentile(think, 0.95), 2),
            "mean": round(statistics.fmean(think), 2)}}
    if args.base is not None:
        this, base = result["this"], result["base"]
        result["identical"] = all(this[k] == base[k] for k in ("sha256", "moves"))
    print(json.dumps(result, indent=1))
    harness.write_json(harness.BENCH / f"{args.bot}_hash.json", result)
    return 0 if result.get("identical", True) else 1


if __name__ == "__main__":
    sys.exit(main())
