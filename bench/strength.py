"""Measure the bot levels against each other and write bench/strength.json.

Each matchup is one ``python -m allfives tournament`` run (seats rotate every
game); the file keeps every figure with the command that reproduces it, the
engine version and the git commit. ``--only NAME`` reruns some matchups and
keeps the others from the existing file.

    .venv/bin/python bench/strength.py [--jobs 2] [--only expert-vs-hard]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from allfives import __version__
from allfives.rules import Rules
from allfives.tournament import run

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "strength.json"

# name: (bots, players, games, target from issue 4 or None)
MATCHUPS: dict[str, tuple[tuple[str, str], int, int, str | None]] = {
    "expert-vs-medium": (("expert", "medium"), 2, 300, "expert wins >= 80%"),
    "hard-vs-medium": (("hard", "medium"), 2, 400, "hard wins >= 60%"),
    "expert-vs-medium-4p": (("expert", "medium"), 4, 300, "expert side wins >= 70%"),
    "expert-vs-hard": (("expert", "hard"), 2, 300, "expert wins > 50%"),
    "expert-vs-hard-4p": (("expert", "hard"), 4, 300, "expert side wins > 50%"),
    "hard-vs-medium-4p": (("hard", "medium"), 4, 400, None),
    "medium-vs-easy": (("medium", "easy"), 2, 400, None),
    "easy-vs-random": (("easy", "random"), 2, 400, None),
}
SEED = "1"


def git_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "allfives",
                                ":!allfives/web"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
        return out.stdout.strip() + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def measure(name: str, jobs: int) -> dict:
    bots, players, games, target = MATCHUPS[name]
    rules = Rules.make("standard", players=players)
    command = (f"python -m allfives tournament --bots {' '.join(bots)} --players {players} "
               f"--games {games} --seed {SEED} --jobs {jobs}")
    started = time.perf_counter()
    result = run(rules, bots, games, SEED, jobs)
    seconds = round(time.perf_counter() - started, 1)
    print(f"{name}: {result['sides'][0]['win_rate']:.1%} over {games} games in {seconds}s",
          file=sys.stderr)
    return {"command": command, "target": target, "seconds": seconds, "result": result}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", nargs="+", choices=sorted(MATCHUPS))
    args = parser.parse_args()
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    matchups = dict(old.get("matchups", {}))
    engine = {"version": __version__, "commit": git_commit()}  # the code imported now
    for name in args.only or MATCHUPS:
        matchups[name] = measure(name, args.jobs)
        matchups[name]["engine"] = engine
    data = {
        "about": "Bot strength, issue 4. Win rates with 95% Wilson intervals; points per "
                 "round are mean points per side per round, including round-end scoring.",
        "updated": datetime.now(UTC).isoformat(timespec="seconds"),
        "engine": engine,
        "matchups": {k: matchups[k] for k in MATCHUPS if k in matchups},
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
