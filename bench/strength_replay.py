#!/usr/bin/env python3
"""Kept games of a strength matchup played again at this tree's code, each
against its kept result (winner, scores, rounds).

A matchup played in parts keeps its games in a progress file under the hash
of the code that played them (bench/strength.py). When the bots change in a
way that matters only in some positions, this plays again the kept games
most exposed to the change, with others as a control, and counts the games
that now end otherwise: how far the matchup's figure can have moved.

    .venv/bin/python bench/strength_replay.py MATCHUP --kept FILE
        [--games N ...] [--below-zero] [--sample N] [--jobs 2] [--out FILE]

``--kept``: a progress file holding the matchup (an old one from git:
``git show REV:bench/strength-progress.json > FILE``). The games: those named,
those whose kept scores end with a side below 0 (``--below-zero``), and
``--sample`` more drawn from the rest (seeded: the same in every run).
Each game is written as it ends to ``--out`` (bench/strength-replay.MATCHUP.json),
and a run stopped, or run again with more games, plays only those missing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import harness
import strength

from allfives.tournament import kept_game, lineup, play_games

Kept = list[Any]  # [winner, scores, rounds], as the progress file keeps a game


def kept_games(path: Path, matchup: str) -> tuple[str, list[Kept]]:
    """The code hash and games of ``matchup`` in the progress file ``path``
    (``ValueError`` with a sentence if it has none that read as games)."""
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))[matchup]
        code, games = entry["code"], entry["games"]
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror}") from None
    except (ValueError, KeyError, TypeError):
        raise ValueError(f"{path} holds no kept games of {matchup}") from None
    if not isinstance(code, str) or not isinstance(games, list) \
            or not all(kept_game(g) for g in games):
        raise ValueError(f"{path} holds no kept games of {matchup}")
    return code, games


def chosen(games: list[Kept], named: list[int], below_zero: bool, sample: int) -> list[int]:
    """The games to play again, by number, in order."""
    picked = set(named)
    if below_zero:
        picked |= {i for i, g in enumerate(games) if min(g[1]) < 0}
    rest = [i for i in range(len(games)) if i not in picked]
    picked |= set(random.Random("replay").sample(rest, min(sample, len(rest))))
    return sorted(picked)


def summary(rows: list[list[Any]]) -> dict[str, int]:
    """How many games ended as kept, how many otherwise, and the first side's
    wins both ways (the side whose strength the matchup measures)."""
    return {
        "games": len(rows),
        "same": sum(1 for _, was, now in rows if was == now),
        "winner_changed": sum(1 for _, was, now in rows if was[0] != now[0]),
        "first_side_wins_kept": sum(1 for _, was, _ in rows if was[0] == 0),
        "first_side_wins_now": sum(1 for _, _, now in rows if now[0] == 0),
    }


def earlier(out: Path, code: str, kept_code: str) -> dict[str, Any]:
    """What an earlier run with the same code and kept games wrote to ``out``;
    nothing if it was other code's (or not readable as such a file)."""
    try:
        done = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(done, dict) or done.get("code") != code \
            or done.get("kept_code") != kept_code:
        return {}
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("matchup", choices=sorted(strength.MATCHUPS), metavar="MATCHUP",
                        help="a matchup of bench/strength.py")
    parser.add_argument("--kept", type=Path, required=True, metavar="FILE",
                        help="a progress file holding the matchup's kept games")
    parser.add_argument("--games", type=harness.at_least(0), nargs="+", default=[], metavar="N",
                        help="these games, by number")
    parser.add_argument("--below-zero", action="store_true",
                        help="the games whose kept scores end with a side below 0")
    parser.add_argument("--sample", type=harness.at_least(0), default=0, metavar="N",
                        help="N more games drawn from the rest")
    harness.add_jobs(parser, 1)
    parser.add_argument("--out", type=Path, help="where the games go "
                        "(default bench/strength-replay.MATCHUP.json)")
    args = parser.parse_args(argv)
    try:
        kept_code, games = kept_games(args.kept, args.matchup)
    except ValueError as e:
        parser.error(str(e))
    beyond = [n for n in args.games if n >= len(games)]
    if beyond:
        parser.error(f"no game {beyond[0]}: {args.kept} keeps {len(games)} of {args.matchup}")
    todo = chosen(games, args.games, args.below_zero, args.sample)
    if not todo:
        parser.error("no games chosen: name some (--games), --below-zero or --sample")
    out = args.out or harness.BENCH / f"strength-replay.{args.matchup}.json"
    m = strength.MATCHUPS[args.matchup]
    rules = strength.rules_of(m)
    seated = lineup(rules, m.bots)
    code = harness.code_hash()  # every bot is imported by now (strength imports them)
    done = earlier(out, code, kept_code)
    if out.exists() and not done:
        print(f"strength_replay: {out} holds other code's games (or other kept games'); "
              "they are replaced", file=sys.stderr)
    rows: dict[int, list[Any]] = {row[0]: row for row in done.get("games", [])
                                  if isinstance(row, list) and len(row) == 3
                                  and type(row[0]) is int}
    seconds = done.get("seconds", 0.0)
    missing = [n for n in todo if n not in rows]
    started = time.perf_counter()

    def write() -> None:
        ordered = [rows[n] for n in sorted(rows)]
        harness.write_json(out, {
            **harness.identity(argv), "matchup": args.matchup, "kept_code": kept_code,
            "code": code, "seconds": round(seconds + time.perf_counter() - started, 1),
            "summary": summary(ordered), "games": ordered}, lines="games")

    try:
        for n, result in zip(missing, play_games(rules, seated, missing, strength.SEED,
                                                 args.jobs, m.duplicate), strict=False):
            now = [result.winner, list(result.scores), result.rounds]
            rows[n] = [n, games[n], now]
            print(f"game {n}: {now} against {games[n]} kept"
                  + ("" if now == games[n] else ": otherwise"), flush=True)
            write()
    except KeyboardInterrupt:
        print(f"strength_replay: interrupted; the games played are kept in {out}",
              file=sys.stderr)
        return 130
    write()
    print(json.dumps(summary([rows[n] for n in sorted(rows)])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
