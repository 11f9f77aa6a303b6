#!/usr/bin/env python3
"""Games played on from chosen scores (issue 41): each side's chance of
winning, by direct self-play, to check the stake's model against.

The model (``allfives.bots.game_chances``) plays whole rounds drawn from a
sample (bench/round_samples.py: rounds played to their end, the target out of
sight) from any scores. These are whole games, ``--bot`` in every seat, the
real target in sight, started from each named point's scores: what the
model leaves out (a bot plays otherwise near the target, a round stops when
a side reaches it) is in them. A point names how far each side is from the
target; its first round is dealt as a new game's (its starter drawn), so the
model's figure to compare is ``simulate`` with no starter.

Game ``i`` of a point is dealt from the seed ``check:POINT:i`` and played by
bots seeded from it, so a point's games are the same in every run: its
winners are kept (one digit a game) in bench/stake-check/PRESET-PLAYERS.json
(``4p`` for partners) every 40 games, with a hash of the code that played
them, and a stopped run resumes with the same code.

    .venv/bin/python bench/stake_check.py --players 3 [--partners] [--bot expert]
                                          [--games 400] [--jobs 2] [--only standard ...]
                                          [--points behind ...]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import harness

from allfives.bots import BOTS, make_bot
from allfives.game import Game, Round, deal
from allfives.rules import PRESETS, Rules, Side

FOLDER = harness.BENCH / "stake-check"
CHUNK = 40

# Each point: how far each side is from the target (side 0 first). Near the
# end, where the stake is the game and not the points: level, one side
# close, two close against one behind, and one far behind.
POINTS: dict[int, dict[str, tuple[int, ...]]] = {
    2: {"level": (30, 30), "close": (15, 45), "behind": (60, 20)},
    3: {"level": (30, 30, 30), "close": (15, 50, 50), "two close": (20, 20, 70),
        "behind": (70, 25, 25)},
    4: {"level": (30, 30, 30, 30), "close": (15, 50, 50, 50)},
}

Task = tuple[str, int, bool, str, str, int]  # preset, players, partners, bot, point, game


def rules_of(preset: str, players: int, partners: bool) -> Rules:
    return Rules.make(preset, players=players, partnership=partners)


def scores_at(rules: Rules, point: str) -> list[int]:
    return [rules.target - away for away in POINTS[rules.sides][point]]


def play_game(task: Task) -> Side:
    """Game ``index`` of ``point``: played from its scores to the end; its winner."""
    preset, players, partners, bot, point, index = task
    rules = rules_of(preset, players, partners)
    seed = f"check:{point}:{index}"
    game = Game(rules, seed, deal_first=False)
    hands, boneyard, starter = deal(rules, seed, 0)
    game.rounds.append(Round(rules, hands, boneyard, starter, scores_at(rules, point)))
    bots = [make_bot(bot, f"{seed}:{seat}") for seat in range(players)]
    while not game.over:
        if game.round.over:
            game.next_round()
            continue
        seat = game.round.turn
        game.apply(bots[seat].choose(game.seen_by(seat)))
    assert game.winner is not None
    return game.winner


def check_file(folder: Path, preset: str, players: int, partners: bool) -> Path:
    return folder / f"{preset}-{players}{'p' if partners else ''}.json"


def estimate(winners: str, sides: int) -> dict[str, Any]:
    """Each side's share of the games won, with its standard error.

    >>> estimate("0010", 2)
    {'games': 4, 'chances': [0.75, 0.25], 'errors': [0.2165, 0.2165]}
    """
    games = len(winners)
    chances = [winners.count(str(side)) / games for side in range(sides)]
    return {"games": games, "chances": chances,
            "errors": [round(math.sqrt(p * (1 - p) / games), 4) for p in chances]}


def kept_check(file: Path, bot: str) -> dict[str, Any]:
    """What an earlier run kept in ``file`` (else nothing yet). SystemExit
    with a sentence for a file of another bot or one that does not read."""
    if not file.exists():
        return {"bot": bot, "code": harness.code_hash(), "seconds": 0.0, "points": {}}
    try:
        kept = json.loads(file.read_text(encoding="utf-8"))
        for name, point in kept["points"].items():
            if not isinstance(point["winners"], str) or not set(point["winners"]) <= set("0123"):
                raise ValueError(f"the winners of {name!r} are not side numbers")
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        sys.exit(f"stake_check: {file.name} does not read as kept games ({e}); "
                 "move it away to start over")
    if kept["bot"] != bot:
        sys.exit(f"stake_check: the games kept in {file.name} were played by {kept['bot']}; "
                 "move the file away to start over")
    return kept


def check(file: Path, preset: str, players: int, partners: bool, bot: str, wanted: int,
          pool: Any, points: list[str] | None = None) -> dict[str, Any]:
    """Each point's (``points``: these only) first ``wanted`` games: the kept
    ones, the rest played (and kept every ``CHUNK`` games) if the kept ones
    were played by this code."""
    kept = kept_check(file, bot)
    rules = rules_of(preset, players, partners)
    for point in points or POINTS[rules.sides]:
        entry = kept["points"].setdefault(point, {"scores": scores_at(rules, point),
                                                  "target": rules.target, "winners": ""})
        if len(entry["winners"]) < wanted and kept["code"] != harness.code_hash():
            sys.exit(f"stake_check: the games kept in {file.name} were played by other code; "
                     "play the rest with that code (its commit), or move the file away")
        while len(entry["winners"]) < wanted:
            started = time.perf_counter()
            done = len(entry["winners"])
            tasks = [(preset, players, partners, bot, point, i)
                     for i in range(done, min(wanted, done + CHUNK))]
            entry["winners"] += "".join(str(w) for w in pool.map(play_game, tasks, chunksize=1))
            entry.update(estimate(entry["winners"], rules.sides))
            kept["seconds"] = round(kept["seconds"] + time.perf_counter() - started, 1)
            kept.update(commit=harness.commit(), date=harness.now())
            file.parent.mkdir(parents=True, exist_ok=True)
            harness.write_json(file, kept)
            print(f"{file.name} {point}: {len(entry['winners'])} of {wanted} games",
                  file=sys.stderr, flush=True)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    parser.add_argument("--partners", action="store_true", help="4 players as two partnerships")
    parser.add_argument("--bot", default="master", choices=BOTS)
    parser.add_argument("--games", type=harness.at_least(1), default=400, help="games per point")
    harness.add_jobs(parser, 1)
    parser.add_argument("--only", nargs="+", choices=PRESETS, help="these presets only")
    parser.add_argument("--points", nargs="+", metavar="POINT",
                        help="these named points only (default: all of the player count's)")
    parser.add_argument("--out", type=Path, default=FOLDER,
                        help=f"where the games are kept (default bench/{FOLDER.name})")
    args = parser.parse_args(argv)
    if args.partners and args.players != 4:
        parser.error("--partners needs --players 4")
    sides = 2 if args.partners else args.players
    unknown = [p for p in args.points or [] if p not in POINTS[sides]]
    if unknown:
        parser.error(f"no point {unknown[0]!r} for {sides} sides (choose from "
                     f"{', '.join(POINTS[sides])})")
    with Pool(args.jobs) as pool:
        for preset in args.only or PRESETS:
            file = check_file(args.out, preset, args.players, args.partners)
            kept = check(file, preset, args.players, args.partners, args.bot, args.games, pool,
                         args.points)
            for point, entry in kept["points"].items():
                print(f"{preset} {point} {entry['scores']} to {entry['target']}: "
                      f"chances {entry['chances']} (errors {entry['errors']}, "
                      f"{entry['games']} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
