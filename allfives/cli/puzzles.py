"""``allfives puzzles generate | list | check``: make, list and check puzzle files."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .. import executors
from ..coach import judging, mining
from ..coach import puzzles as puzzle_files
from ..errors import AllFivesError
from ..rules import PRESETS, Rules
from .arguments import Subcommands, add_quiet, add_workers, positive, writable
from .running import Progress, Resumed, progress_stream


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("puzzles", help="find the best play: make, list and check puzzle files")
    puzzles = p.add_subparsers(dest="action", required=True)
    q = puzzles.add_parser("generate", help="find puzzles in games of the master and the expert")
    q.add_argument("--out", required=True, help="the puzzle file to write")
    q.add_argument("--stats", help="where the run's figures go "
                   "(default: beside --out, named NAME-generation.json)")
    q.add_argument("--games", type=positive, default=60)
    q.add_argument("--seed", default="1")
    add_workers(q)
    q.add_argument("--preset", nargs="+", choices=sorted(PRESETS),
                   help="only these presets (default: every one in turn)")
    q.add_argument("--players", nargs="+", type=int, choices=(2, 3, 4),
                   help="only these numbers of players (default: 2, 3 and 4 in turn)")
    q.add_argument("--progress", metavar="FILE",
                   help="keep each game's puzzles in FILE as the run goes, and take the "
                   "games already kept there instead of playing them again (a stopped "
                   "run goes on; a run of some presets or players serves a run of all)")
    q.add_argument("--per-config", type=positive, metavar="N",
                   help="write at most N puzzles of each preset and players "
                   "(those with the lowest ids; default: all)")
    add_quiet(q)
    q.set_defaults(func=generate)
    q = puzzles.add_parser("list", help="how many puzzles a file holds, by rules and rating")
    q.add_argument("file")
    q.set_defaults(func=list_counts)
    q = puzzles.add_parser("check", help="judge every answer: solved exactly where nothing is "
                           "hidden, else by two estimates (the master's search and greedy "
                           "playouts); one line a puzzle, then a summary; status 1 if any is "
                           "dropped")
    q.add_argument("file")
    q.add_argument("--playouts", type=positive, default=judging.PLAYOUTS,
                   help="per estimate, shared by the legal moves (default %(default)s)")
    q.add_argument("--id", action="append", default=[], metavar="ID",
                   help="check only this puzzle (again for more)")
    add_workers(q)
    q.add_argument("--keep", type=Path, metavar="FILE",
                   help="write the puzzles kept here, with the judge's method, losses and margin")
    q.add_argument("--json", type=Path, metavar="FILE",
                   help="write every verdict and the summary here as JSON")
    add_quiet(q)
    q.set_defaults(func=check)


def generate(args: argparse.Namespace) -> int:
    configs = [(p, k) for p, k in mining.CONFIGS
               if (args.preset is None or p in args.preset)
               and (args.players is None or k in args.players)]
    out = Path(args.out)
    if not writable(out):
        print(f"puzzles: cannot write {out}: name a file in a folder that exists",
              file=sys.stderr)
        return 2
    stats = Path(args.stats) if args.stats else out.with_name(out.stem + "-generation.json")
    try:
        for preset, players in configs:
            Rules.make(preset, players=players)
    except AllFivesError as e:
        print(f"puzzles: {e}", file=sys.stderr)
        return 2
    resumed = Resumed("puzzles", args, args.games, None, mining.kept_game)
    started = time.monotonic()
    found, tally = resumed.play(lambda games, on_game: mining.run(
        mining.tasks(args.games, args.seed, configs), args.jobs, on_game=on_game, kept=games,
        scheduler=args.scheduler))
    seconds = round(time.monotonic() - started)
    kept = mining.shipped(found, args.per_config)
    summary_ = {"command": " ".join(["allfives", "puzzles", "generate", *sys.argv[3:]])
                if sys.argv[1:3] == ["puzzles", "generate"] else None,
                "seed": args.seed, "configs": [f"{p}/{k}" for p, k in configs],
                "levels": list(mining.LEVELS), "seconds": seconds, **tally.to_json(),
                "per_config": args.per_config, "shipped": len(kept),
                "shipped_by_config": mining.counts(kept)["by_config"],
                "checks": mining.checks_json()}
    try:
        out.write_text(puzzle_files.dumps(kept), encoding="utf-8")
        stats.write_text(json.dumps(summary_, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        print(f"puzzles: cannot write {e.filename}: {e.strerror or e}", file=sys.stderr)
        return 1
    print(f"{tally.kept} puzzles found of {tally.tried} decisions tried ({tally.valued} valued), "
          f"{len(kept)} written "
          f"in {tally.games} game{'s' if tally.games != 1 else ''}, {seconds} s: {out}, {stats}")
    return 0


def read_puzzles(path: str) -> list[puzzle_files.Puzzle] | None:
    """The puzzles of a file, or None after saying in one line why not."""
    try:
        return puzzle_files.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        print(f"puzzles: cannot read {path}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
    except puzzle_files.PuzzleError as e:
        print(f"puzzles: {path}: {e}", file=sys.stderr)
    return None


def list_counts(args: argparse.Namespace) -> int:
    found = read_puzzles(args.file)
    if found is None:
        return 2
    print(json.dumps(mining.counts(found), indent=1))
    return 0


def check_all(chosen: list[puzzle_files.Puzzle], args: argparse.Namespace,
              progress: Progress) -> list[judging.Verdict]:
    """Every chosen puzzle's verdict, in order (on ``--jobs`` processes or the
    cluster at ``--scheduler``), printing each verdict's line as it comes."""
    n = len(chosen)
    verdicts: list[judging.Verdict] = []
    try:
        with executors.executor(args.jobs, args.scheduler, n) as pool:
            for puzzle, verdict in zip(chosen, pool.map(
                    judging.judge, [p.view for p in chosen], [p.answer for p in chosen],
                    [args.playouts] * n, ["check"] * n), strict=True):
                verdicts.append(verdict)
                progress.clear()
                print(judging.line(puzzle, verdict), flush=True)
                progress(len(verdicts))
    finally:
        progress.clear()
    return verdicts


def check(args: argparse.Namespace) -> int:
    for flag, path in (("--keep", args.keep), ("--json", args.json)):
        if not writable(path):
            print(f"puzzles: cannot write {path} ({flag}): name a file in a folder that exists",
                  file=sys.stderr)
            return 2
    found = read_puzzles(args.file)
    if found is None:
        return 2
    missing = [i for i in args.id if i not in {p.id for p in found}]
    if missing:
        print(f"puzzles: {args.file} holds no puzzle {missing[0]}", file=sys.stderr)
        return 2
    chosen = [p for p in found if not args.id or p.id in args.id]
    progress = Progress(len(chosen), progress_stream(args), unit="puzzles")
    try:
        verdicts = check_all(chosen, args, progress)
    except executors.ClusterError as e:
        print(f"puzzles: {e}", file=sys.stderr)
        return 2
    print(judging.summary_line(verdicts))
    try:
        if args.json is not None:
            args.json.write_text(json.dumps(judging.report(
                chosen, verdicts, args.playouts), indent=1) + "\n", encoding="utf-8")
        if args.keep is not None:
            args.keep.write_text(puzzle_files.dumps([
                judging.judged(p, v) for p, v in zip(chosen, verdicts, strict=True) if v.keep]),
                encoding="utf-8")
    except OSError as e:
        print(f"puzzles: cannot write {e.filename}: {e.strerror or e}", file=sys.stderr)
        return 2
    return 0 if all(v.keep for v in verdicts) else 1
