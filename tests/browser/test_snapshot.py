"""Return visits start Python from a memory snapshot (static/boot.mjs), and a
snapshot that is missing, stale, truncated, corrupt, unusable or cannot be
kept only ever means a normal start: never an error, never a notice.

One snapshot is made once for the module (a first visit that reaches a
playable table); each test puts it, or a broken copy of it, into a fresh
context's Cache Storage before the game opens there."""

from __future__ import annotations

import base64
from typing import NamedTuple

import pytest

from .browser_helpers import (
    FIRST_LOAD_MS,
    open_game,
    page_worker,
    saved,
    take_turn,
    watched_page,
)

BOOT = "./static/boot.mjs"
MADE_MS = 120_000
FAKE = "__test_snapshot__"  # a URL on the server that the tests answer
# The kept snapshots: [url, length header, checksum header, bytes as base64].
KEPT = """async () => {
    const boot = await import(new URL("BOOT_URL", location.href));
    const cache = await caches.open(boot.SNAPSHOT_CACHE);
    const kept = [];
    for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const bytes = new Uint8Array(await response.arrayBuffer());
        let text = "";
        for (let i = 0; i < bytes.length; i += 0x8000) {
            text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        kept.push([request.url, response.headers.get("x-allfives-snapshot-length"),
                   response.headers.get("x-allfives-snapshot-sum"), btoa(text)]);
    }
    return kept;
}""".replace("BOOT_URL", BOOT)
# Keep what the server answers at FAKE as this build's snapshot (or at
# `slot`), with the given length and checksum (null: the body's own).
# What is kept is the snapshot packed (boot.mjs: its map of the pages that
# are not all zeros, then those pages); `length` is the snapshot's own.
PUT = """async ([fake, length, sum, slot]) => {
    const boot = await import(new URL("BOOT_URL", location.href));
    const body = new Uint8Array(await (await fetch(fake)).arrayBuffer());
    const cache = await caches.open(boot.SNAPSHOT_CACHE);
    slot = slot || await boot.currentSlot();
    await cache.put(slot, new Response(body, {headers: {
        "x-allfives-snapshot-length": String(length),
        "x-allfives-snapshot-sum": sum || boot.checksum(body, length), "x-test": "injected"}}));
    return slot;
}""".replace("BOOT_URL", BOOT)
SLOTS = """async () => {
    const boot = await import(new URL("BOOT_URL", location.href));
    const cache = await caches.open(boot.SNAPSHOT_CACHE);
    return Promise.all((await cache.keys()).map(async (request) =>
        [request.url, (await cache.match(request)).headers.get("x-test")]));
}""".replace("BOOT_URL", BOOT)
WORKER_BOOT = "globalThis.allfivesBoot"
# Every test of the module on one pytest worker (``make test`` runs xdist with
# ``--dist loadgroup``): the module's snapshot is made once, not once a worker.
pytestmark = [pytest.mark.xdist_group("snapshot"), pytest.mark.first_visit]


def you_lead_seed() -> int:
    from allfives.web.table.setup import Setup
    from allfives.web.table.table import Table
    return next(s for s in range(100) if Table.new(Setup(), str(s)).game.round.starter == 0)


class Snapshot(NamedTuple):
    slot: str
    length: int  # the snapshot's
    sum: str
    body: bytes  # what is kept of it: packed


def map_length(length: int) -> int:
    """The length of a packed snapshot's map of its pages (boot.mjs)."""
    pages = -(-length // 4096)
    return -(-pages // 64) * 8


@pytest.fixture(scope="module")
def snapshot(browser, server) -> Snapshot:
    """A first visit: the game is playable, then the snapshot is made and kept."""
    with watched_page(browser, server) as page:
        open_game(page, server)
        assert page.get_attribute("html", "data-boot") == "normal"
        page.wait_for_selector("html[data-snapshot=made]", timeout=MADE_MS)
        kept = page.evaluate(KEPT)
    assert len(kept) == 1, [k[:3] for k in kept]
    slot, length, sum_, data = kept[0]
    assert "pyodide=" in slot and "allfives=" in slot
    body = base64.b64decode(data)
    # packed: its map of pages, then only the pages that are not all zeros
    pages = -(-int(length) // 4096)
    kept_pages, rest = divmod(len(body) - map_length(int(length)), 4096)
    assert rest == 0 and 0 < kept_pages < pages * 0.6, (len(body), length)
    # what a return visit reads: 15.6 MB before issue 39, 15.8 MB after (its
    # frames and the engine's packages); issue 40 is to make it smaller
    assert len(body) <= 16 * 2**20, len(body)
    return Snapshot(slot, int(length), sum_, body)


def keep(page, server: str, body: bytes, length: int, sum_: str | None = None,
         slot: str | None = None) -> str:
    """Put ``body`` into this context's Cache Storage as the kept snapshot."""
    page.context.route(server + FAKE, lambda route: route.fulfill(
        body=body, headers={"content-type": "application/octet-stream"}))
    page.goto(server + "sw.js")  # any document of the origin, at the site's root
    return page.evaluate(PUT, [server + FAKE, length, sum_, slot])


def bots_boot(page) -> str:
    """How the bots' worker started Python (once it answers)."""
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    booted = [w.evaluate(f"{WORKER_BOOT} ?? null") for w in page.workers]
    return next(b for b in booted if b)


def test_a_return_visit_starts_the_page_and_the_bots_from_the_snapshot(page, server, snapshot):
    keep(page, server, snapshot.body, snapshot.length, snapshot.sum)
    open_game(page, server, f"?seed={you_lead_seed()}")
    assert page.get_attribute("html", "data-boot") == "snapshot"
    # The worker's measure, on the page's clock: it ended in the worker,
    # before the page heard that Python is ready (bench/load_time.py's timeline).
    restored, ready = page.evaluate("""() => [
        performance.getEntriesByName('allfives:snapshot-restore'),
        performance.getEntriesByName('allfives:pyodide-ready')].map((found) =>
            found.map((e) => [e.startTime, e.duration]))""")
    assert len(restored) == 1 and len(ready) == 1
    (start, duration), ((heard, _),) = restored[0], ready
    assert 0 < start and start + duration <= heard
    assert bots_boot(page) == "snapshot"
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint')")
    take_turn(page)
    page.wait_for_selector("#log li.move:not([data-seat='0'])")  # a bot moved after the lead
    assert page.is_hidden("#notice")
    assert page.get_attribute("html", "data-snapshot") is None  # nothing more to make


def test_python_starts_in_the_pages_worker_and_the_pages_thread_loads_none_of_it(
        page, server, snapshot):
    """The page's own thread never loads Pyodide, the standard library or the
    game's package: its worker does (restoring the snapshot at once), so
    nothing of Python's start blocks the page; and there Python finds no
    document to reach (the page's thread is the only code that does)."""
    keep(page, server, snapshot.body, snapshot.length, snapshot.sum)
    open_game(page, server)
    assert page.get_attribute("html", "data-boot") == "snapshot"
    loaded = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert any(name.endswith("/static/main.mjs") for name in loaded)
    python = ("pyodide", "stdlib.zip", "allfives.zip", "/allfives/web/", "boot.mjs", "zst")
    assert [name for name in loaded if any(part in name for part in python)] == []
    assert page_worker(page).evaluate("typeof document") == "undefined"
    assert page.evaluate("performance.getEntriesByName('allfives:pyodide-ready').length") == 1


def test_every_restore_deals_its_own_game(browser, server, snapshot):
    """A snapshot freezes Python's random state: the boot module seeds it
    again, so two visits restored from one snapshot deal different games."""
    seeds = []
    for _ in range(2):
        with watched_page(browser, server) as page:
            keep(page, server, snapshot.body, snapshot.length, snapshot.sum)
            open_game(page, server)  # no ?seed: a random game
            assert page.get_attribute("html", "data-boot") == "snapshot"
            seeds.append(saved(page)["seed"])
    assert seeds[0] != seeds[1]


def truncated(s: Snapshot) -> tuple[bytes, int, str | None]:
    return s.body[: len(s.body) // 2], s.length, s.sum


def corrupt(s: Snapshot) -> tuple[bytes, int, str | None]:
    middle = len(s.body) // 2
    flipped = bytes(b ^ 0x5A for b in s.body[middle:middle + 4096])
    return s.body[:middle] + flipped + s.body[middle + 4096:], s.length, s.sum


def not_a_snapshot(s: Snapshot) -> tuple[bytes, int, str | None]:
    """The right length and its own checksum, but Pyodide refuses it (no
    magic number): all zeros, packed (a map of no pages)."""
    return bytes(map_length(s.length)), s.length, None


def wrong_length(s: Snapshot) -> tuple[bytes, int, str | None]:
    return s.body, s.length + 16, s.sum


def no_checksum(s: Snapshot) -> tuple[bytes, int, str | None]:
    return s.body, s.length, "-"


@pytest.mark.parametrize("damage", [truncated, corrupt, not_a_snapshot, wrong_length, no_checksum],
                         ids=lambda f: f.__name__)
def test_a_broken_snapshot_starts_python_normally_and_is_dropped(page, server, snapshot, damage):
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    slot = keep(page, server, *damage(snapshot))
    open_game(page, server)
    assert page.get_attribute("html", "data-boot") == "normal"
    assert any("did not restore" in w for w in warnings), warnings
    assert [slot, "injected"] not in page.evaluate(SLOTS)
    assert page.is_hidden("#notice")
    take_turn(page)


def test_a_stale_snapshot_is_never_restored_and_is_dropped_for_the_new_one(page, server, snapshot):
    """A snapshot kept by an earlier deploy (another allfives.zip) is not this
    build's: the game starts normally, then makes its own and drops the old."""
    stale = snapshot.slot.replace("allfives=", "allfives=0000")
    keep(page, server, snapshot.body, snapshot.length, snapshot.sum, stale)
    open_game(page, server)
    assert page.get_attribute("html", "data-boot") == "normal"
    page.wait_for_selector("html[data-snapshot=made]", timeout=MADE_MS)
    kept = page.evaluate(SLOTS)
    assert stale not in [url for url, _ in kept]
    assert len(kept) == 1 and kept[0][1] is None, kept  # the one just made


@pytest.mark.parametrize("missing", ["caches", "crypto.subtle"])
def test_without_the_browser_apis_it_starts_normally_and_makes_none(page, server, snapshot,
                                                                   missing):
    keep(page, server, snapshot.body, snapshot.length, snapshot.sum)
    owner, name = missing.rsplit(".", 1) if "." in missing else ("globalThis", missing)
    page.context.add_init_script(
        f"Object.defineProperty({owner}, '{name}', {{value: undefined, configurable: true}})")
    open_game(page, server)
    assert page.get_attribute("html", "data-boot") == "normal"
    page.wait_for_selector("html[data-snapshot=off]")
    take_turn(page)


def test_when_storage_is_full_no_snapshot_is_kept_and_nothing_is_said(page, server):
    """Cache Storage refuses the snapshot (a quota far below its size): the
    making fails quietly and the next visit starts normally."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin",
             {"origin": server.rstrip("/"), "quotaSize": 1_000_000})
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    open_game(page, server)
    page.wait_for_selector("html[data-snapshot=failed]", timeout=MADE_MS)
    assert any("no snapshot made" in w for w in warnings), warnings
    assert page.is_hidden("#notice"), page.inner_text("#notice")
    page.reload()
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert page.get_attribute("html", "data-boot") == "normal"
