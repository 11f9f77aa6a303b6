#!/usr/bin/env python3
"""The page's own time per move, this tree against another (``--base``),
alternating, in one run.

- CPython: what the page's Python does for a move, less the DOM writes: the
  click's decision, the move, the save, the redraw's strings (the ``Frame``
  and the board's SVG where it changed; before frames, every string the
  table's redraw wrote), the next step and the status.
  The bots' choices are made beforehand, so their thinking is left out.
- ``--browser``: in headless Chromium, the page served from each tree, the
  person playing by clicks (no bot pause, no animation, ``easy`` bots, whose
  thinking takes a fraction of a millisecond): per person move, the click to
  its entry in ``#log``; per bot move, one ``#log`` entry to the next.

    .venv/bin/python bench/move_time.py --base /path/to/old/checkout [--games 6] [--browser]

Writes bench/move_time.json. The other tree is imported in a subprocess of
its own (``--measure``), so both run the same code paths as their page.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import harness

OUT = harness.BENCH / "move_time.json"
ASPECT = 1.6
WIDTH_PX = 900.0


# -- CPython: one tree, in this process ---------------------------------------------


class Page:
    """The page's Python for a move, through whichever layout the tree has:
    the table's rooms in layers with one redraw of a ``Frame`` (issue 28), or
    the rooms before, which drew the whole table at every move. ``steps``:
    the controller's values (its own module since issue 28)."""

    def __init__(self) -> None:
        try:
            from allfives.web.draw import board, render
            from allfives.web.play import controller, frame, steps
            from allfives.web.play.cues import cue
            from allfives.web.table import words
            from allfives.web.table.settings import Settings
            from allfives.web.table.setup import Setup
            from allfives.web.table.table import Table
            from allfives.web.table.takeback import can_take_back
            self.frames: Any = frame
        except ImportError:
            from allfives.web.play.settings import Settings
            from allfives.web.play.setup import Setup
            from allfives.web.play.table import Table
            from allfives.web.play.takeback import can_take_back

            from allfives.web.draw import board, render
            from allfives.web.play import controller, words
            from allfives.web.play.cues import cue
            steps = controller  # the controller's values were in it
            self.frames = None
        self.board, self.render, self.words, self.steps = board, render, words, steps
        self.Controller = controller.Controller
        self.cue, self.can_take_back = cue, can_take_back
        self.Settings, self.Setup, self.Table = Settings, Setup, Table
        self.last: Any = None  # the frame drawn last

    @staticmethod
    def move_value(chosen: Any) -> Any:
        """``decide``'s move as a ``Move`` (its text in trees before requests were values)."""
        from allfives.moves import parse_move
        return parse_move(chosen) if isinstance(chosen, str) else chosen

    def draw(self, ctl: Any) -> None:
        """What the page's redraw computes, without writing it anywhere: the
        frame and, where it changed, the board's SVG; before frames, every
        string ``screen.table`` wrote."""
        if self.frames is not None:
            now = self.frames.frame(ctl, True)
            scene = now.scene
            if self.last is None or self.last.scene != scene:
                self.board.board(scene.view, ASPECT, targets=scene.targets,
                                 selected=scene.selected, fresh=scene.fresh,
                                 fresh_points=scene.fresh_points, hint=scene.hint,
                                 width_px=WIDTH_PX, drawn=scene.drawn)
            self.last = now
            return
        view = ctl.view()
        news = ctl.news()
        points = news.points if news else 0
        self.render.scores(view, news.side if news and news.points else None,
                           ctl.settings.tally, points)
        self.render.seats(view)
        self.render.log(view)
        self.words.boneyard(view.player.boneyard_left)
        shown = ctl.hand(view)
        self.render.hand(shown)
        fresh = ctl.fresh
        self.board.board(view, ASPECT, targets=ctl.targets(view), selected=ctl.selected,
                         fresh=fresh.tile if fresh else None, fresh_points=points,
                         hint=ctl.hint, width_px=WIDTH_PX)
        shown.focus_after(None)
        self.can_take_back(ctl.table.game, ctl.table.viewer, ctl.table.others,
                           ctl.table.daily)

    def make(self, ctl: Any, move: Any) -> None:
        """``TablePage.make``: the move, its sound, the save, the table drawn."""
        ctl.view().player.turn  # noqa: B018 - where the tile slides from
        played = ctl.play(move)
        now = ctl.status()
        self.cue(played, now.phase)
        ctl.table.to_save()
        self.draw(ctl)

    def person(self, ctl: Any) -> None:
        """A click on the first playable tile (and the first lit place), as a
        person plays, then the turn loop's next step."""
        hand = ctl.hand(ctl.view())
        if hand.must_draw or hand.must_pass:
            reply: Any = self.steps.Play(self.move_value("draw" if hand.must_draw else "pass"))
        else:
            tile = next(t for t in hand.tiles if t in hand.playable)
            reply = ctl.click_tile(tile)
            if isinstance(reply, self.steps.Select):
                self.draw(ctl)  # the lit places
                reply = ctl.click_place(ctl.targets(ctl.view())[0].move)
        self.make(ctl, reply.move)
        ctl.next_step()
        ctl.status()


def play_games(games: int, players: int) -> dict[str, list[float]]:
    """Milliseconds per person move and per bot move over seeded whole games
    against ``medium`` bots, whose moves are chosen before the clock starts."""
    from allfives.web.bots.decide import decide

    page = Page()
    times: dict[str, list[float]] = {"person": [], "bot": []}
    for g in range(games):
        setup = page.Setup(players=players, target=150, bots=("medium",) * 3)
        ctl = page.Controller(page.Table.new(setup, f"moves:{players}:{g}"),
                                    page.Settings(bot_pause=0))
        for _ in range(2000):
            step = ctl.next_step()
            if isinstance(step, page.steps.GameOver):
                break
            if isinstance(step, page.steps.RoundOver):
                ctl.next_round()
                page.draw(ctl)
                continue
            if isinstance(step, page.steps.BotMove):
                chosen = page.move_value(decide(step.request))
                started = time.perf_counter()
                ctl.status()
                page.make(ctl, chosen)
                times["bot"].append((time.perf_counter() - started) * 1000)
            elif isinstance(step, page.steps.AutoMove):
                page.make(ctl, step.move)
            else:
                started = time.perf_counter()
                page.person(ctl)
                times["person"].append((time.perf_counter() - started) * 1000)
    return times


# -- in the page ----------------------------------------------------------------------

LOG_TIMES = """
window.__clicks = []; window.__entries = [];
addEventListener("click", () => window.__clicks.push(performance.now()), true);
addEventListener("DOMContentLoaded", () => {
    const log = document.querySelector("#log");
    let seen = 0;
    new MutationObserver(() => {
        const moves = log.querySelectorAll("li.move");
        const now = performance.now();
        for (let i = seen; i < moves.length; i++) {
            window.__entries.push([now, +moves[i].dataset.seat]);
        }
        seen = moves.length;
    }).observe(log, {childList: true});
});
"""
SETTINGS = harness.stored({"bot_pause": 0, "speed": "off"},
                          {"players": 2, "bots": ["easy", "easy", "easy"]})


def serve_tree(root: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    server = subprocess.Popen([sys.executable, "-m", "allfives", "serve", "--port", str(port)],
                              cwd=root, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    assert server.stdout is not None
    server.stdout.readline()  # it says its address once it listens
    return server


def browser_moves(browser: Any, url: str, person_moves: int) -> dict[str, list[float]]:
    """Play ``person_moves`` moves by clicks on a fresh page; per-move times."""
    with harness.game_page(browser, url, SETTINGS, LOG_TIMES, seed="3") as page:
        harness.play_through(page, lambda moves: moves >= person_moves)
        clicked = page.evaluate("window.__clicks")
        entries = page.evaluate("window.__entries")
    times: dict[str, list[float]] = {"person": [], "bot": []}
    for (at, seat), (before_at, _) in zip(entries[1:], entries, strict=False):
        if seat != 0:
            times["bot"].append(at - before_at)
        else:
            last = max((c for c in clicked if c <= at), default=None)
            if last is not None:
                times["person"].append(at - last)
    return times


# -- the run ---------------------------------------------------------------------------


def summary(values: list[float]) -> dict[str, float]:
    return {"n": len(values), **harness.spread(values, 3, figures=("p50", "p95"))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.add_base(parser)
    parser.add_argument("--games", type=harness.at_least(1), default=6,
                        help="games per tree and round (CPython)")
    parser.add_argument("--rounds", type=harness.at_least(1), default=3,
                        help="alternations of the two trees")
    parser.add_argument("--browser", action="store_true", help="also time moves in the page")
    parser.add_argument("--moves", type=harness.at_least(1), default=30,
                        help="person moves per page visit")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:  # a subprocess: this tree, CPython, as JSON
        times: dict[str, list[float]] = {"person": [], "bot": []}
        for players in (2, 4):
            for kind, values in play_games(args.games, players).items():
                times[kind] += values
        print(json.dumps(times))
        return 0
    trees = harness.trees(args.base)
    cpython: dict[str, dict[str, list[float]]] = {t: {"person": [], "bot": []} for t in trees}
    for _ in range(args.rounds):
        for name, root in trees.items():
            measured = harness.in_tree(root, __file__, "--measure", "--games", str(args.games))
            for kind, values in measured.items():
                cpython[name][kind] += values
    result: dict[str, Any] = {
        **harness.identity(argv),
        "machine": f"{harness.machine()}, Python {platform.python_version()}",
        "cpython": {t: {k: summary(v) for k, v in kinds.items()} for t, kinds in cpython.items()},
    }
    if args.browser:
        result["page"] = page_times(trees, args.rounds, args.moves)
    report(result)
    harness.write_json(OUT, result)
    return 0


def page_times(trees: dict[str, Path], rounds: int, moves: int) -> dict[str, Any]:
    port = random.randrange(20000, 30000)
    servers = {name: serve_tree(root, port + i) for i, (name, root) in enumerate(trees.items())}
    times: dict[str, dict[str, list[float]]] = {t: {"person": [], "bot": []} for t in trees}
    try:
        with harness.chromium() as browser:
            for _ in range(rounds):
                for i, name in enumerate(trees):
                    got = browser_moves(browser, f"http://127.0.0.1:{port + i}/", moves)
                    for kind, values in got.items():
                        times[name][kind] += values
    finally:
        for server in servers.values():
            server.terminate()
            server.wait()
    return {t: {k: summary(v) for k, v in kinds.items()} for t, kinds in times.items()}


def report(result: dict[str, Any]) -> None:
    for where in ("cpython", "page"):
        figures = result.get(where)
        if not figures:
            continue
        for kind in ("person", "bot"):
            this = figures["this"][kind]
            line = f"{where:8} {kind:6} this {this['p50_ms']:8.3f} ms (p95 {this['p95_ms']:.3f})"
            if "base" in figures:
                base = figures["base"][kind]
                line += (f"  base {base['p50_ms']:8.3f} ms (p95 {base['p95_ms']:.3f})"
                         f"  ratio {this['p50_ms'] / base['p50_ms']:.2f}")
            print(line)


if __name__ == "__main__":
    sys.exit(main())
