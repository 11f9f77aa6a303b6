"""Offline once loaded: the service worker keeps every file the game loaded,
and with the network gone a reload still deals, plays and asks the bots."""

from __future__ import annotations

import threading

from allfives import serve
from allfives.web.table import Setup, Table

from .browser_helpers import FIRST_LOAD_MS, open_game, take_turn
from .conftest import FAST, Watch
from .test_pages_subpath import load_site_builder

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


def reload_offline(page: object, base: str, needed: list[str]) -> None:
    """Wait until the files are kept, cut the network, reload, wait for the deal."""
    assert page.evaluate("navigator.serviceWorker.controller") is None  # the first load is cold
    assert page.evaluate(MISSING, [[base + WASM, *needed], FIRST_LOAD_MS]) == []
    assert all(url.startswith(base) for url in page.evaluate(CACHED))
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "sw.js"


def test_the_game_loads_plays_and_asks_the_bots_offline(page, server):
    requested: list[str] = []  # the page's requests and its bots' worker's
    page.on("request", lambda r: requested.append(r.url.split("?")[0]))
    you_lead = next(s for s in range(100) if Table.new(Setup(), str(s)).game.round.starter == 0)
    open_game(page, server, f"?seed={you_lead}")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    needed = sorted({url for url in requested
                     if url.startswith(server) and url != server + "sw.js"})
    reload_offline(page, server, needed)
    # the bots' worker starts from the kept files too, and answers
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint')")
    assert page.locator("#hand [data-hint]").count() == 1
    take_turn(page)
    page.wait_for_selector("#log li.move:not([data-seat='0'])")  # a bot moved after the lead
    assert page.is_hidden("#notice"), page.inner_text("#notice")


def test_offline_under_a_project_sub_path(browser, tmp_path):
    load_site_builder().build(tmp_path / "all-fives")
    httpd = serve.make_server(0, root=tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = "http://{}:{}".format(*httpd.server_address[:2])
    base = origin + "/all-fives/"
    context = browser.new_context()
    context.add_init_script(FAST)
    page = context.new_page()
    watch = Watch(origin)
    page.on("console", watch.console)
    page.on("pageerror", watch.page_error)
    page.on("request", watch.request)
    try:
        page.goto(base)
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        reload_offline(page, base, [base, base + "index.html"])
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == base
        take_turn(page)
    finally:
        context.close()
        httpd.shutdown()
        httpd.server_close()
    assert not watch.problems, "\n".join(watch.problems)
