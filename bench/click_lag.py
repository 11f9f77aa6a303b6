#!/usr/bin/env python3
"""A click while the page's Python works: how long Close takes to close
Review while the page plays out its half of the first verdict. Writes
bench/click_lag.json.

Whole games of 3 players to 150 (``medium`` in seat 0 against two
``expert``), seeded, each saved as a record and opened in a fresh page's
Review (``#open-record``; headless Debian Chromium, 1280x800, the bots'
worker running); ``--after`` ms after the dialog opens, ``#review-close`` is
clicked in the page, and the time until ``#review`` is no longer open is
taken in the page. An analysis pauses every ``decide.PAGE_PACE.slice``
seconds on the page, so a click should wait about that long at most.

    .venv/bin/python bench/click_lag.py [--games 4] [--pages 2] [--after 120]
        [--base OTHER_CHECKOUT]

``--base``: another checkout's site too (vendored), a page of each in turn,
and this tree's figures over the base's (``ratio``).
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
from pathlib import Path
from typing import Any

import harness

from allfives.record import dumps
from allfives.rules import Rules
from allfives.tournament import play_game

OUT = harness.BENCH / "click_lag.json"
LEVELS = ("medium", "expert", "expert")
SETTLE_MS = 1500  # after a close, before the next record: the worker's half ends

# Close clicked in the page, timed until #review is no longer open.
CLOSED_AFTER = """() => new Promise((done) => {
    const review = document.querySelector('#review');
    const started = performance.now();
    new MutationObserver((_, watching) => {
        if (!review.open) { watching.disconnect(); done(performance.now() - started); }
    }).observe(review, {attributes: true});
    document.querySelector('#review-close').click();
})"""


def lags(url: str, browser: Any, paths: list[Path], after: int) -> list[float]:
    """Milliseconds from Close clicked to Review closed, per record, in a fresh page."""
    out = []
    with harness.game_page(browser, url, seed="1") as page:
        page.set_default_timeout(60_000)
        for path in paths:
            page.set_input_files("#open-record", str(path))
            page.wait_for_selector("#review[open]")
            page.wait_for_timeout(after)
            out.append(round(page.evaluate(CLOSED_AFTER), 1))
            page.wait_for_timeout(SETTLE_MS)
    return out


def figures(values: list[float]) -> dict[str, Any]:
    return {"p50_ms": round(harness.median(values), 1),
            "p95_ms": round(harness.percentile(values, 0.95), 1),
            "max_ms": max(values), "ms": values}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=4)
    parser.add_argument("--pages", type=harness.at_least(1), default=2,
                        help="fresh pages (each opens every game), per tree")
    parser.add_argument("--after", type=harness.at_least(0), default=120,
                        help="ms after Review opens, the click")
    harness.add_base(parser)
    args = parser.parse_args()
    rules = Rules.make("standard", players=3, target=150)
    games = [play_game(rules, LEVELS, f"review-game:{seed}") for seed in range(args.games)]
    trees = harness.trees(args.base)
    times: dict[str, list[float]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        paths = []
        for i, game in enumerate(games):
            paths.append(Path(folder) / f"game-{i}.json")
            paths[-1].write_text(dumps(game))
        urls = {name: stack.enter_context(harness.serving(root)) for name, root in trees.items()}
        browser = stack.enter_context(harness.chromium())
        for k in range(args.pages):  # the trees take turns, who goes first flipped every page
            for name in (list(trees) if k % 2 == 0 else list(trees)[::-1]):
                times[name] += lags(urls[name], browser, paths, args.after)
    result = {**harness.identity(), "games": args.games, "pages": args.pages,
              "after_ms": args.after, "levels": list(LEVELS), **figures(times["this"])}
    print(f"Close took {result['p50_ms']} ms at p50, {result['p95_ms']} ms at p95")
    if args.base is not None:
        base = figures(times["base"])
        result["base"] = {"checkout": str(args.base), "commit": harness.commit(args.base),
                          **base}
        result["ratio"] = {q: round(result[f"{q}_ms"] / base[f"{q}_ms"], 3)
                           for q in ("p50", "p95")}
        print(f"base: {base['p50_ms']} ms at p50, {base['p95_ms']} ms at p95; "
              f"this / base: {result['ratio']}")
    harness.write_json(OUT, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
