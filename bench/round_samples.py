#!/usr/bin/env python3
"""Whole rounds of self-play kept as the samples of the game's stake for
any number of sides (issue 41: 3 or 4 players alone, 4 as partners; 2
players' rounds are bench/match_equity.py's).

Round ``i`` of a configuration is dealt as ``deal(rules, SEED, i)`` deals a
game's round ``i``, ``--bot`` in every seat, played to its domino or block at
a target no round reaches, and kept as a ``bots.equity.Trajectory``
(``allfives.bots.game_chances`` turns them into chances). Each
configuration's rounds are kept in bench/round-samples/PRESET-PLAYERS.json
(``4p`` for partners; ``--out``: another folder) every 40 rounds, with a
hash of the code that played them: a stopped run resumes where it stopped
(with the same code), and the chances can be made again from the kept
rounds without playing them again.

    .venv/bin/python bench/round_samples.py --players 3 [--partners] [--bot master]
                                            [--rounds 1000] [--jobs 2] [--only standard ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import harness
from match_equity import NEVER, from_row, played, reach, to_row

from allfives.bots import BOTS
from allfives.bots.equity import Trajectory
from allfives.rules import PRESETS, Rules

FOLDER = harness.BENCH / "round-samples"
CHUNK = 40
SEED = "stake"

Task = tuple[str, int, bool, str, int]  # preset, players, partners, bot, round


def rules_of(preset: str, players: int, partners: bool) -> Rules:
    return Rules.make(preset, players=players, partnership=partners, target=NEVER)


def play_round(task: Task) -> Trajectory:
    """Round ``index`` of the configuration, ``bot`` in every seat, to its end."""
    preset, players, partners, bot, index = task
    return played(rules_of(preset, players, partners), bot, SEED, index)


def sample_file(folder: Path, preset: str, players: int, partners: bool) -> Path:
    return folder / f"{preset}-{players}{'p' if partners else ''}.json"


def kept_sample(file: Path, bot: str) -> dict:
    """The rounds an earlier run kept in ``file`` (else none). SystemExit
    with a sentence for a file of another bot or one that does not read."""
    if not file.exists():
        return {"bot": bot, "code": harness.code_hash(), "seconds": 0.0, "rounds": []}
    try:
        kept = json.loads(file.read_text())
        [from_row(row) for row in kept["rounds"]]
    except (ValueError, KeyError, TypeError) as e:
        sys.exit(f"round_samples: {file.name} does not read as kept rounds ({e}); "
                 "move it away to start over")
    if kept["bot"] != bot:
        sys.exit(f"round_samples: the rounds kept in {file.name} were played by "
                 f"{kept['bot']}; move the file away to start over")
    return kept


def sample(file: Path, preset: str, players: int, partners: bool, bot: str, wanted: int,
           pool: Any) -> dict:
    """The configuration's first ``wanted`` rounds: the kept ones, the rest
    played (and kept every ``CHUNK`` rounds) if the kept ones were played by
    this code (a sample is the play of one code)."""
    kept = kept_sample(file, bot)
    rows = kept["rounds"]
    if len(rows) < wanted and kept["code"] != harness.code_hash():
        sys.exit(f"round_samples: the rounds kept in {file.name} were played by other code; "
                 "play the rest with that code (its commit), or move the file away")
    while len(rows) < wanted:
        started = time.perf_counter()
        tasks = [(preset, players, partners, bot, i)
                 for i in range(len(rows), min(wanted, len(rows) + CHUNK))]
        rows += [to_row(t) for t in pool.map(play_round, tasks, chunksize=1)]
        kept["seconds"] = round(kept["seconds"] + time.perf_counter() - started, 1)
        kept.update(commit=harness.commit(), date=harness.now())
        file.parent.mkdir(parents=True, exist_ok=True)
        harness.write_json(file, kept, lines="rounds")
        print(f"{file.name}: {len(rows)} of {wanted} rounds", file=sys.stderr, flush=True)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4), required=True)
    parser.add_argument("--partners", action="store_true", help="4 players as two partnerships")
    parser.add_argument("--bot", default="master", choices=BOTS)
    parser.add_argument("--rounds", type=harness.at_least(1), default=1000,
                        help="rounds per preset")
    harness.add_jobs(parser, 1)
    parser.add_argument("--only", nargs="+", choices=PRESETS, help="these presets only")
    parser.add_argument("--out", type=Path, default=FOLDER,
                        help=f"where the rounds are kept (default bench/{FOLDER.name})")
    args = parser.parse_args(argv)
    if args.partners and args.players != 4:
        parser.error("--partners needs --players 4")
    with Pool(args.jobs) as pool:
        for preset in args.only or PRESETS:
            file = sample_file(args.out, preset, args.players, args.partners)
            kept = sample(file, preset, args.players, args.partners, args.bot, args.rounds, pool)
            rounds = [from_row(r) for r in kept["rounds"][:args.rounds]]
            print(f"{preset}: {len(rounds)} rounds in {kept['seconds']} s, reach "
                  f"{reach(rounds)}, blocked {sum(t.next_starter is None for t in rounds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
