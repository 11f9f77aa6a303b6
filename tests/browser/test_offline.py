"""Offline once loaded: the service worker keeps every file the game loaded,
and with the network gone a reload still deals, plays and asks the bots,
from the kept Pyodide snapshot. Every file travels once: what the page
downloads is kept as it passes, and the bots' worker, the snapshot maker and
a reload get it from there (the server answers "304 Not Modified")."""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from allfives.site import serve
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from ..helpers import load_site_builder
from .browser_helpers import FIRST_LOAD_MS, take_turn, watched_page

WASM = "static/vendor/pyodide/pyodide.asm.wasm"
# Every URL in the service worker's caches (it keeps one, named by version and scope).
CACHED = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map(request => request.url));
    }
    return urls;
}"""
# What is still missing once the service worker is active and has kept every
# URL in the list, or when the time is up (the page polls; wait_for_function
# would not await an async check).
MISSING = """async ([urls, ms]) => {
    const until = Date.now() + ms;
    for (;;) {
        const registration = await navigator.serviceWorker.getRegistration();
        const active = registration?.active?.state === "activated";
        const kept = new Set(await (""" + CACHED + """)());
        const missing = urls.filter(url => !kept.has(url));
        if (active && !missing.length) return [];
        if (Date.now() > until) return active ? missing : ["an active service worker"];
        await new Promise(done => setTimeout(done, 100));
    }
}"""
# True once the kept copy of the URL holds the text (polled in the page, as above).
KEEPS_TEXT = """async ([url, text, ms]) => {
    const until = Date.now() + ms;
    for (;;) {
        const kept = await caches.match(url);
        if (kept && (await kept.text()).includes(text)) return true;
        if (Date.now() > until) return false;
        await new Promise(done => setTimeout(done, 100));
    }
}"""


def wait_until_kept(page: object, base: str, needed: list[str]) -> None:
    """After a first load (which the service worker controls once it has
    started), wait until it keeps the needed files and the Pyodide wasm."""
    assert page.evaluate(MISSING, [[base + WASM, *needed], FIRST_LOAD_MS]) == []
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "sw.js"
    assert all(url.startswith(base) for url in page.evaluate(CACHED))


def reload_offline(page: object, base: str, httpd: object) -> None:
    """Reload with the network gone: the server stopped (Playwright's offline
    mode alone would let the service worker's own fetches through). A fetch
    the page makes ahead as the server stops (the game's equity table, after the
    bots' worker has started) fails then, and the page takes that in its stride:
    the browser's own console line for it is no error of the page's."""
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    page.watch.allow_errors = (*page.watch.allow_errors, "Failed to load resource: net::ERR_FAILED")
    httpd.shutdown()
    httpd.server_close()
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "sw.js"


@contextmanager
def site_page(browser: object, tmp_path: Path) -> Iterator[tuple[object, object, str]]:
    """A page in a fresh context, and a server of its own (which a test may
    stop) for a built site under /all-fives/; yields (page, server, base).
    The page fails the test as the ``page`` fixture does."""
    site = load_site_builder().build(tmp_path / "all-fives")
    httpd = serve.make_server(0, root=tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = "http://{}:{}".format(*httpd.server_address[:2])
    try:
        with watched_page(browser, origin) as page:
            page.site = site
            yield page, httpd, origin + "/all-fives/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_the_game_loads_plays_and_asks_the_bots_offline(browser, tmp_path):
    with site_page(browser, tmp_path) as (page, httpd, base):
        requested: list[str] = []  # the page's requests and its bots' worker's
        page.on("request", lambda r: requested.append(r.url.split("?")[0]))
        you_lead = next(s for s in range(100)
                        if Table.new(Setup(), str(s)).game.round.starter == 0)
        page.goto(f"{base}index.html?seed={you_lead}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
        needed = sorted({url for url in requested
                         if url.startswith(base) and url != base + "sw.js"})
        wait_until_kept(page, base, needed)
        page.wait_for_selector("html[data-snapshot=made]", timeout=2 * FIRST_LOAD_MS)
        reload_offline(page, base, httpd)
        assert page.get_attribute("html", "data-boot") == "snapshot"
        # the bots' worker starts from the kept files too, and answers
        page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
        page.click("#hint")
        page.wait_for_function(
            "document.querySelector('#hint-text').textContent.startsWith('Hint')")
        assert page.locator("#hand [data-hint]").count() == 1
        take_turn(page)
        page.wait_for_selector("#log li.move:not([data-seat='0'])")  # a bot moved after the lead
        assert page.is_hidden("#notice"), page.inner_text("#notice")


def test_under_a_project_sub_path_a_new_deploy_wins_online_and_is_kept(browser, tmp_path):
    with site_page(browser, tmp_path) as (page, httpd, base):
        page.goto(base)
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        wait_until_kept(page, base, [base, base + "index.html"])
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == base
        redeploy(page.site / "index.html", "All Fives dominoes</title>",
                 "All Fives, redeployed</title>")
        page.reload()  # online, and now through the service worker: the server's copy wins
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        assert page.title() == "All Fives, redeployed"
        assert page.evaluate(KEEPS_TEXT, [base, "All Fives, redeployed", FIRST_LOAD_MS])
        reload_offline(page, base, httpd)
        assert page.title() == "All Fives, redeployed"
        take_turn(page)


def redeploy(path: Path, old: str, new: str) -> None:
    """Change a served file, with a later modification time (HTTP has seconds)."""
    mtime = path.stat().st_mtime
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    os.utime(path, (mtime + 5, mtime + 5))


class CountingHandler(serve.Handler):
    """Notes each answer's path and status (one request per connection)."""

    answers: list[tuple[str, int]] = []

    def send_response(self, code: int, message: str | None = None) -> None:
        self.answers.append((self.path.split("?")[0], int(code)))
        super().send_response(code, message)


def test_a_first_visit_downloads_each_file_once_and_a_reload_none(browser, tmp_path,
                                                                  monkeypatch):
    """The page's downloads pass through the service worker and are kept; the
    bots' worker, the snapshot maker and the files the page reports get
    them from there or from the HTTP cache; a reload downloads nothing, and
    asks for nothing twice in one worker."""
    answers: list[tuple[str, int]] = []
    monkeypatch.setattr(CountingHandler, "answers", answers)
    monkeypatch.setattr(serve, "Handler", CountingHandler)
    with site_page(browser, tmp_path) as (page, _httpd, base):
        page.goto(base + "index.html?seed=3")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
        page.wait_for_selector("html[data-snapshot=made]", timeout=2 * FIRST_LOAD_MS)
        wait_until_kept(page, base, [base + "index.html", base + "allfives/web/worker.py"])
        downloads = Counter(path for path, status in answers if status == 200)
        assert downloads[f"/all-fives/{WASM}"] == 1
        # The page itself (7 kB) went past before the service worker started;
        # when the HTTP cache no longer holds it, it is asked for again.
        twice = [p for p, n in downloads.items() if n > 1 and p != "/all-fives/index.html"]
        assert twice == [], "\n".join(map(str, answers))
        answers.clear()
        page.reload()
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
        assert page.get_attribute("html", "data-boot") == "snapshot"
        downloaded = [path for path, status in answers if status == 200]
        assert downloaded in ([], ["/all-fives/index.html"]), downloaded  # asked for as it is
        # Each of the two workers asks for the game's package once, and the
        # snapshot's key is the hash of those same bytes.
        asked = Counter(path for path, _status in answers)
        assert asked["/all-fives/static/vendor/allfives.zip.zst"] == 2, answers
