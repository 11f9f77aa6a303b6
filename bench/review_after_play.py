#!/usr/bin/env python3
"""Review opened at the end of a game played in the page, as a person opens
it: the time from the click on the game-over panel's Review to the first
verdict. Writes bench/review_after_play.json (or a file named by the table).

Each game is dealt from its seed in a fresh page (headless Debian Chromium,
1280x800, no bot pause, no animation) and played to its end: the person
clicks the first playable tile at its first lit place, against ``expert``
bots; each round's end stays on screen ``--read`` seconds before the next
round is dealt, and the game's end as long before Review is clicked (a
person reading the scores). While play waits so, the bots' worker analyses
the first decisions Review will ask for (``allfives.web.review.ahead``).
Timed in the page: the click to the first decision drawn in
``#review-moves``.

    .venv/bin/python bench/review_after_play.py [--games 5] [--read 2.0]
        [--players 3] [--target 150] [--base OTHER_CHECKOUT]

``--base``: another checkout's site too (vendored: its scripts/vendor.py
run), a page of each in turn, and this tree's figures over the base's
(``ratio``).
"""

from __future__ import annotations

import argparse
import contextlib
import time
from typing import Any

import harness

OUT = harness.BENCH / "review_after_play.json"
BOTS = ["expert", "expert", "expert"]
# The click on the game-over panel's Review, and the first decision drawn.
TIMING = """
window.__clickAt = null; window.__firstAt = null;
addEventListener("click", (event) => {
    if (event.target.closest("#game-over-review")) {
        window.__clickAt = performance.now(); window.__firstAt = null;
    }
}, true);
addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => {
        if (window.__clickAt !== null && window.__firstAt === null
                && document.querySelector("#review[open] #review-moves button")) {
            window.__firstAt = performance.now();
        }
    }).observe(document.querySelector("#review"),
               {subtree: true, childList: true, attributes: true});
});
"""


def reviewed_after_play(browser: Any, url: str, seed: str, table: dict[str, Any],
                        read: float) -> dict[str, Any]:
    """Play the game dealt from ``seed`` to its end, wait ``read`` s at each
    round's end and the game's, open Review; seconds to its first verdict."""
    script = harness.stored({"bot_pause": 0, "speed": "off"}, {**table, "bots": BOTS})
    with harness.game_page(browser, url, script, TIMING, seed=seed) as page:
        page.set_default_timeout(300_000)
        rounds = 0
        while True:
            harness.play_through(page, lambda _: False, deal_next=False)
            rounds += 1
            time.sleep(read)
            if page.get_attribute("#status", "data-phase") == "game-over":
                break
            page.click("#next-round")
            page.wait_for_selector("#status:not([data-phase=round-over])")
        page.click("#game-over-review")
        page.wait_for_function("() => window.__firstAt !== null")
        clicked, first = page.evaluate("[window.__clickAt, window.__firstAt]")
        return {"seed": seed, "rounds": rounds,
                "first_verdict_s": round((first - clicked) / 1000, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=5)
    parser.add_argument("--read", type=float, default=2.0,
                        help="seconds each round's end and the game's stay on screen")
    harness.add_base(parser)
    harness.add_table(parser)
    args = parser.parse_args()
    harness.checked_table(parser, args)
    if args.read < 0:
        parser.error("--read must be 0 or more")
    table = harness.table_setup(args)
    trees = harness.trees(args.base)
    games: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    with contextlib.ExitStack() as stack:
        urls = {name: stack.enter_context(harness.serving(root)) for name, root in trees.items()}
        browser = stack.enter_context(harness.chromium())
        for k in range(args.games):
            for name in (list(trees) if k % 2 == 0 else list(trees)[::-1]):
                games[name].append(reviewed_after_play(browser, urls[name], f"after-play:{k}",
                                                       table, args.read))
                print(name, games[name][-1], flush=True)
    result = {**harness.identity(), **table, "bots": BOTS, "games": args.games,
              "read_s": args.read, **figures(games["this"])}
    if args.base is not None:
        base = figures(games["base"])
        result["base"] = {"checkout": str(args.base), "commit": harness.commit(args.base), **base}
        result["ratio"] = {q: round(result["first_verdict"][f"{q}_s"]
                                    / base["first_verdict"][f"{q}_s"], 3) for q in ("p50", "p95")}
        print(f"this / base: {result['ratio']}")
    harness.write_json(harness.for_table(OUT, args), result)
    return 0


def figures(games: list[dict[str, Any]]) -> dict[str, Any]:
    times = [g["first_verdict_s"] for g in games]
    return {"first_verdict": {"p50_s": round(harness.median(times), 3),
                              "p95_s": round(harness.percentile(times, 0.95), 3),
                              "max_s": round(max(times), 3)},
            "per_game": games}


if __name__ == "__main__":
    raise SystemExit(main())
