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
import json
import platform
import statistics
import sys
import time
from pathlib import Path

from allfives import __version__
from allfives.bots import LEVELS, make_bot
from allfives.game import Game
from allfives.rules import Rules
from allfives.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "think_time.json"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


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


def browser_timings(requests: dict[str, list[dict]],
                    method: str = "choose") -> dict[str, list[float]]:
    """Seconds per request, per group, answered by the page's bot worker's
    ``method`` (``choose`` for a move, ``review`` for an analysis)."""
    import threading

    from playwright.sync_api import sync_playwright

    from allfives.site import serve

    httpd = serve.make_server(0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    host, port = httpd.server_address[:2]
    flags = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync"]
    out: dict[str, list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=flags)
            page = browser.new_page()
            page.goto(f"http://{host}:{port}/index.html")
            page.wait_for_selector("#status[data-phase=human]", timeout=120_000)
            page.evaluate("""async ([req, method]) => {  // until the worker answers
                for (let i = 0; ; i++) {
                    try {
                        const el = document.querySelector('script[worker][name=bots]');
                        return await el.xworker.sync[method](JSON.stringify(req));
                    } catch (e) {
                        if (i > 240) throw e;
                        await new Promise(ok => setTimeout(ok, 500));
                    }
                }
            }""", [next(iter(requests.values()))[0], method])
            for level, reqs in requests.items():
                out[level] = [ms / 1000 for ms in page.evaluate("""async ([reqs, method]) => {
                    const bots = document.querySelector('script[worker][name=bots]').xworker.sync;
                    const times = [];
                    for (const req of reqs) {
                        const started = performance.now();
                        await bots[method](JSON.stringify(req));
                        times.push(performance.now() - started);
                    }
                    return times;
                }""", [reqs, method])]
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return out


def summary(level: str, players: int | str, t: list[float], where: str) -> dict:
    row = {"level": level, "players": players, "where": where, "decisions": len(t),
           "p50_ms": round(1000 * statistics.median(t), 2),
           "p95_ms": round(1000 * percentile(t, 0.95), 2),
           "max_ms": round(1000 * max(t), 2)}
    print(f"{where:<8} {players}p {level:<7} n={row['decisions']:<5} p50 {row['p50_ms']:8.2f} ms  "
          f"p95 {row['p95_ms']:8.2f} ms  max {row['max_ms']:8.2f} ms")
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--browser", action="store_true",
                        help="also time the decisions in the browser worker")
    parser.add_argument("--browser-moves", type=int, default=80,
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
        for level, t in browser_timings(requests).items():
            rows.append(summary(level, "+".join(map(str, args.players)), t, "browser"))
    OUT.write_text(json.dumps({
        "about": "Think time per decision with a choice, standard rules, vs medium: "
                 "CPython in-process, and (where: browser) the page's PyScript bot worker "
                 "in headless Chromium, timed in the page per request.",
        "command": "python bench/think_time.py " + " ".join(sys.argv[1:]),
        "engine": __version__,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "rows": rows,
    }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
