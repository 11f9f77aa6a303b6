#!/usr/bin/env python3
"""Load time as people meet it: the game against a bare PyScript page.

Both pages load the same vendored Pyodide from one local server, in
headless Chromium, alternating, in one run:

- ``bench/bare.html``: PyScript starts Pyodide and runs one line of Python;
  its time is ``performance.now()`` when that line runs.
- ``index.html``: the game, with a seed where the person leads; its time is
  the ``allfives:human-can-play`` performance mark (the hand takes clicks).

Each run measures, for both pages:

- cold: a fresh browser context (empty caches, no service worker), and the
  bytes the server sent for the whole visit (for the game: until the
  snapshot is made and the service worker keeps every file);
- cold at 10 Mbit/s: the same, with every response the server sends
  throttled to one shared 10 Mbit/s and 40 ms latency. The server does it:
  CDP's network emulation slows the page's own requests, not what its
  service worker fetches for it, so it would leave the game's downloads at
  full speed;
- repeat: a kept profile (a persistent browser profile, disk caches): a
  first visit, the browser closed and started again on the profile, a
  second visit; then a reload in the same tab ("warm reload"), with its
  boot timeline;
- offline repeat (the game only; the bare page cannot open offline): the
  profile's browser started again with the network off.

Then the bots' think time (an expert's moves asked of the page's bot
worker) while the snapshot is being made, against after it is made; with
--base, the same 40 requests asked in turn of this tree's bots and the
base's, two pages open side by side (``paired_think``).

    .venv/bin/python bench/load_time.py [--runs 5] [--think 3]

Targets: repeat visit <= 0.4 times the bare page's warm reload (moonshot
0.3); cold <= 1.1 times the bare page, at full speed and at 10 Mbit/s;
bytes on a cold visit <= 1.05 times the bare page's; bot think time while
the snapshot is made within 1.5 times normal.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import harness
from harness import median, percentile

from allfives import data_files
from allfives.site import bundle, serve
from allfives.site.chromium import CHROMIUM, FLAGS
from allfives.web.bots.decide import decide
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

ROOT = harness.ROOT
MARK = "allfives:human-can-play"
LOAD_MS = 180_000
BARE = ("bench/bare.html", "bench/bare.toml")
SLOW = (10e6 / 8, 0.040)  # bytes per second, seconds of latency per request
COLD, SLOW_COLD = "cold", "cold, 10 Mbit/s 40 ms 4x CPU"
OUT = harness.BENCH / "load_time.json"
MEASURES = ("cold", "slow", "repeat", "think")
QUIET_S = 2.0


def out_path(only: set[str]) -> Path:
    """Where --json writes: load_time.json for a whole run, a file named by
    the parts measured for a run of some (load_time.think.json), so that
    it never replaces a whole run's figures."""
    parts = [m for m in MEASURES if m in only]
    return OUT if len(parts) == len(MEASURES) else OUT.with_suffix(f".{'+'.join(parts)}.json")


# -- the server: counts what it sends, and can throttle it -------------------


class Traffic:
    """What the server sent since the last ``reset``, and whether it is busy."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.offline = False  # every connection is dropped unanswered
        self.rate: float | None = None  # bytes per second, shared by all requests
        self.latency = 0.0
        self.next_free = 0.0
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.sent = 0
            self.answers: list[tuple[str, int, int]] = []  # path, status, bytes
            self.active = 0
            self.last = time.monotonic()

    def throttle(self, on: bool) -> None:
        self.rate, self.latency = SLOW if on else (None, 0.0)

    def wait(self, n: int) -> None:
        """Hold a write of ``n`` bytes until the shared line has carried it."""
        if self.rate is None:
            return
        with self.lock:
            start = max(time.monotonic(), self.next_free)
            self.next_free = start + n / self.rate
            done = self.next_free
        time.sleep(max(0.0, done - time.monotonic()))

    def quiet(self, seconds: float = QUIET_S, limit: float = 120.0) -> None:
        """Wait until nothing has been sent or asked for ``seconds``."""
        until = time.monotonic() + limit
        while time.monotonic() < until:
            with self.lock:
                idle = self.active == 0 and time.monotonic() - self.last >= seconds
            if idle:
                return
            time.sleep(0.1)


TRAFFIC = Traffic()


class _Counted:
    CHUNK = 16 * 1024

    def __init__(self, raw: Any, handler: CountingHandler) -> None:
        self.raw, self.handler = raw, handler

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        for at in range(0, len(view), self.CHUNK):
            piece = view[at:at + self.CHUNK]
            TRAFFIC.wait(len(piece))
            self.raw.write(piece)
            self.handler.sent += len(piece)
            with TRAFFIC.lock:
                TRAFFIC.sent += len(piece)
                TRAFFIC.last = time.monotonic()
        return len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class CountingHandler(serve.Handler):
    def setup(self) -> None:
        super().setup()
        self.sent, self.status = 0, 0
        self.wfile = _Counted(self.wfile, self)
        with TRAFFIC.lock:
            TRAFFIC.active += 1
            TRAFFIC.last = time.monotonic()

    def handle(self) -> None:
        if TRAFFIC.offline:
            with TRAFFIC.lock:
                TRAFFIC.answers.append(("(dropped)", 0, 0))
            return  # the connection closes unanswered: the network is down
        super().handle()

    def send_head(self) -> Any:
        if TRAFFIC.latency:
            time.sleep(TRAFFIC.latency)
        return super().send_head()

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = int(code)
        super().send_response(code, message)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            with TRAFFIC.lock:
                TRAFFIC.active -= 1
                TRAFFIC.last = time.monotonic()
                if self.status:
                    TRAFFIC.answers.append((self.path.split("?")[0], self.status, self.sent))


def built(checkout: Path, into: Path) -> Path:
    """The site of ``checkout`` as its own scripts/site.py publishes it (run
    by a Python of its own: it imports that checkout's ``allfives``)."""
    out = subprocess.run([sys.executable, str(checkout / "scripts" / "site.py"), str(into)],
                         check=True, capture_output=True, text=True)
    return Path(out.stdout.strip().splitlines()[-1])


def build_site(into: Path) -> Path:
    """The site as published, plus the bare page: files nobody rebuilds
    while the bench runs (tests and servers elsewhere repack allfives.zip)."""
    if bundle.is_stale():
        bundle.build()
    site = built(ROOT, into / "site")
    (site / "bench").mkdir()
    for name in BARE:
        (site / name).write_bytes((ROOT / name).read_bytes())
    shutil.copytree(ROOT / "node_modules" / "@pyscript" / "core" / "dist",
                    site / "bench" / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    return site


def bare_files(site: Path) -> tuple[str, ...]:
    """The bare page's files, which the server serves beside the site."""
    return BARE + tuple(p.relative_to(site).as_posix()
                        for p in (site / "bench" / "pyscript").rglob("*") if p.is_file())


# -- visits ----------------------------------------------------------------------


def you_lead() -> int:
    return next(s for s in range(1000) if Table.new(Setup(), str(s)).game.round.starter == 0)


GAMES = ("game", "base")  # this tree's game, and another commit's (--base)
# What an older site serves beyond today's files: its PyScript config, and
# its zips as they are (today's site sends them packed, and not as they are).
OLD_EXTRA = ("pyscript.json", "static/vendor/allfives.zip", "static/vendor/stdlib.zip")


class Pages:
    def __init__(self, base: str, site: Path, old: str | None = None,
                 old_site: Path | None = None) -> None:
        self.base, self.site = base, site
        self.old, self.old_site = old, old_site  # --base: its game, on a server of its own
        self.seed = you_lead()

    @property
    def kinds(self) -> tuple[str, ...]:
        return ("bare", "game", "base") if self.old else ("bare", "game")

    def url(self, kind: str) -> str:
        if kind == "base":
            return f"{self.old}index.html?seed={self.seed}"
        return self.base + ("bench/bare.html" if kind == "bare" else f"index.html?seed={self.seed}")

    @staticmethod
    def ready_ms(page: Any, kind: str) -> float:
        if kind == "bare":
            page.wait_for_selector("body[data-ready=true]", timeout=LOAD_MS)
            return float(page.evaluate("Number(document.body.dataset.t)"))
        page.wait_for_selector("#status[data-phase=human]", timeout=LOAD_MS)
        return float(page.evaluate(f"performance.getEntriesByName('{MARK}')[0].startTime"))

    def visit(self, page: Any, kind: str) -> float:
        page.goto(self.url(kind))
        return self.ready_ms(page, kind)

    @staticmethod
    def settle(page: Any, kind: str) -> None:
        """Until the visit is over: the game has made its snapshot (or could
        not) and the service worker has kept the files; nothing is sent."""
        if kind in GAMES:
            page.wait_for_selector("body[data-bots=worker], body[data-bots=page]", timeout=LOAD_MS)
            if page.get_attribute("html", "data-boot") != "snapshot":
                page.wait_for_selector("html[data-snapshot=made], html[data-snapshot=failed], "
                                       "html[data-snapshot=off]", timeout=LOAD_MS)
        TRAFFIC.quiet()


@contextmanager
def profile(browser: Any, folder: Path, *, offline: bool = False) -> Iterator[Any]:
    """Chromium started again on the profile kept in ``folder``."""
    context = browser.browser_type.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=FLAGS, headless=True, offline=offline)
    try:
        yield context
    finally:
        context.close()


# What the bench watches in every visit: the main thread's long tasks
# (buffered, so those before this script ran count too).
WATCH_BLOCKING = """
window.__longtasks = [];
try {
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""
# The files whose arrival the boot timeline shows, then the page's own marks
# and measures (when each began and ended).
TIMELINE = """(names) => {
    const at = {'page received': performance.getEntriesByType('navigation')[0].responseEnd};
    for (const r of performance.getEntriesByType('resource')) {
        const name = new URL(r.name).pathname.split('/').pop();
        const step = name + ' received';
        if (names.includes(name) && !(step in at)) at[step] = r.responseEnd;
    }
    for (const m of performance.getEntriesByType('mark')) {
        if (m.name.startsWith('allfives:')) at[m.name.slice(9)] = m.startTime;
    }
    for (const m of performance.getEntriesByType('measure')) {
        if (m.name.startsWith('allfives:')) {
            at[m.name.slice(9) + ' from'] = m.startTime;
            at[m.name.slice(9) + ' to'] = m.startTime + m.duration;
        }
    }
    return at;
}"""
# (the game's Pyodide and package arrive in its worker: not in the page's timeline)
ARRIVALS = ["core.js", "main.mjs", "page-worker.mjs", "pyodide.mjs", "pyodide.asm.mjs",
            "pyodide.asm.wasm", "python_stdlib.zip", "stdlib.zip", "stdlib.zip.zst",
            "pyodide-lock.json", "allfives.zip", "allfives.zip.zst"]
CPU_SLOWDOWN = 4


def cold(browser: Any, pages: Pages, kind: str, slow: bool) -> dict[str, Any]:
    """A first visit: time to ready, the bytes and requests sent for the
    whole visit (compressed as sent, and the files' own sizes), the boot
    timeline and the main thread's blocked time until ready. ``slow``: a
    10 Mbit/s line with 40 ms latency and a CPU four times slower."""
    context = browser.new_context()
    context.add_init_script(WATCH_BLOCKING)
    TRAFFIC.throttle(slow)
    try:
        TRAFFIC.reset()
        page = context.new_page()
        if slow:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                               {"rate": CPU_SLOWDOWN})
        ms = pages.visit(page, kind)
        timeline = page.evaluate(TIMELINE, ARRIVALS)
        long_tasks = [(t, d) for t, d in page.evaluate("window.__longtasks") if t < ms]
        pages.settle(page, kind)
        return {"ms": ms, "bytes": TRAFFIC.sent,
                "raw bytes": raw_bytes(pages.old_site if kind == "base" else pages.site,
                                       TRAFFIC.answers),
                "requests": len(TRAFFIC.answers), "timeline": timeline,
                "blocked": sum(max(0.0, d - 50) for _, d in long_tasks),
                "long tasks": sum(d for _, d in long_tasks)}
    finally:
        TRAFFIC.throttle(False)
        context.close()


def raw_bytes(site: Path, answers: list[tuple[str, int, int]]) -> int:
    """The files' own sizes, uncompressed, of the answers that sent one."""
    files = [site / path.lstrip("/") for path, status, _ in answers if status == 200]
    files = [f / "index.html" if f.is_dir() else f for f in files]
    return sum(f.stat().st_size for f in files if f.is_file())


def repeat(browser: Any, pages: Pages, kind: str, folder: Path,
           timelines: dict[str, list[dict[str, float]]]) -> dict[str, float]:
    """A first visit in a new profile; the browser started again on it and a
    second visit; a reload (its boot timeline into ``timelines``); for the
    game, the browser started again offline."""
    out: dict[str, float] = {}
    with profile(browser, folder) as context:
        pages.visit(context.pages[0], kind)
        pages.settle(context.pages[0], kind)
    with profile(browser, folder) as context:
        TRAFFIC.reset()
        out["repeat"] = pages.visit(context.pages[0], kind)
        out["repeat bytes"] = TRAFFIC.sent
        if kind in GAMES:
            out["restored"] = float(context.pages[0].get_attribute("html", "data-boot")
                                    == "snapshot")
        pages.settle(context.pages[0], kind)
        context.pages[0].reload()
        out["reload"] = pages.ready_ms(context.pages[0], kind)
        timelines.setdefault(f"{kind}: reload", []).append(
            context.pages[0].evaluate(TIMELINE, ARRIVALS))
        pages.settle(context.pages[0], kind)
    if kind in GAMES:
        # Playwright's offline mode lets the service worker's own fetches
        # through; the server dropping every connection does not.
        with profile(browser, folder, offline=True) as context:
            TRAFFIC.reset()
            TRAFFIC.offline = True
            try:
                out["offline"] = pages.visit(context.pages[0], kind)
                out["offline restored"] = float(
                    context.pages[0].get_attribute("html", "data-boot") == "snapshot")
            finally:
                TRAFFIC.offline = False
    return out


# -- think time while the snapshot is made ------------------------------------------


def expert_requests(n: int) -> list[dict[str, Any]]:
    """``n`` expert decisions with a choice, from medium-bot games, as the page
    sends them to the worker."""
    out: list[dict[str, Any]] = []
    for g in range(1000):
        table = Table.new(Setup(), f"think:{g}")
        game = table.game
        while not game.round.over and len(out) < n:
            seat = game.round.turn
            if len(game.round.legal_moves()) > 1:
                out.append(dict(table.bot_request(seat, "expert").to_json()))
            game.apply(decide(table.bot_request(seat, "medium")))
        if len(out) >= n:
            return out
    return out


# One expert move asked of the bots' worker, timed where the page asks it:
# in the page's worker (this tree: static/bots.mjs), or in the page
# (before issue 40: PyScript's named worker).
ASK_IN_WORKER = """async (req) => {
    const started = performance.now();
    await allfivesBots.running.call('choose', JSON.stringify(req));
    return performance.now() - started;
}"""
ASK_IN_PAGE = """async (req) => {
    const bots = document.querySelector('script[worker][name=bots]').xworker.sync;
    const started = performance.now();
    await bots.choose(JSON.stringify(req));
    return performance.now() - started;
}"""


# The match-equity table an expert's move reads, handed to the bots' worker
# as the page hands it before the first such request (web/bots/client_page.py).
HAND_TABLE = """(kept) => allfivesBots.running.call('keep_data', JSON.stringify(kept))"""


def asker(page: Any, preset: str) -> Callable[[dict[str, Any]], float]:
    """Ask one request of the page's bots, as the page asks: its time (ms).
    In a page whose bots fetch the tables (a worker of the page's worker),
    ``preset``'s table is handed to them first."""
    worker = next((w for w in page.workers if w.url.endswith("/static/page-worker.mjs")), None)
    if worker is not None:
        path = data_files.table(preset)
        worker.evaluate(HAND_TABLE, [path, (data_files.PACKAGE / path).read_text()])
        return lambda req: float(worker.evaluate(ASK_IN_WORKER, req))
    return lambda req: float(page.evaluate(ASK_IN_PAGE, req))


def think(browser: Any, pages: Pages, kind: str,
          reqs: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """Expert think times (ms) in the bots' worker while the snapshot is
    made, then the same requests once it is made."""
    context = browser.new_context()
    try:
        page = context.new_page()
        pages.visit(page, kind)
        page.wait_for_selector("body[data-bots=worker]", timeout=LOAD_MS)
        page.wait_for_selector("html[data-snapshot]", timeout=LOAD_MS)
        ask = asker(page, Setup().preset)  # expert_requests' rules
        making: list[float] = []
        while page.get_attribute("html", "data-snapshot") == "making":
            making.append(ask(reqs[len(making) % len(reqs)]))
        page.wait_for_selector("html[data-snapshot=made]", timeout=LOAD_MS)
        return making, [ask(req) for req in reqs]
    finally:
        context.close()


Ask = Callable[[dict[str, Any]], float]


def made_page(browser: Any, pages: Pages, kind: str) -> tuple[Any, Ask]:
    """A fresh context's visit of ``kind`` once its bots are ready and its
    snapshot made, and how to ask them (``asker``)."""
    context = browser.new_context()
    page = context.new_page()
    pages.visit(page, kind)
    page.wait_for_selector("body[data-bots=worker]", timeout=LOAD_MS)
    page.wait_for_selector("html[data-snapshot=made]", timeout=LOAD_MS)
    return context, asker(page, Setup().preset)


def paired_think(browser: Any, pages: Pages,
                 reqs: list[dict[str, Any]]) -> list[tuple[float, float]]:
    """Each request's think time (ms) in this tree's bots and --base's, asked
    in turn of two pages open side by side once both snapshots are made, who
    goes first flipped every request: the shared machine's noise falls on both
    alike (two runs of 40 asked one tree after the other had read 1.31 and 1.06)."""
    game, ask_game = made_page(browser, pages, "game")
    try:
        base, ask_base = made_page(browser, pages, "base")
        try:
            ask_game(reqs[0])  # neither tree's first request runs code for the first time
            ask_base(reqs[0])
            pairs = []
            for i, req in enumerate(reqs):
                if i % 2:
                    ours = ask_game(req)
                    theirs = ask_base(req)
                else:
                    theirs = ask_base(req)
                    ours = ask_game(req)
                pairs.append((ours, theirs))
            return pairs
        finally:
            base.close()
    finally:
        game.close()


# A person who takes PERSON_S to move, against three experts (no bot pause,
# no animation: what is timed is the bots' thinking and the page's drawing).
PERSON_S = 2.0
PLAY = harness.stored({"bot_pause": 0, "speed": "off"},
                      {"players": 4, "bots": ["expert", "expert", "expert"]})
# When each move was logged, and when the snapshot's making started and ended.
WATCH_MOVES = """
window.__moves = []; window.__making = [];
let known = 0;
new MutationObserver((records) => {
    const items = document.querySelectorAll('#log li.move');
    for (let i = known; i < items.length; i++) {
        window.__moves.push([performance.now(), Number(items[i].dataset.seat)]);
    }
    known = items.length;
    for (const r of records) {
        if (r.attributeName === 'data-snapshot') {
            window.__making.push([performance.now(), document.documentElement.dataset.snapshot]);
        }
    }
}).observe(document, {childList: true, subtree: true, attributes: true,
                      attributeFilter: ['data-snapshot']});
"""


def think_in_play(browser: Any, pages: Pages, after: int = 24) -> tuple[list[float], list[float]]:
    """Each bot move's delay (ms since the move before it) while the snapshot
    is made, and for ``after`` bot moves once it is made."""
    context = browser.new_context()
    context.add_init_script(PLAY)
    context.add_init_script(WATCH_MOVES)

    def enough(_: int) -> bool:  # ``after`` bot moves logged since the snapshot was made
        moves, making = page.evaluate("[window.__moves, window.__making]")
        made = [t for t, state in making if state in ("made", "failed")]
        return bool(made) and sum(1 for t, seat in moves if seat and t > made[0]) >= after

    try:
        page = context.new_page()
        page.set_default_timeout(LOAD_MS)
        page.goto(pages.base + "index.html")
        harness.play_through(page, enough, think=PERSON_S)
        moves, making = page.evaluate("[window.__moves, window.__making]")
    finally:
        context.close()
    start = next((t for t, state in making if state == "making"), float("inf"))
    end = next((t for t, state in making if state in ("made", "failed")), float("inf"))
    during, later = [], []
    for (t0, _), (t1, seat) in zip(moves, moves[1:], strict=False):
        if seat:
            (during if start <= t1 <= end else later if t1 > end else []).append(t1 - t0)
    return during, later[:after]


# -- the report ---------------------------------------------------------------------


def row(name: str, values: list[float], base: float | None, unit: str = "ms") -> str:
    med = median(values)
    ratio = f"{med / base:6.2f}" if base else "      "
    runs = " ".join(f"{v:.0f}" for v in values)
    return f"{name:<34} {med:>10.0f} {unit:<3}{ratio}   {runs}"


@dataclass
class Results:
    """Every figure of a run: by name (``"game: cold"``), one value per visit."""

    values: dict[str, list[float]] = field(default_factory=dict)
    timelines: dict[str, list[dict[str, float]]] = field(default_factory=dict)
    made: list[dict[str, Any]] = field(default_factory=list)  # the snapshot's making
    thinking: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    playing: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    # with --base: (this tree's, --base's) think time of each request, after both snapshots
    paired: list[tuple[float, float]] = field(default_factory=list)

    def add(self, name: str, value: float) -> None:
        self.values.setdefault(name, []).append(value)


def measure_visits(browser: Any, pages: Pages, only: set[str], runs: int, tmp: str,
                   out: Results) -> None:
    """Cold, slow and repeat visits, the bare page and the game alternating."""
    for run in range(runs):
        for kind in pages.kinds if run % 2 == 0 else pages.kinds[::-1]:
            for name, slow in ((COLD, False), (SLOW_COLD, True)):
                if ("slow" if slow else "cold") in only:
                    visit = cold(browser, pages, kind, slow)
                    out.add(f"{kind}: {name}", visit["ms"])
                    for part in ("bytes", "raw bytes", "requests", "blocked"):
                        out.add(f"{kind}: {name} {part}", visit[part])
                    out.timelines.setdefault(f"{kind}: {name}", []).append(visit["timeline"])
            if "repeat" in only:
                folder = Path(tmp, f"profile-{kind}-{run}")
                for name, value in repeat(browser, pages, kind, folder, out.timelines).items():
                    out.add(f"{kind}: {name}", value)
        print(f"run {run + 1} of {runs} done", file=sys.stderr, flush=True)


def measure_bots(browser: Any, pages: Pages, think_runs: int, out: Results) -> None:
    """The bots' think time while the snapshot is made, and after."""
    reqs = expert_requests(12)
    for _ in range(think_runs):
        making, after = think(browser, pages, "game", reqs)
        out.thinking[0].extend(making)
        out.thinking[1].extend(after)
        if pages.old:
            out.paired.extend(paired_think(browser, pages, expert_requests(40)))
        making, after = think_in_play(browser, pages)
        out.playing[0].extend(making)
        out.playing[1].extend(after)


def measure_snapshot(browser: Any, pages: Pages, out: Results) -> None:
    context = browser.new_context()
    page = context.new_page()
    pages.visit(page, "game")
    page.wait_for_selector("html[data-snapshot=made]", timeout=LOAD_MS)
    out.made.append(page.evaluate(
        "(e => ({duration: e.duration, detail: e.detail}))"
        "(performance.getEntriesByName('allfives:snapshot-made')[0])"))
    context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--think", type=int, default=3, help="first visits timing the bots")
    parser.add_argument("--only", choices=MEASURES, action="append",
                        help="measure only these (repeatable); default: all")
    parser.add_argument("--json", action="store_true",
                        help=f"also write {OUT.relative_to(ROOT)} (with --only: a file named "
                        "by what was measured)")
    harness.add_base(parser)  # its game measured too: vendored (its scripts/vendor.py run)
    args = parser.parse_args()
    only = set(args.only or MEASURES)
    if serve.missing_vendor():
        print(f"static/vendor/ is missing: run `{serve.SETUP}`", file=sys.stderr)
        return 1
    if args.base and not (args.base / "scripts" / "site.py").is_file():
        print(f"--base {args.base}: not a checkout of the game (no scripts/site.py)",
              file=sys.stderr)
        return 2
    serve_handler, serve.Handler = serve.Handler, CountingHandler
    out = Results()
    try:
        with tempfile.TemporaryDirectory(prefix="allfives-load-") as tmp:
            site = build_site(Path(tmp))
            old_site = built(args.base, Path(tmp) / "base") if args.base else None
            with harness.serving(site, bare_files(site)) as base, \
                    harness.serving(old_site or site, OLD_EXTRA) as old, \
                    harness.chromium() as browser:
                pages = Pages(base, site, old if old_site else None, old_site)
                measure_visits(browser, pages, only, args.runs, tmp, out)
                if "think" in only:
                    measure_bots(browser, pages, args.think, out)
                if "cold" in only or "think" in only:
                    measure_snapshot(browser, pages, out)
    finally:
        serve.Handler = serve_handler
    report(out)
    if args.json:
        write_json(out, out_path(only))
    return 0


def report(out: Results) -> None:
    print(f"{'':<44} {'median':>10}    {'ratio':>6}   runs")
    report_times(out.values)
    report_timelines(out.timelines)
    report_repeats(out.values)
    for label, (during, after) in (
            ("expert moves asked of the bots' worker back to back", out.thinking),
            (f"bot moves in play (3 experts, a person taking {PERSON_S:.0f} s)", out.playing)):
        if during and after:
            print(f"{label}, ms: while the snapshot is made median {median(during):.0f} / "
                  f"p95 {percentile(during, 0.95):.0f} ({len(during)} moves); after: median "
                  f"{median(after):.0f} / p95 {percentile(after, 0.95):.0f} "
                  f"({len(after)} moves); "
                  f"ratio of medians {median(during) / median(after):.2f}")
    if out.paired:
        print(f"expert moves asked in turn of this tree's bots and --base's, both snapshots "
              f"made ({len(out.paired)} moves): median {median(a for a, _ in out.paired):.0f} "
              f"against {median(b for _, b in out.paired):.0f} ms; {paired_ratios(out.paired)}")
    for entry in out.made:
        report_snapshot(entry)


def base_of(results: dict[str, list[float]], name: str) -> float | None:
    return median(results[name]) if name in results else None


def report_times(results: dict[str, list[float]]) -> None:
    for name in (COLD, SLOW_COLD):
        for part, unit in (("", "ms"), (" bytes", "B"), (" raw bytes", "B"), (" requests", ""),
                           (" blocked", "ms")):
            for kind in ("bare", "base", "game"):
                if f"{kind}: {name}{part}" in results:
                    print(row(f"{kind}: {name}{part}", results[f"{kind}: {name}{part}"],
                              base_of(results, f"bare: {name}{part}"), unit))
            if f"base: {name}{part}" in results and f"game: {name}{part}" in results:
                print(row(f"game: {name}{part} (vs base)", results[f"game: {name}{part}"],
                          base_of(results, f"base: {name}{part}"), unit))


def median_timeline(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each step's median time, for the steps every run has, in time order."""
    steps = set.intersection(*(set(r) for r in runs)) if runs else set()
    out = {step: median([r[step] for r in runs]) for step in steps}
    return dict(sorted(out.items(), key=lambda item: item[1]))


def report_timelines(timelines: dict[str, list[dict[str, float]]]) -> None:
    for name, runs in timelines.items():
        steps = ", ".join(f"{step} {ms:.0f}" for step, ms in median_timeline(runs).items())
        print(f"{name}, boot timeline (median ms since navigation): {steps}")


def report_repeats(results: dict[str, list[float]]) -> None:
    warm = base_of(results, "bare: reload")
    for name in ("repeat", "reload", "offline"):
        for kind in ("bare", "base", "game"):
            if f"{kind}: {name}" in results:
                print(row(f"{kind}: {name} (vs bare reload)", results[f"{kind}: {name}"], warm))
        if f"base: {name}" in results and f"game: {name}" in results:
            print(row(f"game: {name} (vs base)", results[f"game: {name}"],
                      base_of(results, f"base: {name}")))
    for kind in ("bare", "base", "game"):
        if f"{kind}: repeat" in results:
            print(row(f"{kind}: repeat (vs bare repeat)", results[f"{kind}: repeat"],
                      base_of(results, "bare: repeat")))
            print(row(f"{kind}: repeat, bytes sent", results[f"{kind}: repeat bytes"], None, "B"))
    for name, label in (("restored", "repeat"), ("offline restored", "offline")):
        if f"game: {name}" in results:
            print(f"game: {label} visits that restored the snapshot: "
                  f"{sum(results[f'game: {name}']):.0f} of {len(results[f'game: {name}'])}")


def report_snapshot(entry: dict[str, Any]) -> None:
    detail = entry.get("detail") or {}
    timings = ", ".join(f"{k} {v:.0f}" for k, v in (detail.get("timings") or {}).items())
    print(f"snapshot: {detail.get('bytes', 0) / 1e6:.1f} MB ({detail.get('packed', 0) / 1e6:.1f} "
          f"MB kept), made in "
          f"{entry['duration'] / 1000:.1f} s in its worker (ms: {timings})")
    if detail.get("skipped"):
        print("  left out (they need a page): "
              + ", ".join(s.split(":")[0] for s in detail["skipped"]))


def paired_ratios(pairs: list[tuple[float, float]]) -> dict[str, float]:
    """This tree's think time against --base's: in all (the sums), and the
    median of each request's own ratio."""
    return {"ratio of sums": round(sum(a for a, _ in pairs) / sum(b for _, b in pairs), 3),
            "median ratio": round(median([a / b for a, b in pairs]), 3)}


def write_json(out: Results, path: Path) -> None:
    """The run's medians, ratios against the bare page (and, for the game,
    against --base's) and every run's value."""
    results, thinking, playing = out.values, out.thinking, out.playing
    def ratio(name: str) -> float | None:
        kind, _, what = name.partition(": ")
        base = base_of(results, f"bare: {what}")
        if what in ("reload", "repeat", "offline") and kind in GAMES:
            base = base_of(results, "bare: reload")
        return round(median(results[name]) / base, 3) if base else None

    def to_base(name: str) -> dict[str, float]:
        kind, _, what = name.partition(": ")
        base = base_of(results, f"base: {what}")
        return {"ratio to base": round(median(results[name]) / base, 3)} \
            if kind == "game" and base else {}

    harness.write_json(path, {
        **harness.identity(),
        "machine": f"{harness.machine()}, load average {os.getloadavg()[0]:.1f} at the end",
        "results": {name: {"median": round(median(v), 1), "ratio to bare": ratio(name),
                           **to_base(name), "runs": [round(x, 1) for x in v]}
                    for name, v in results.items()},
        "timelines": {name: {k: round(v, 1) for k, v in median_timeline(runs).items()}
                      for name, runs in out.timelines.items()},
        "think ms": {"while making": {"median": median(thinking[0]),
                                      "p95": percentile(thinking[0], 0.95)},
                     "after": {"median": median(thinking[1]),
                               "p95": percentile(thinking[1], 0.95)},
                     "in play while making": {"median": median(playing[0])},
                     "in play after": {"median": median(playing[1])},
                     **({"against base, asked in turn": {
                         "moves": len(out.paired),
                         "median": median([a for a, _ in out.paired]),
                         "base median": median([b for _, b in out.paired]),
                         **paired_ratios(out.paired)}} if out.paired else {})}
        if thinking[1] else None,
        "snapshot": [entry.get("detail") for entry in out.made],
    })


if __name__ == "__main__":
    sys.exit(main())
