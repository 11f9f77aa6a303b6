#!/usr/bin/env python3
"""The delay the coach adds to the person's move, measured in the page.

Headless Chromium plays the same deal twice per think time, alternating:
the coach off (the baseline), then on (``blunders``: it stops only
blunders), the person clicking the first playable tile (and its first lit
place) after ``think`` seconds of looking, as a person does, against
``easy`` bots, with no bot pause and no animation. For each move with a
choice (the only ones the coach judges) it times, in the page, the click
that makes the move to the move's entry in ``#log``, or to the coach's
dialog opening (then *Play anyway* plays the same move, so both runs play
the same game). A think time of 0 clicks as soon as the hand is playable:
the analysis has not finished, and the click waits for it at most
``advisor.WAIT_SECONDS`` before the move is played unasked.

    .venv/bin/python bench/coach_delay.py [--moves 30] [--think 1.0 0]
        [--players 3] [--target 150]

Writes bench/coach_delay.json (2 players, the preset's target; else a file
named by the table, coach_delay.3-players.json): per think time and coach setting, the moves
timed, p50 / p95 / max in ms (and of the moves played without the dialog),
how many analyses were ready at the click and how many moves the coach
stopped, and the ratios of on to off.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import harness

OUT = harness.BENCH / "coach_delay.json"
SEED = "3"
# The click that makes a move, and the page's answer: the move's #log entry or
# the coach's dialog opening, whichever comes first after it.
TIMING = """
window.__clickAt = null; window.__answerAt = null; window.__coachAt = null;
addEventListener("click", () => {
    window.__clickAt = performance.now(); window.__coachAt = document.body.dataset.coach;
}, true);
addEventListener("DOMContentLoaded", () => {
    const answered = () => {
        if (window.__answerAt === null) window.__answerAt = performance.now();
    };
    let moves = 0;
    new MutationObserver(() => {
        const now = document.querySelectorAll("#log li.move").length;
        if (now > moves) answered();
        moves = now;
    }).observe(document.querySelector("#log"), {childList: true});
    new MutationObserver(() => { if (document.querySelector("#coach").open) answered(); })
        .observe(document.querySelector("#coach"), {attributes: true, attributeFilter: ["open"]});
});
"""


def visit(browser: Any, url: str, coach: str, think: float, moves: int,
          table: dict[str, Any]) -> list[dict[str, Any]]:
    """Play ``moves`` moves with a choice on a fresh page at ``table`` (the new
    game's players, partnership and target); one row per move."""
    rows: list[dict[str, Any]] = []
    script = harness.stored({"bot_pause": 0, "speed": "off", "coach": coach},
                            {**table, "bots": ["easy", "easy", "easy"]})
    with harness.game_page(browser, url, script, TIMING, seed=SEED) as page:
        harness.play_through(page, lambda _: len(rows) >= moves,
                             tile=lambda page: rows.extend(timed_play(page, think)))
    return rows


def timed_play(page: Any, think: float) -> list[dict[str, Any]]:
    """Play the first playable tile (at its first lit place) after ``think`` s;
    the move's timing if it had a choice."""
    tiles = page.locator("#hand [data-playable=true]")
    choice = tiles.count() > 1
    time.sleep(think)
    page.evaluate("window.__answerAt = null")
    tiles.first.click()
    # the move played at once (a tile with one place), or its places lit: the page
    # answers the click after it returns
    page.wait_for_function("() => window.__answerAt !== null"
                           " || document.querySelector('#board [data-target]') !== null")
    places = page.locator("#board [data-target]")
    if page.evaluate("window.__answerAt === null") and places.count():
        choice = choice or places.count() > 1
        page.evaluate("window.__answerAt = null")
        places.first.click()
    page.wait_for_function("() => window.__answerAt !== null")
    clicked, answered, state = page.evaluate(
        "[window.__clickAt, window.__answerAt, window.__coachAt]")
    stopped = bool(page.evaluate("document.querySelector('#coach').open"))
    if stopped:
        page.click("#coach-play")
    if not choice:
        return []
    return [{"ms": answered - clicked, "ready": state == "ready", "stopped": stopped}]


def summary(rows: list[dict[str, Any]], think: float, coach: str) -> dict[str, Any]:
    ms = [r["ms"] for r in rows]
    out = {"think_s": think, "coach": coach, "moves": len(ms), **harness.spread(ms, 1),
           "ready_at_click": sum(r["ready"] for r in rows),
           "stopped": sum(r["stopped"] for r in rows)}
    played = [r["ms"] for r in rows if not r["stopped"]]
    if played and len(played) < len(ms):  # the moves played at once, without the dialog
        out |= {f"played_{k}": v
                for k, v in harness.spread(played, 1, figures=("p50", "p95")).items()}
    print(f"think {think:.1f} s, coach {coach:<8} n={out['moves']:<3} p50 {out['p50_ms']:6.1f} ms "
          f"p95 {out['p95_ms']:6.1f} ms  max {out['max_ms']:6.1f} ms  ready {out['ready_at_click']}"
          f"  stopped {out['stopped']}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=harness.at_least(1), default=30,
                        help="moves with a choice timed per think time and setting")
    parser.add_argument("--think", type=float, nargs="+", default=[1.0, 0.0],
                        help="seconds the person looks before clicking")
    harness.add_table(parser)
    args = parser.parse_args(argv)
    if any(t < 0 for t in args.think):
        parser.error("--think must be at least 0")
    harness.checked_table(parser, args)
    table = harness.table_setup(args)
    rows = []
    with harness.serving() as url, harness.chromium() as browser:
        for think in args.think:
            off = summary(visit(browser, url, "off", think, args.moves, table), think, "off")
            on = summary(visit(browser, url, "blunders", think, args.moves, table), think,
                         "blunders")
            rows += [off, on]
            rows.append({"think_s": think, "ratio_p50": round(on["p50_ms"] / off["p50_ms"], 2),
                         "ratio_p95": round(on["p95_ms"] / off["p95_ms"], 2),
                         "added_p95_ms": round(on["p95_ms"] - off["p95_ms"], 1)})
            print(f"think {think:.1f} s: on/off p50 {rows[-1]['ratio_p50']}x, "
                  f"p95 {rows[-1]['ratio_p95']}x", flush=True)
    harness.write_json(harness.for_table(OUT, args), {
        "about": "Click to move (or to the coach's dialog) in the page, headless Chromium, "
                 f"deal ?seed={SEED}, {args.players} players"
                 f"{' alone' if args.alone else ''} against easy, no bot pause or animation; "
                 "the coach off, then on (blunders), the same moves; only moves with a choice.",
        "table": table,
        **harness.identity(argv),
        "python": harness.python(),
        "rows": rows,
    })
    return 0


if __name__ == "__main__":
    sys.exit(main())
