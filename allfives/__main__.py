"""Command line: ``allfives replay FILE``, ``review FILE``, ``tournament``, ``puzzles``
and ``serve``.

Bad input never shows a traceback: one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import executors, observed, tournament
from .bots import BOTS, analysis
from .coach import judging, mining, report
from .coach import puzzles as puzzle_files
from .errors import AllFivesError, RecordError
from .game import Game
from .record import loads, summary
from .rules import OPTION_NAMES, PRESETS, Rules

INTERRUPTED = 130  # what shells report for a command stopped by Ctrl-C (128 + SIGINT)


class Parser(argparse.ArgumentParser):
    """Usage errors in one line (``allfives tournament: argument --games: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def read_record(path: str) -> Game | observed.ObservedGame | None:
    """The game in a record file (a game observed at a real table too), or
    None after saying in one line why not."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"record: cannot read {path}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return None
    try:
        return observed.loads(text) if observed_record(text) else loads(text)
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return None


def observed_record(text: str) -> bool:
    """Whether the text is a record of a game observed at a real table."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return False  # the record reader says what is wrong
    return observed.is_observed_record(data)


def cmd_replay(args: argparse.Namespace) -> int:
    game = read_record(args.file)
    if game is None:
        return 2
    print(json.dumps(summary(game)))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    game = read_record(args.file)
    if game is None:
        return 2
    if args.seat is not None and not 0 <= args.seat < game.rules.players:
        print(f"review: the record has seats 0 to {game.rules.players - 1}, not {args.seat}",
              file=sys.stderr)
        return 2
    if isinstance(game, observed.ObservedGame):
        if game.known_seat is None or args.seat not in (None, game.known_seat):
            print("review: a game at a real table is reviewed from the seat whose hand was "
                  + ("entered: no hand was" if game.known_seat is None
                     else f"entered, seat {game.known_seat}"), file=sys.stderr)
            return 2
        found = list(analysis.moments(game))
    else:
        found = list(analysis.moments(game, None if args.seat is None else {args.seat}))
    progress = Progress(len(found), None if args.quiet or not sys.stderr.isatty()
                        else sys.stderr, unit="decisions")
    decisions = []
    try:
        for moment in found:
            decisions.append(analysis.analyse(moment))
            progress(len(decisions))
    finally:
        progress.clear()
    if args.json:
        print(json.dumps(report.to_json(decisions, game.rules.divisor)))
    else:
        print(report.format_table(decisions, game.rules.divisor,
                                  analysis.reply_counted(game.rules)))
    return 0


def _option(text: str) -> tuple[str, object]:
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


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 up, not {text!r}")
    return number


def _port(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return number


class Progress:
    """Counts finished games; on a stream (a terminal), shows the count in one
    line rewritten in place, at most five times a second, until cleared."""

    def __init__(self, total: int, stream: TextIO | None, unit: str = "games") -> None:
        self.total = total
        self.stream = stream
        self.unit = unit
        self.done = 0
        self.start = time.monotonic()
        self.shown_at = float("-inf")
        self.width = 0  # of the longest line shown
        self(0)

    def __call__(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if self.stream is None or (now - self.shown_at < 0.2 and done < self.total):
            return
        self.shown_at = now
        line = tournament.progress_line(done, self.total, now - self.start, self.unit)
        # padded to the longest line yet, which is what clear() covers (widened
        # before writing, in case Ctrl-C stops us mid-way)
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()

    def clear(self) -> None:
        if self.stream is not None and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def cmd_tournament(args: argparse.Namespace) -> int:
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
    kept_in = Path(args.progress) if args.progress else None
    run = {"rules": rules.to_dict(), "bots": seated, "seed": str(args.seed),
           "duplicate": args.duplicate}
    games = None if kept_in is None else read_progress(kept_in, "tournament", run,
                                                       tournament.kept_game)
    if kept_in is not None and games is None:
        return 2
    progress = Progress(args.games, None if args.quiet or not sys.stderr.isatty()
                        else sys.stderr)

    def on_game(done: int) -> None:
        progress(done)
        if kept_in is not None and games is not None:
            write_progress(kept_in, run, games)

    try:
        try:
            result = tournament.run(rules, seated, args.games, args.seed, args.jobs, records,
                                    on_game=on_game, duplicate=args.duplicate,
                                    scheduler=args.scheduler, kept=games)
        finally:
            progress.clear()
    except executors.ClusterError as e:
        print(f"tournament: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tournament: interrupted after {progress.done} of {args.games} games",
              file=sys.stderr)
        return INTERRUPTED
    except OSError as e:  # the records folder filled up or went away mid-way
        print(f"tournament: cannot write a record: {e.strerror or e}", file=sys.stderr)
        return 1
    print(json.dumps(result) if args.json else tournament.format_table(result))
    return 0


PROGRESS_FORMAT = "allfives-progress/1"


def read_progress(path: Path, command: str, run: object,
                  valid: Callable[[Any], bool]) -> dict[str, Any] | None:
    """The games a stopped run kept in ``path`` (none yet if it does not
    exist), or None after saying in one line why they cannot be taken: not
    such a file (or a game in it not ``valid``), other code's games, or
    (``run``: what defines the run, as JSON) another run's."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        print(f"{command}: cannot read {path}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        return None
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT \
            or not isinstance(data.get("games"), dict) \
            or not all(valid(game) for game in data["games"].values()):
        print(f"{command}: {path} is not a file of games kept ({PROGRESS_FORMAT})",
              file=sys.stderr)
        return None
    if data.get("code") != executors.code_digest():
        print(f"{command}: the games kept in {path} were played by other code: move it away "
              "to start over", file=sys.stderr)
        return None
    if data.get("run") != run:
        print(f"{command}: the games kept in {path} are another run's: move it away to "
              "start over", file=sys.stderr)
        return None
    games: dict[str, Any] = data["games"]
    return games


def write_progress(path: Path, run: object, games: dict[str, Any]) -> None:
    path.write_text(json.dumps({"format": PROGRESS_FORMAT, "code": executors.code_digest(),
                                "run": run, "games": games}, separators=(",", ":")) + "\n",
                    encoding="utf-8")


def cmd_puzzles_generate(args: argparse.Namespace) -> int:
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
    kept_in = Path(args.progress) if args.progress else None
    games = None if kept_in is None else read_progress(kept_in, "puzzles", None,
                                                       mining.kept_game)
    if kept_in is not None and games is None:
        return 2
    progress = Progress(args.games, None if args.quiet or not sys.stderr.isatty()
                        else sys.stderr)

    def on_game(done: int) -> None:
        progress(done)
        if kept_in is not None and games is not None:
            write_progress(kept_in, None, games)

    started = time.monotonic()
    try:
        try:
            found, tally = mining.run(mining.tasks(args.games, args.seed, configs), args.jobs,
                                      on_game=on_game, kept=games, scheduler=args.scheduler)
        finally:
            progress.clear()
    except executors.ClusterError as e:
        print(f"puzzles: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"puzzles: interrupted after {progress.done} of {args.games} games",
              file=sys.stderr)
        return INTERRUPTED
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


def cmd_puzzles_list(args: argparse.Namespace) -> int:
    found = read_puzzles(args.file)
    if found is None:
        return 2
    print(json.dumps(mining.counts(found), indent=1))
    return 0


def writable(path: Path | None) -> bool:
    """Whether ``path`` (None: not asked for) names a file in a folder that exists."""
    return path is None or (bool(path.name) and not path.is_dir() and path.parent.is_dir())


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


def cmd_puzzles_check(args: argparse.Namespace) -> int:
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
    progress = Progress(len(chosen), None if args.quiet or not sys.stderr.isatty()
                        else sys.stderr, unit="puzzles")
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


def cmd_serve(args: argparse.Namespace) -> int:
    from .site import serve
    return serve.run(args.port)


def add_workers(p: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--scheduler``: where a long command's work runs."""
    p.add_argument("--jobs", type=_positive, default=tournament.default_jobs(),
                   help="worker processes (default: one per core)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on the Dask cluster whose scheduler is at ADDRESS "
                   "(tcp://HOST:8786; --jobs is then unused; needs allfives[cluster]: "
                   "docs/CLUSTER.md)")


def make_parser(prog: str) -> Parser:
    parser = Parser(prog=prog, description="All Fives dominoes")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a game record and print its summary as JSON")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("review", help="every decision in a game record valued (solved exactly "
                       "where nothing is hidden, else the master's estimate), graded, with each "
                       "seat's accuracy")
    p.add_argument("file")
    p.add_argument("--seat", type=int, help="review only this seat's decisions (default: all)")
    p.add_argument("--json", action="store_true", help="print the decisions as JSON")
    p.add_argument("--quiet", action="store_true",
                   help="no progress line (it is shown only when stderr is a terminal)")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("tournament", help="play many games between bots")
    p.add_argument("--bots", nargs="+", default=["greedy", "random"], choices=sorted(BOTS),
                   help="one bot per seat (or per side with partnerships)")
    p.add_argument("--players", type=int, help="2, 3 or 4 (default: one per bot)")
    p.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    p.add_argument("--rule", type=_option, action="append", default=[], metavar="NAME=VALUE",
                   help="override a rule option, e.g. target=150 or partnership=false")
    p.add_argument("--games", type=_positive, default=100)
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
    p.add_argument("--quiet", action="store_true",
                   help="no progress line (it is shown only when stderr is a terminal)")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("puzzles", help="find the best play: make, list and check puzzle files")
    puzzles = p.add_subparsers(dest="action", required=True)
    q = puzzles.add_parser("generate", help="find puzzles in games of the master and the expert")
    q.add_argument("--out", required=True, help="the puzzle file to write")
    q.add_argument("--stats", help="where the run's figures go "
                   "(default: beside --out, named NAME-generation.json)")
    q.add_argument("--games", type=_positive, default=60)
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
    q.add_argument("--per-config", type=_positive, metavar="N",
                   help="write at most N puzzles of each preset and players "
                   "(those with the lowest ids; default: all)")
    q.add_argument("--quiet", action="store_true",
                   help="no progress line (it is shown only when stderr is a terminal)")
    q.set_defaults(func=cmd_puzzles_generate)
    q = puzzles.add_parser("list", help="how many puzzles a file holds, by rules and rating")
    q.add_argument("file")
    q.set_defaults(func=cmd_puzzles_list)
    q = puzzles.add_parser("check", help="judge every answer: solved exactly where nothing is "
                           "hidden, else by two estimates (the master's search and greedy "
                           "playouts); one line a puzzle, then a summary; status 1 if any is "
                           "dropped")
    q.add_argument("file")
    q.add_argument("--playouts", type=_positive, default=judging.PLAYOUTS,
                   help="per estimate, shared by the legal moves (default %(default)s)")
    q.add_argument("--id", action="append", default=[], metavar="ID",
                   help="check only this puzzle (again for more)")
    add_workers(q)
    q.add_argument("--keep", type=Path, metavar="FILE",
                   help="write the puzzles kept here, with the judge's method, losses and margin")
    q.add_argument("--json", type=Path, metavar="FILE",
                   help="write every verdict and the summary here as JSON")
    q.add_argument("--quiet", action="store_true",
                   help="no progress line (it is shown only when stderr is a terminal)")
    q.set_defaults(func=cmd_puzzles_check)

    p = sub.add_parser("serve", help="serve the browser game on 127.0.0.1 and print its address")
    p.add_argument("--port", type=_port, default=8000, help="default 8000; 0 picks a free port")
    p.set_defaults(func=cmd_serve)
    return parser


def main(argv: list[str] | None = None, prog: str = "allfives") -> int:
    """Run a command; ``prog`` names the command in messages (the console
    script is ``allfives``)."""
    args = make_parser(prog).parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.func
    try:
        status = command(args)
        sys.stdout.flush()  # here, so that a closed pipe is caught here
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # `... | head`: the reader has gone, nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main(prog=f"{Path(sys.executable).name} -m allfives"))
