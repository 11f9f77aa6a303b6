#!/usr/bin/env python3
"""Review stepped to a decision not yet analysed, as a person steps there:
the time from the step to its verdict. Writes bench/review_step_time.json
(or a file named by the table).

The records are ``review_game_time``'s (whole games to the target, ``medium``
in seat 0, the seat reviewed, against ``expert``), each opened in Review
with ``#open-record`` (headless Debian Chromium, 1280x800, the bots' worker
running). Once its first verdict is drawn, the person steps to seat 0's
middle decision: ``#review-round-prev`` to its round's start, ``#review-next``
to it. Timed in the page: the last of those clicks to that decision's
verdict drawn in ``#review-moves`` (0 if it was there before). Then
``#review`` is closed and the next record opened in the same page.

    .venv/bin/python bench/review_step_time.py [--games 5] [--pages 2]
        [--players 3] [--target 150] [--base OTHER_CHECKOUT]

``--base``: another checkout's site too, a page of each in turn, and this
tree's figures over the base's (``ratio``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import harness
from review_game_time import arguments, in_turn, reviewed_games, saved, seconds

from allfives.bots.analysis import Moment, moments
from allfives.game import Game

OUT = harness.BENCH / "review_step_time.json"

# The last step's click, and the wanted decision's verdict drawn (``__want``:
# its chip's selector, set before the steps).
TIMING = """
window.__want = null; window.__stepAt = null; window.__shownAt = null;
addEventListener("click", (event) => {
    if (window.__want !== null && event.target.closest("#review-round-prev, #review-next")) {
        window.__stepAt = performance.now();
        if (document.querySelector(window.__want)) window.__shownAt = window.__stepAt;
    }
}, true);
addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => {
        if (window.__stepAt !== null && window.__shownAt === null
                && document.querySelector(window.__want)) {
            window.__shownAt = performance.now();
        }
    }).observe(document.querySelector("#review"),
               {subtree: true, childList: true, attributes: true});
});
"""


def middle(game: Game) -> Moment:
    """Seat 0's middle decision in play order."""
    found = list(moments(game, {0}))
    return found[len(found) // 2]


def timed_steps(url: str, browser: Any, paths: list[Path], games: list[Game]) -> list[float]:
    """Seconds from the step to the middle decision's verdict, per record,
    opened one after the other in a fresh page of the site at ``url``."""
    out = []
    with harness.game_page(browser, url, TIMING, seed="1") as page:
        page.set_default_timeout(300_000)
        for path, game in zip(paths, games, strict=True):
            page.set_input_files("#open-record", str(path))
            page.wait_for_selector("#review[open] #review-moves button")
            wanted = middle(game)
            page.evaluate("want => { window.__want = want; window.__stepAt = null; "
                          "window.__shownAt = null; }",
                          f"#review-moves [data-round='{wanted.round}']"
                          f"[data-move='{wanted.move}']")
            for _ in range(1 + len(game.rounds) - wanted.round):
                page.click("#review-round-prev")
            for _ in range(wanted.move - 1):
                page.click("#review-next")
            page.wait_for_function("() => window.__shownAt !== null")
            step, shown = page.evaluate("[window.__stepAt, window.__shownAt]")
            out.append((shown - step) / 1000)
            page.evaluate("window.__want = null")
            page.click("#review-close")
            page.wait_for_selector("#review:not([open])", state="attached")
    return out


def main() -> int:
    args = arguments(__doc__.splitlines()[0], games=5, pages=2)
    table, games = reviewed_games(args)
    with tempfile.TemporaryDirectory() as folder:
        paths = saved(games, folder)
        times = in_turn(harness.trees(args.base), args.pages,
                        lambda url, browser: timed_steps(url, browser, paths, games))
    result = {**harness.identity(), **table,
              "stepped_to": [[m.round, m.move] for m in map(middle, games)],
              "step_to_verdict": figures(times["this"])}
    print(f"step to verdict {result['step_to_verdict']}")
    if args.base is not None:
        base = figures(times["base"])
        result["base"] = {"checkout": str(args.base), "commit": harness.commit(args.base),
                          "step_to_verdict": base}
        result["ratio"] = {q: round(result["step_to_verdict"][f"{q}_s"] / base[f"{q}_s"], 3)
                           for q in ("p50", "p95")}
        print(f"base: step to verdict {base}; this / base: {result['ratio']}")
    harness.write_json(harness.for_table(OUT, args), result)
    return 0


def figures(per_page: list[list[float]]) -> dict[str, Any]:
    times = [t for page in per_page for t in page]
    return {**seconds(times, 2), "seconds": [round(t, 2) for t in times]}


if __name__ == "__main__":
    raise SystemExit(main())
