"""What every bench script shares: figures, the run's identity, its command
line, and the page served and played in headless Chromium.

The scripts import it as ``harness`` (Python puts a script's own folder
first on ``sys.path``); the tests as ``bench.harness``. It imports
``allfives`` only inside the browser functions: a script measuring another
checkout (``--base``) runs with that tree's ``allfives``, which may predate
them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import shlex
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

# -- figures -------------------------------------------------------------------------


def median(values: Iterable[float]) -> float:
    """The median (the mean of the middle two for an even count); NaN for none."""
    ordered = sorted(values)
    return statistics.median(ordered) if ordered else math.nan


def percentile(values: Iterable[float], q: float) -> float:
    """The value at rank ``floor(q * n) + 1`` of the ``n`` values in order
    (the largest for a ``q`` near 1: with fewer than 100 values, p99 is the
    largest); NaN for none. The committed p95 and p99 figures use it, bar
    expert_hash.json's think times (rank ``floor(q * (n - 1)) + 1`` then)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def spread(values: Sequence[float], digits: int, scale: float = 1.0,
           figures: Sequence[str] = ("p50", "p95", "max")) -> dict[str, float]:
    """``p50_ms``, ``p95_ms`` and ``max_ms`` (or the ``figures`` named) of
    ``values`` times ``scale`` (1000 for seconds), rounded to ``digits``."""
    at = {"p50": median(values), "p95": percentile(values, 0.95), "max": max(values)}
    return {f"{name}_ms": round(scale * at[name], digits) for name in figures}


# -- the run's identity -------------------------------------------------------------------


def commit(root: Path = ROOT) -> str:
    """This checkout's commit (or ``root``'s), with ``+dirty`` when what
    runs has changes not committed: the package (the engine, the page's
    Python) or the page's own files (``static/``, ``index.html``,
    ``sw.js``); ``unknown`` outside git."""
    try:
        head = _git(root, "rev-parse", "HEAD")
        dirty = _git(root, "status", "--porcelain", "--", "allfives", "static", "index.html",
                     "sw.js")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                          check=True).stdout.strip()


def code_hash() -> str:
    """SHA-256 of the sources of every ``allfives`` module imported so far:
    the code that decided the games (not the command line or the page)."""
    digest = hashlib.sha256()
    files = {Path(m.__file__) for name, m in sys.modules.items()
             if (name == "allfives" or name.startswith("allfives.")) and m.__file__}
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def command(argv: Sequence[str] | None = None, script: str | None = None) -> str:
    """The command that ran (or reruns) the script: ``python bench/NAME.py``
    and its arguments (``argv``, else this process's)."""
    name = script or Path(sys.argv[0]).name
    args = sys.argv[1:] if argv is None else argv
    return shlex.join(["python", f"bench/{name}", *args])


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def identity(argv: Sequence[str] | None = None) -> dict[str, str]:
    """What a results file says first: the command, the commit, the date (UTC)."""
    return {"command": command(argv), "commit": commit(), "date": now()}


def python() -> str:
    return f"{platform.python_implementation()} {platform.python_version()}"


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores"


def write_json(path: Path, data: Mapping[str, Any], lines: str | None = None) -> None:
    """Write ``data`` to ``path`` as JSON, indent 1, a newline at the end;
    ``lines``: that key, a list, goes last, an item a line."""
    shown = {k: v for k, v in data.items() if k != lines}
    text = json.dumps(shown, indent=1)
    if lines is not None:
        items = ",\n  ".join(json.dumps(item) for item in data[lines])
        text = text[:-2] + f',\n {json.dumps(lines)}: [\n  {items}\n ]\n}}'
    path.write_text(text + "\n", encoding="utf-8")


# -- the command line -------------------------------------------------------------------


def at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``low``."""
    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value
    return whole


def add_jobs(parser: argparse.ArgumentParser, default: int) -> None:
    parser.add_argument("--jobs", type=at_least(1), default=default,
                        help=f"worker processes (default {default})")


def add_table(parser: argparse.ArgumentParser) -> None:
    """The table a page bench deals for: how many play, alone or as partners, to what."""
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--alone", action="store_true",
                        help="with 4 players, each playing alone (default: as partners)")
    parser.add_argument("--target", type=at_least(1), default=None,
                        help="the game's target (default: the preset's)")


def checked_table(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.alone and args.players != 4:
        parser.error("--alone needs --players 4")


def table_setup(args: argparse.Namespace) -> dict[str, Any]:
    """``add_table``'s choices as the new-game dialog keeps them (``Setup``;
    partners only at 4, as its rules are)."""
    return {"players": args.players, "partnership": args.players == 4 and not args.alone,
            "target": args.target or 0}


def for_table(path: Path, args: argparse.Namespace) -> Path:
    """Where a run for ``add_table``'s choices writes: ``path`` for 2 players
    to the preset's target, else a file named by them (coach_delay.3-players-to-150.json),
    so that one table's run does not replace another's."""
    parts = [] if args.players == 2 else [
        "3-players" if args.players == 3 else "4-alone" if args.alone else "4-partners"]
    if args.target is not None:
        parts.append(f"to-{args.target}")
    return path.with_suffix(f".{'-'.join(parts)}.json") if parts else path


def checkout(text: str) -> Path:
    """An argparse type: another checkout of the project (a folder holding ``allfives/``)."""
    path = Path(text)
    if not (path / "allfives").is_dir():
        raise argparse.ArgumentTypeError(f"no allfives/ package in {text}")
    return path.resolve()


def add_base(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base", type=checkout, metavar="OTHER_CHECKOUT",
                        help="another checkout to compare (e.g. before a change)")


def trees(base: Path | None) -> dict[str, Path]:
    """The trees to measure: this one, and ``base`` if given."""
    return {"this": ROOT, **({"base": base} if base is not None else {})}


def in_tree(root: Path, script: str, *args: str) -> Any:
    """Run ``script`` (this tree's) with ``root``'s ``allfives`` in a process
    of its own; what it printed, as JSON."""
    out = subprocess.run([sys.executable, script, *args],
                         env={**os.environ, "PYTHONPATH": str(root)}, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


# -- the page in headless Chromium -------------------------------------------------------


@contextmanager
def serving(root: Path | None = None, extra: Iterable[str] = ()) -> Iterator[str]:
    """This tree's site (or the one under ``root``) served on a free port
    while the block runs; its address, ending in ``/``."""
    from allfives.site import serve

    httpd = serve.make_server(0, root or serve.ROOT, extra)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield "http://{}:{}/".format(*httpd.server_address[:2])
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Debian Chromium, launched as the browser tests launch it."""
    from playwright.sync_api import sync_playwright

    from allfives.site.chromium import CHROMIUM, FLAGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def stored(settings: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """A script that keeps ``settings`` and ``setup`` where the page reads them."""
    return (f"localStorage.setItem('allfives.settings', {json.dumps(json.dumps(settings))});"
            f"localStorage.setItem('allfives.setup', {json.dumps(json.dumps(setup))});")


@contextmanager
def game_page(browser: Any, url: str, *scripts: str, seed: str) -> Iterator[Any]:
    """The game at ``url`` dealt from ``seed`` in a fresh context (1280x800,
    no service worker), ``scripts`` run before the page's own; once its
    bots' worker is ready."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")
    context.add_init_script("".join(scripts))
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{url}index.html?seed={seed}")
        page.wait_for_selector("body[data-bots=worker]", state="attached", timeout=120_000)
        yield page
    finally:
        context.close()


# The page waits for the person: a round or the game over, or something to click.
TURN = ("#status[data-phase=round-over], #status[data-phase=game-over], "
        "body:has(#status[data-phase=human]) #hand [data-playable=true], "
        "body:has(#status[data-phase=human]) #draw:enabled, "
        "body:has(#status[data-phase=human]) #pass:enabled")
LOGGED = "n => document.querySelectorAll('#log li.move').length > n"


# The page has answered a tile's click: the move was logged, or places lit up.
ANSWERED = ("n => document.querySelectorAll('#log li.move').length > n"
            " || document.querySelector('#board [data-target]') !== null")


def first_tile(page: Any) -> None:
    """Play as a hurried person: the first playable tile, at its first lit
    place (once lit: the page's Python answers in its worker, a moment later)."""
    before = page.locator("#log li.move").count()
    page.locator("#hand [data-playable=true]").first.click()
    page.wait_for_function(ANSWERED, arg=before)
    places = page.locator("#board [data-target]")
    if places.count():
        places.first.click()


def play_through(page: Any, done: Callable[[int], bool],
                 tile: Callable[[Any], None] = first_tile, think: float = 0.0,
                 deal_next: bool = True) -> int:
    """Play the person's moves by clicks until ``done(moves made)`` or the
    game is over, starting each next round (or, unless ``deal_next``,
    until the round is over): draw or pass when that is the move, else
    ``tile``; ``think`` seconds before each move; each move waited for in
    ``#log``. Returns the moves made."""
    moves = 0
    while not done(moves):
        page.wait_for_selector(TURN)
        phase = page.get_attribute("#status", "data-phase")
        if phase == "game-over" or (phase == "round-over" and not deal_next):
            break
        if phase == "round-over":
            page.click("#next-round")  # answered a moment later, from the page's worker
            page.wait_for_selector("#status:not([data-phase=round-over])")
            continue
        if think:
            time.sleep(think)
        before = page.locator("#log li.move").count()
        if page.is_enabled("#draw"):
            page.click("#draw")
        elif page.is_visible("#pass") and page.is_enabled("#pass"):
            page.click("#pass")
        else:
            tile(page)
        page.wait_for_function(LOGGED, arg=before)
        moves += 1
    return moves


# Ask the page's bots' worker (from the page's worker: static/bots.mjs),
# retrying until it has started.
_WARM_UP = """async ([req, method]) => {
    for (let i = 0; ; i++) {
        try {
            return await allfivesBots.running.call(method, JSON.stringify(req));
        } catch (e) {
            if (i > 240) throw e;
            await new Promise(ok => setTimeout(ok, 500));
        }
    }
}"""
_TIMED = """async ([reqs, method]) => {
    const times = [];
    for (const req of reqs) {
        const started = performance.now();
        await allfivesBots.running.call(method, JSON.stringify(req));
        times.push(performance.now() - started);
    }
    return times;
}"""


def worker_times(requests: Mapping[str, list[dict[str, Any]]],
                 method: str = "choose") -> dict[str, list[float]]:
    """Seconds per request, per group, answered by the page's bots' worker's
    ``method`` (``choose`` for a move, ``review`` for an analysis), timed in
    the page as the page asks it."""
    out: dict[str, list[float]] = {}
    with serving() as url, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{url}index.html")
        page.wait_for_selector("body[data-bots=worker]", timeout=120_000)
        worker = next(w for w in page.workers if w.url.endswith("/static/page-worker.mjs"))
        worker.evaluate(_WARM_UP, [next(iter(requests.values()))[0], method])
        for group, reqs in requests.items():
            out[group] = [ms / 1000 for ms in worker.evaluate(_TIMED, [reqs, method])]
    return out
