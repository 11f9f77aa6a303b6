#!/usr/bin/env python3
"""Load time: navigation until the person can play, against a bare PyScript page.

Both pages load the same vendored Pyodide from the same local server, in
fresh browser contexts (cold caches), alternating, in one run:

- ``bench/bare.html``: PyScript starts Pyodide and runs one line of Python;
  the time is ``performance.now()`` when that line runs.
- ``index.html``: the game; the time is the ``allfives:human-can-play``
  performance mark, set when the hand first takes clicks. Measured with a
  seed where the person leads, and with one where a bot moves first: with
  the default settings (the lead slides in; a bot pauses only before moves
  that follow another), and with pause and animation off.

    .venv/bin/python bench/load_time.py [--runs 5]

Target: the game's time is at most 1.2 times the bare page's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from allfives import serve
from allfives.game import Game
from allfives.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
MARK = "allfives:human-can-play"
NO_PAUSE = "localStorage.setItem('allfives.settings', JSON.stringify({bot_pause: 0, speed: 'off'}))"


def seed_where(human_leads: bool) -> int:
    return next(s for s in range(1000)
                if (Game(Rules.make("standard"), str(s)).round.starter == 0) == human_leads)


def bare_ms(context: object, base: str) -> float:
    page = context.new_page()
    page.goto(base + "bench/bare.html")
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    return float(page.evaluate("Number(document.body.dataset.t)"))


def game_ms(context: object, base: str, seed: int, own: list[float]) -> float:
    """Navigation to the human-can-play mark; appends to ``own`` the part
    after Python was ready (the game's own imports, set-up and drawing)."""
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}")
    page.wait_for_selector("#status[data-phase=human]", timeout=120_000)
    ready, start = page.evaluate(
        f"['{MARK}', 'allfives:python-ready']"
        ".map(n => performance.getEntriesByName(n)[0].startTime)")
    own.append(ready - start)
    return float(ready)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if serve.missing_vendor():
        print(f"static/vendor/ is missing: run `{serve.SETUP}`", file=sys.stderr)
        return 1
    httpd = serve.make_server(0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = "http://{}:{}/".format(*httpd.server_address[:2])
    leads, follows = seed_where(True), seed_where(False)
    times: dict[str, list[float]] = {"bare": [], "game, you lead": [], "game, a bot leads": [],
                                     "  same, no pause": []}
    own: list[float] = []  # "you lead" runs only
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for _ in range(args.runs):
            for name, measure in (("bare", lambda c: bare_ms(c, base)),
                                  ("game, you lead", lambda c: game_ms(c, base, leads, own)),
                                  ("game, a bot leads", lambda c: game_ms(c, base, follows, [])),
                                  ("  same, no pause", lambda c: game_ms(c, base, follows, []))):
                context = browser.new_context()
                if name.endswith("no pause"):
                    context.add_init_script(NO_PAUSE)
                try:
                    times[name].append(measure(context))
                finally:
                    context.close()
        browser.close()
    httpd.shutdown()
    bare = statistics.median(times["bare"])
    print(f"{'page':<20} {'median ms':>10} {'ratio':>6}   runs (ms)")
    for name, values in times.items():
        med = statistics.median(values)
        runs = " ".join(f"{v:.0f}" for v in values)
        print(f"{name:<20} {med:>10.0f} {med / bare:>6.2f}   {runs}")
    print(f"of 'you lead', after Python was ready (the game's own imports, set-up, drawing): "
          f"median {statistics.median(own):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
