"""Measure the bot levels against each other and write bench/strength.json.

Each matchup is one ``python -m allfives tournament`` run (seats rotate every
game; the master's matchups deal each seed to both seats: duplicate deals);
the file keeps every figure with the command that reproduces it, the engine
version and the git commit. ``--only NAME`` reruns some matchups and keeps
the others from the existing file.

A long matchup can be played in parts: ``--part 200`` plays at most 200 more
games of each matchup named, keeps the games so far in
bench/strength-progress.json and writes a matchup's figures once all its
games are in. Ctrl-C keeps the games played so far there too. The progress
holds a hash of the sources that decide a game; a part refuses to join games
played by other code. ``--scheduler tcp://HOST:8786`` plays the games on a
Dask cluster (docs/CLUSTER.md): the same games, the same figures.

    .venv/bin/python bench/strength.py [--jobs 2 | --scheduler tcp://HOST:8786]
        [--only expert-vs-hard] [--part 200]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass

import harness

from allfives import __version__
from allfives.bots import make_bot  # noqa: F401 (every bot imported: code_hash sees them)
from allfives.executors import ClusterError
from allfives.rules import Rules
from allfives.tournament import GameResult, lineup, play_games, summarize

OUT = harness.BENCH / "strength.json"
PROGRESS = harness.BENCH / "strength-progress.json"


@dataclass(frozen=True)
class Matchup:
    bots: tuple[str, str]
    players: int
    games: int
    target: str | None = None  # from the issue that set it
    preset: str = "standard"
    duplicate: bool = False
    partnership: bool | None = None  # the rules' own: partners with 4 players
    to: int | None = None  # the game's target score, where not the preset's own


MATCHUPS: dict[str, Matchup] = {
    "expert-vs-medium": Matchup(("expert", "medium"), 2, 300, "expert wins >= 80%"),
    "hard-vs-medium": Matchup(("hard", "medium"), 2, 400, "hard wins >= 60%"),
    "expert-vs-medium-4p": Matchup(("expert", "medium"), 4, 300, "expert side wins >= 70%"),
    "expert-vs-hard": Matchup(("expert", "hard"), 2, 300, "expert wins > 50%"),
    "expert-vs-hard-4p": Matchup(("expert", "hard"), 4, 300, "expert side wins > 50%"),
    "hard-vs-medium-4p": Matchup(("hard", "medium"), 4, 400),
    "medium-vs-easy": Matchup(("medium", "easy"), 2, 400),
    "easy-vs-random": Matchup(("easy", "random"), 2, 400),
    "master-vs-expert": Matchup(("master", "expert"), 2, 2000,
                                "master wins >= 60%, 95% interval above 55%", duplicate=True),
    "master-vs-master-28": Matchup(("master", "master-28"), 2, 1000,
                                   "no worse than the master before issue 29", duplicate=True),
    "master-vs-expert-4p": Matchup(("master", "expert"), 4, 1000, "master side wins >= 58%",
                                   duplicate=True),
    "master-vs-hard": Matchup(("master", "hard"), 2, 400, duplicate=True),
    "master-vs-medium": Matchup(("master", "medium"), 2, 300, duplicate=True),
    "master-vs-expert-five-up": Matchup(("master", "expert"), 2, 300, preset="five_up",
                                        duplicate=True),
    "master-vs-hard-4p": Matchup(("master", "hard"), 4, 200, duplicate=True),
    "master-vs-medium-4p": Matchup(("master", "medium"), 4, 100, duplicate=True),
    # issue 41: the master against itself before the game's stake with 3 and 4 players
    "master-vs-master-40-3": Matchup(("master", "master-40", "master-40"), 3, 500,
                                     "the master wins >= a third", duplicate=True),
    "master-vs-master-40-4": Matchup(("master", "master-40", "master-40", "master-40"), 4, 500,
                                     "the master wins >= a quarter", duplicate=True,
                                     partnership=False),
    "master-vs-master-40-4p": Matchup(("master", "master-40"), 4, 500,
                                      "the master's side wins >= half", duplicate=True),
    # and 2 players to a target no preset has (a preset's own has had a table since issue 29)
    "master-vs-master-40-2-to-150": Matchup(("master", "master-40"), 2, 500,
                                            "no worse than the master before issue 41",
                                            duplicate=True, to=150),
}
SEED = "1"


def command_of(m: Matchup, jobs: int, scheduler: str | None = None) -> str:
    alone = " --rule partnership=false" if m.partnership is False else ""
    to = f" --rule target={m.to}" if m.to is not None else ""
    return (f"python -m allfives tournament --bots {' '.join(m.bots)} --players {m.players} "
            f"--preset {m.preset}{alone}{to} --games {m.games} --seed {SEED} "
            + (f"--scheduler {scheduler}" if scheduler else f"--jobs {jobs}")
            + (" --duplicate" if m.duplicate else ""))


def rules_of(m: Matchup) -> Rules:
    """The rules a matchup's games are played by."""
    return Rules.make(m.preset, players=m.players,
                      **({} if m.partnership is None else {"partnership": m.partnership}),
                      **({} if m.to is None else {"target": m.to}))


def measure(name: str, jobs: int, part: int | None, progress: dict,
            scheduler: str | None = None) -> dict | None:
    """The matchup's figures once all its games are played, else None (with
    ``part``: this run played at most ``part`` more and kept them; stopped
    by Ctrl-C: it kept those played)."""
    m = MATCHUPS[name]
    rules = rules_of(m)
    seated = lineup(rules, m.bots)
    code = harness.code_hash()
    kept = progress.get(name)
    if kept is not None and kept["code"] != code:
        sys.exit(f"strength: {name}: the games kept in {PROGRESS.name} were played by other "
                 "code; delete its entry to start the matchup over")
    done = [GameResult(r[0], tuple(r[1]), r[2], None) for r in kept["games"]] if kept else []
    seconds = kept["seconds"] if kept else 0.0
    todo = m.games - len(done)
    if part is not None:
        todo = min(todo, part)
    started = time.perf_counter()
    try:
        for game in play_games(rules, seated, range(len(done), len(done) + todo), SEED, jobs,
                               m.duplicate, scheduler):
            done.append(game)
    finally:  # also when stopped: what was played is kept
        seconds = round(seconds + time.perf_counter() - started, 1)
        if len(done) < m.games:
            progress[name] = {"code": code, "seconds": seconds,
                              "games": [[r.winner, list(r.scores), r.rounds] for r in done]}
    result = summarize(rules, seated, done, SEED, m.duplicate)
    print(f"{name}: {result['sides'][0]['win_rate']:.1%} over {len(done)} of {m.games} games "
          f"in {seconds}s", file=sys.stderr)
    if len(done) < m.games:
        return None
    progress.pop(name, None)
    return {"command": command_of(m, jobs, scheduler), "target": m.target, "seconds": seconds,
            "result": result}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.add_jobs(parser, 1)
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play on the Dask cluster whose scheduler is at ADDRESS "
                        "(tcp://HOST:8786; --jobs is then unused)")
    parser.add_argument("--only", nargs="+", choices=sorted(MATCHUPS))
    parser.add_argument("--part", type=harness.at_least(1), metavar="GAMES",
                        help="play at most this many more games of each matchup, keeping them")
    args = parser.parse_args()
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    matchups = dict(old.get("matchups", {}))
    progress = json.loads(PROGRESS.read_text()) if PROGRESS.exists() else {}
    engine = {"version": __version__, "commit": harness.commit()}  # the code imported now
    for name in args.only or MATCHUPS:
        try:
            figures = measure(name, args.jobs, args.part, progress, args.scheduler)
        except ClusterError as e:
            print(f"strength: {e}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            keep(progress)
            print(f"strength: interrupted; the games played are kept in {PROGRESS.name}",
                  file=sys.stderr)
            return 130
        keep(progress)
        if figures is None:
            continue
        matchups[name] = figures
        matchups[name]["engine"] = engine
        write(matchups, engine)
    return 0


def keep(progress: dict) -> None:
    """The games of matchups not finished, kept for the next run (none: no file)."""
    if progress:
        PROGRESS.write_text(json.dumps(progress) + "\n")
    elif PROGRESS.exists():
        PROGRESS.unlink()


def write(matchups: dict, engine: dict) -> None:
    data = {
        "about": "Bot strength, issues 4 and 18. Win rates with 95% Wilson intervals; points "
                 "per round are mean points per side per round, including round-end scoring.",
        "updated": harness.now(),
        "engine": engine,
        "matchups": {k: matchups[k] for k in MATCHUPS if k in matchups},
    }
    harness.write_json(OUT, data)


if __name__ == "__main__":
    sys.exit(main())
