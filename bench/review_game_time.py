#!/usr/bin/env python3
"""Review of whole games in the page, as a person opens them: the time to
the first verdict and to the last. Writes bench/review_game_time.json.

Whole games to the preset's target (or ``--target``), 2 players (or
``--players 3``, ``--players 4`` as partners, ``--players 4 --alone``),
``medium`` (seat 0, the seat reviewed) against ``expert`` in every other
seat, seeded; each saved as a record and opened in
the page with ``#open-record`` (headless Debian Chromium, 1280x800, the
bots' worker running); timed from the file's choice to the first decision
in ``#review-moves`` (the first verdict) and to ``#review-progress`` hiding
(every decision analysed), timed in the page (``TIMING``), then
``#review`` closed and the next opened in the same page. Issue 29 asks: the
whole game within 30 s at p95 over 10 games, the first verdict within 2 s;
issue 41, the first verdict p95 within 1 s at every table (a game of 3 or 4
first fetches its stake's table).

    .venv/bin/python bench/review_game_time.py [--games 10] [--preset standard]
        [--players 3] [--target 150] [--pages 1] [--base OTHER_CHECKOUT]

``--pages``: that many fresh pages, each opening every game (a fresh page's
first review is its worker's first analysis: ``fresh_page_first_verdict``).
``--base``: another checkout's site too (vendored: its scripts/vendor.py
run), a page of each in turn, and this tree's figures over the base's
(``ratio``).

Writes bench/review_game_time.json (2 players, the preset's target), else a
file named by the table (review_game_time.3-players-to-150.json).
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import harness

from allfives.bots.analysis import moments
from allfives.game import Game
from allfives.record import dumps
from allfives.rules import PRESETS, Rules
from allfives.tournament import play_game

OUT = harness.BENCH / "review_game_time.json"
LEVELS = ("medium", "expert")  # seat 0, and every other seat
T = TypeVar("T")


# Timed in the page: Playwright waits for a selector by polling, at intervals
# that grow to 0.5 s, which a time of about a second would be rounded up by.
# The file's choice ("change" on #open-record), the first decision drawn in
# #review-moves, #review-progress hidden (every decision analysed).
TIMING = """
window.__chosenAt = null; window.__firstAt = null; window.__lastAt = null;
addEventListener("change", (event) => {
    if (event.target.id !== "open-record") return;
    window.__chosenAt = performance.now(); window.__firstAt = null; window.__lastAt = null;
}, true);
addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => {
        if (window.__chosenAt === null) return;
        if (window.__firstAt === null
                && document.querySelector("#review[open] #review-moves button")) {
            window.__firstAt = performance.now();
        }
        if (window.__firstAt !== null && window.__lastAt === null
                && document.querySelector("#review-progress").hidden) {
            window.__lastAt = performance.now();
        }
    }).observe(document.querySelector("#review"),
               {subtree: true, childList: true, attributes: true});
});
"""


def timed_reviews(url: str, browser: Any, paths: list[Path]) -> list[tuple[float, float]]:
    """Seconds to the first verdict and to the last, per record, opened one
    after the other in a fresh page of the site at ``url``."""
    out = []
    with harness.game_page(browser, url, TIMING, seed="1") as page:
        page.set_default_timeout(300_000)
        for path in paths:
            page.set_input_files("#open-record", str(path))
            page.wait_for_function("() => window.__lastAt !== null")
            chosen, first, last = page.evaluate(
                "[window.__chosenAt, window.__firstAt, window.__lastAt]")
            out.append(((first - chosen) / 1000, (last - chosen) / 1000))
            page.click("#review-close")
            page.wait_for_selector("#review:not([open])", state="attached")
    return out


def in_turn(trees: dict[str, Path], pages: int, timed: Callable[[str, Any], T]
            ) -> dict[str, list[T]]:
    """``timed(url, browser)`` once a fresh page, ``pages`` times for each
    tree's site, the trees taking turns (who goes first flipped every page),
    so a shared machine's load falls on both alike."""
    times: dict[str, list[T]] = {name: [] for name in trees}
    with contextlib.ExitStack() as stack:
        urls = {name: stack.enter_context(harness.serving(root)) for name, root in trees.items()}
        browser = stack.enter_context(harness.chromium())
        for k in range(pages):
            for name in (list(trees) if k % 2 == 0 else list(trees)[::-1]):
                times[name].append(timed(urls[name], browser))
    return times


def figures(per_page: list[list[tuple[float, float]]]) -> dict[str, Any]:
    """The first verdicts and whole games of every page; each page's first
    review apart (its worker's first analysis)."""
    times = [t for page in per_page for t in page]
    firsts, wholes = [t[0] for t in times], [t[1] for t in times]
    return {"first_verdict": seconds(firsts, 2), "whole_game": seconds(wholes, 1),
            "fresh_page_first_verdict": [round(page[0][0], 2) for page in per_page],
            "seconds": [[round(a, 2), round(b, 1)] for a, b in times]}


def seconds(values: list[float], digits: int) -> dict[str, float]:
    return {"p50_s": round(harness.median(values), digits),
            "p95_s": round(harness.percentile(values, 0.95), digits),
            "max_s": round(max(values), digits)}


def arguments(description: str, games: int, pages: int) -> argparse.Namespace:
    """The command line of the benches that open records in Review."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=harness.at_least(1), default=games)
    parser.add_argument("--pages", type=harness.at_least(1), default=pages,
                        help="fresh pages (each opens every game), per tree")
    harness.add_base(parser)
    parser.add_argument("--preset", choices=PRESETS, default="standard")
    harness.add_table(parser)
    args = parser.parse_args()
    harness.checked_table(parser, args)
    return args


def reviewed_games(args: argparse.Namespace) -> tuple[dict[str, Any], list[Game]]:
    """The seeded games to review (``LEVELS``), and the table as the JSON names it."""
    rules = Rules.make(args.preset, players=args.players, target=args.target,
                       partnership=args.players == 4 and not args.alone)
    levels = (LEVELS[0],) + (LEVELS[1],) * (args.players - 1)
    games = [play_game(rules, levels, f"review-game:{seed}") for seed in range(args.games)]
    table = {"preset": args.preset, "players": args.players, "partnership": rules.partnership,
             "target": rules.target, "games": args.games, "pages": args.pages,
             "levels": list(levels), "reviewed_seat": 0}
    return table, games


def saved(games: list[Game], folder: str) -> list[Path]:
    """Each game's record, written in ``folder``."""
    paths = [Path(folder) / f"game-{i}.json" for i in range(len(games))]
    for path, game in zip(paths, games, strict=True):
        path.write_text(dumps(game))
    return paths


def main() -> int:
    args = arguments(__doc__.splitlines()[0], games=10, pages=1)
    table, games = reviewed_games(args)
    with tempfile.TemporaryDirectory() as folder:
        paths = saved(games, folder)
        times = in_turn(harness.trees(args.base), args.pages,
                        lambda url, browser: timed_reviews(url, browser, paths))
    result = {**harness.identity(), **table,
              "decisions": [sum(1 for _ in moments(g, [0])) for g in games],
              "rounds": [len(g.rounds) for g in games], **figures(times["this"])}
    print(f"first verdict {result['first_verdict']}; whole game {result['whole_game']}")
    if args.base is not None:
        base = figures(times["base"])
        result["base"] = {"checkout": str(args.base), "commit": harness.commit(args.base),
                          **base}
        result["ratio"] = {f"{what}_{q}": round(result[what][f"{q}_s"] / base[what][f"{q}_s"], 3)
                           for what in ("first_verdict", "whole_game") for q in ("p50", "p95")}
        print(f"base: first verdict {base['first_verdict']}; whole game {base['whole_game']}")
        print(f"this / base: {result['ratio']}")
    harness.write_json(harness.for_table(OUT, args), result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
