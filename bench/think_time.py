"""Think time per bot level in CPython: p50 and p95 over real decisions.

Each level plays whole games (standard rules) against ``medium``; every call
where the level had more than one legal move is timed. Forced moves (a single
draw, pass or play) are answered at once and left out. Writes
bench/think_time.json.

    .venv/bin/python bench/think_time.py [--games 12] [--players 2 4]
    .venv/bin/python bench/think_time.py --browser [--browser-moves 80]

``--browser`` also times the same decisions in the game's own bot worker
(Pyodide in a PyScript worker, headless Debian Chromium via Playwright): the
page is loaded from a local server, and each view is sent to the worker the
page started, the way the game asks it for a move; the time is measured in
the page, from the request to the answer.
"""

from __future__ import annotations

import argparse
import sys
import time

import harness

from allfives import __version__
from allfives.bots import BOTS, LEVELS, make_bot
from allfives.game import Game
from allfives.rules import Rules
from allfives.view import PlayerView

OUT = harness.BENCH / "think_time.json"


def timings(level: str, players: int, games: int,
            views: list[PlayerView] | None = None) -> list[float]:
    """Seconds per decision of ``level`` over ``games`` games against medium;
    the views it decided on are appended to ``views`` if given."""
    rules = Rules.make("standard", players=players)
    out: list[float] = []
    for g in range(games):
        names = [level if (seat + g) % 2 == 0 else "medium" for seat in range(players)]
        bots = [make_bot(name, f"think:{g}:{seat}") for seat, name in enumerate(names)]
        game = Game(rules, f"think:{players}:{g}")
        while not game.over and len(game.rounds) < 100:
            rnd = game.round
            while not rnd.over:
                view = PlayerView.of(rnd, rnd.turn)
                bot = bots[rnd.turn]
                if names[rnd.turn] == level and len(rnd.legal_moves()) > 1:
                    started = time.perf_counter()
                    move = bot.choose(view)
                    out.append(time.perf_counter() - started)
                    if views is not None:
                        views.append(view)
                else:
                    move = bot.choose(view)
                rnd.apply(move)
            if not game.over:
                game.next_round()
    return out


def summary(level: str, players: int | str, t: list[float], where: str) -> dict:
    row = {"level": level, "players": players, "where": where, "decisions": len(t),
           **harness.spread(t, 2, 1000)}
    print(f"{where:<8} {players}p {level:<7} n={row['decisions']:<5} p50 {row['p50_ms']:8.2f} ms  "
          f"p95 {row['p95_ms']:8.2f} ms  max {row['max_ms']:8.2f} ms")
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=12)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=(2, 3, 4))
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=BOTS)
    parser.add_argument("--browser", action="store_true",
                        help="also time the decisions in the browser worker")
    parser.add_argument("--browser-moves", type=harness.at_least(1), default=80,
                        help="decisions per level sent to the browser worker")
    args = parser.parse_args()
    rows = []
    requests: dict[str, list[dict]] = {}
    for players in args.players:
        for level in args.levels:
            views: list[PlayerView] = []
            rows.append(summary(level, players, timings(level, players, args.games, views),
                                "cpython"))
            step = max(1, len(views) // max(1, args.browser_moves // len(args.players)))
            requests.setdefault(level, []).extend(
                {"bot": level, "seed": f"think:{i}", "view": v.to_json()}
                for i, v in enumerate(views[::step]))
    if args.browser:
        for level, t in harness.worker_times(requests).items():
            rows.append(summary(level, "+".join(map(str, args.players)), t, "browser"))
    harness.write_json(OUT, {
        "about": "Think time per decision with a choice, standard rules, vs medium: "
                 "CPython in-process, and (where: browser) the page's PyScript bot worker "
                 "in headless Chromium, timed in the page per request.",
        **harness.identity(),
        "engine": __version__,
        "python": harness.python(),
        "rows": rows,
    })
    return 0


if __name__ == "__main__":
    sys.exit(main())
