#!/usr/bin/env python3
"""The losses of medium's and expert's play, from which the grades' cut-offs
(``allfives/coach/grades.py``) were chosen. Writes bench/grade_cutoffs.json.

Seeded games to the end, standard rules, 2 players, medium against expert
(seats rotating every game), each dealt as a tournament deals it. Every
decision of both seats with more than one legal option is analysed as
Review and ``allfives review`` analyse it (``analysis.analyse``,
``REVIEW_PLAYOUTS`` playouts from the mover's view). Reported per level: the
share of best moves, percentiles of all losses and of the losses above 0,
the mean loss, each grade's share under the cut-offs in force, and the
accuracy (``grades.accuracy``) of a whole game and of all games together.
The losses themselves are kept too, per game and level as a count of each
loss (``losses``), so ``--again`` recomputes every figure from the file,
playing nothing, after a cut-off has changed.

    .venv/bin/python bench/grade_cutoffs.py [--games 30] [--jobs 2] [--seed grades]
    .venv/bin/python bench/grade_cutoffs.py --again
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import harness

from allfives import __version__
from allfives.bots.analysis import REVIEW_PLAYOUTS, analyse, moments
from allfives.coach import grades
from allfives.rules import Rules
from allfives.tournament import play_game

OUT = harness.BENCH / "grade_cutoffs.json"
LEVELS = ("medium", "expert")
# What --again keeps from the file: how the losses were measured.
MEASURED = ("command", "commit", "date", "rules", "matchup", "playouts", "games", "seconds",
            "version", "python")
QUANTILES = (0.5, 0.75, 0.9, 0.95, 0.99)
REASONING = (
    "Losses are expected points (the game's own; a scoring play is worth 5 or more in the "
    "standard rules) lost against the expert's best option, from the mover's view. Best is a "
    "loss of 0. 'inaccuracy' starts at the expert's 75th percentile of its non-best losses, "
    "rounded to a whole point (3.9: 4), so 'good' covers most of the strong player's "
    "imperfect moves. 'blunder' starts at medium's 90th percentile of all its decisions "
    "rounded down to a multiple of 5 (11.7: 10, two scoring plays' worth): about one "
    "decision in eight of medium's, one in three hundred of the expert's. 'mistake' starts "
    "halfway between (7). Accuracy is 100 * exp(-average loss / 5): each scoring play's "
    "worth (5 points) lost a decision on average divides it by e: the expert's decisions "
    "come out at 92.1 (93.7 its median game), medium's at 43.5 (48.2).")


Game = list[tuple[str, float]]  # (level, loss) of each decision, in play order


def one_game(task: tuple[str, int]) -> Game:
    """Game ``index``: medium and expert, seats rotating; every decision's
    (level, loss)."""
    seed, index = task
    seated = [LEVELS[(seat + index) % 2] for seat in range(2)]
    game = play_game(Rules.make("standard", players=2), seated, f"{seed}:{index}")
    return [(seated[m.seat], analyse(m).loss) for m in moments(game)]


def distribution(losses: list[float], per_game: list[list[float]]) -> dict[str, object]:
    lost = [x for x in losses if x > 0]
    graded = grades.summary(losses)
    return {
        "decisions": len(losses),
        "best_share": round(1 - len(lost) / len(losses), 3),
        "mean_loss": round(statistics.fmean(losses), 3),
        "percentiles": {f"p{round(q * 100)}": harness.percentile(losses, q)
                        for q in QUANTILES},
        "non_best_percentiles": {f"p{round(q * 100)}": harness.percentile(lost, q)
                                 for q in (0.25, *QUANTILES)} if lost else {},
        "grade_shares": {g: round(n / len(losses), 3)
                         for g, n in zip(grades.GRADES, graded.counts, strict=True)},
        "accuracy_all_games": graded.accuracy,
        "accuracy_per_game": {
            "median": statistics.median(a for g in per_game
                                        if (a := grades.summary(g).accuracy) is not None),
            "min": min(a for g in per_game if (a := grades.summary(g).accuracy) is not None),
            "max": max(a for g in per_game if (a := grades.summary(g).accuracy) is not None)},
    }


def counted(games: list[Game]) -> list[dict[str, dict[str, int]]]:
    """Per game, per level, how many decisions lost each loss (as text)."""
    out = []
    for found in games:
        levels: dict[str, dict[str, int]] = {level: {} for level in LEVELS}
        for level, loss in sorted(found):
            key = f"{loss:.1f}"
            levels[level][key] = levels[level].get(key, 0) + 1
        out.append(levels)
    return out


def uncounted(kept: list[dict[str, dict[str, int]]]) -> list[Game]:
    return [[(level, float(loss)) for level, losses in game.items()
             for loss, n in losses.items() for _ in range(n)] for game in kept]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=30)
    harness.add_jobs(parser, 2)
    parser.add_argument("--seed", default="grades")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--again", action="store_true",
                        help="recompute the figures from the losses kept in --out, playing nothing")
    args = parser.parse_args()
    if args.again:
        kept = read(parser, args.out)
        games = uncounted(kept["losses"])
        result = {k: v for k, v in kept.items() if k in MEASURED}
    else:
        started = time.perf_counter()
        games = play(args.seed, args.games, args.jobs)
        result = {
            **harness.identity(["--games", str(args.games), "--jobs", str(args.jobs),
                                "--seed", args.seed]),
            "rules": "standard, 2 players, games to the end (target 250)",
            "matchup": "medium vs expert, seats rotating; every decision of both analysed",
            "playouts": REVIEW_PLAYOUTS,
            "games": args.games,
            "seconds": round(time.perf_counter() - started, 1),
            "version": __version__,
            "python": harness.python(),
        }
    result.update({
        "cutoffs": {g: grades.CUTOFFS[g] for g in grades.GRADES[1:]},
        "accuracy": f"100 * exp(-average loss / {grades.ACCURACY_SCALE})",
        "reasoning": REASONING,
    })
    for level in LEVELS:
        per_game = [[x for lv, x in g if lv == level] for g in games]
        result[level] = distribution([x for g in per_game for x in g], per_game)
    harness.write_json(args.out, {**result, "losses": counted(games)}, lines="losses")
    print(json.dumps(result, indent=1))
    return 0


def play(seed: str, games: int, jobs: int) -> list[Game]:
    """The seeded games' decisions, in ``jobs`` processes, with progress on stderr."""
    found = []
    with Pool(jobs) as pool:
        for done, game in enumerate(pool.imap(one_game, [(seed, i) for i in range(games)]), 1):
            found.append(game)
            print(f"\r{done} of {games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return found


def read(parser: argparse.ArgumentParser, path: Path) -> dict[str, Any]:
    """The results kept in ``path``; a one-line error if there are none."""
    try:
        kept: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        parser.error(f"--again: cannot read {path}: {e}")
    if "losses" not in kept:
        parser.error(f"--again: {path} keeps no losses")
    return kept


if __name__ == "__main__":
    sys.exit(main())
