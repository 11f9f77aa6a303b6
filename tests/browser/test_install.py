"""The installable app: Chromium finds no installability error once the
service worker controls the page (asked through the DevTools protocol, on the
site built under a project path as GitHub Pages serves it), the manifest's
icons are kept for offline use, and each shortcut's address opens what it
names."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin

import pytest

from allfives.site import icons, serve

from ..helpers import load_site_builder
from .browser_helpers import (
    FAST,
    FIRST_LOAD_MS,
    TURN_MS,
    TURN_OR_OVER,
    Watch,
    go_ahead,
    saved,
)
from .conftest import TEST_CHROMIUM, TEST_FLAGS
from .test_offline import wait_until_kept

# First visits: the service worker keeps the site; no memory snapshot is made
# (conftest.py: the tests do not look at one).
pytestmark = [pytest.mark.first_visit, pytest.mark.no_snapshot]


MANIFEST = "static/manifest.webmanifest"
DAILY_SAVED = "String(JSON.parse(localStorage.getItem('allfives.save')).seed).startsWith('daily:')"


@contextmanager
def installing_page(browser: object, tmp_path: Path) -> Iterator[tuple[object, str]]:
    """A page in a browser profile of its own (Chromium installs nothing from
    an incognito context, which every ``new_context`` is), on the site built
    under /all-fives/ with a server of its own; yields (page, base). It fails
    the test as the ``page`` fixture does."""
    load_site_builder().build(tmp_path / "site" / "all-fives")
    httpd = serve.make_server(0, root=tmp_path / "site")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = "http://{}:{}".format(*httpd.server_address[:2])
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=TEST_CHROMIUM, args=TEST_FLAGS, headless=True,
        viewport={"width": 1280, "height": 800})
    watch = Watch(origin)
    try:
        context.add_init_script(FAST)
        page = watch.attach(context.new_page())
        page.set_default_timeout(TURN_MS)
        yield page, origin + "/all-fives/"
        errors = page.locator(".py-error").all_inner_texts()
    finally:
        context.close()
        httpd.shutdown()
        httpd.server_close()
    assert not errors, f".py-error in the page: {errors}"
    assert not watch.problems, "\n".join(watch.problems)


def test_chromium_finds_the_app_installable_and_keeps_its_icons(browser, tmp_path):
    with installing_page(browser, tmp_path) as (page, base):
        page.goto(base + "index.html")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=FIRST_LOAD_MS)
        cdp = page.context.new_cdp_session(page)
        app = cdp.send("Page.getAppManifest")
        assert app["url"] == base + MANIFEST and app["errors"] == [], app["errors"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = json.loads(app["data"])
        srcs = [urljoin(base + MANIFEST, i["src"]) for i in manifest["icons"]]
        for icon in icons.ICONS:
            assert base + f"static/vendor/icons/{icon.name}" in srcs
        # each icon is served as a PNG of its size, and kept for offline use
        for icon in icons.ICONS:
            url = base + f"static/vendor/icons/{icon.name}"
            got = page.evaluate("""async url => { const r = await fetch(url);
                return [r.status, r.headers.get('content-type'),
                        Array.from(new Uint8Array(await r.arrayBuffer()))]; }""", url)
            assert got[:2] == [200, "image/png"], url
            assert icons.png_size(bytes(got[2])) == (icon.size, icon.size)
        wait_until_kept(page, base, [base + f"static/vendor/icons/{i.name}" for i in icons.ICONS])


def test_the_shortcuts_open_the_new_game_dialog_the_daily_deal_and_the_puzzles(page, server):
    shortcuts = {s["url"].removeprefix("../"): s["name"]
                 for s in json.loads(page.request.get(server + MANIFEST).text())["shortcuts"]}
    assert shortcuts == {"index.html?do=new": "New game", "index.html?do=daily": "Daily deal",
                         "index.html?do=puzzles": "Puzzles"}
    page.goto(server + "index.html?do=new")
    page.wait_for_selector("#new-game[open]", timeout=FIRST_LOAD_MS)
    assert "?" not in page.url  # the address forgets it: a reload resumes
    page.click("#ng-cancel")
    page.goto(server + "index.html?do=daily")
    page.wait_for_selector(TURN_OR_OVER, timeout=FIRST_LOAD_MS)
    # over a game a bot has moved in (one deal in two), the page asks first
    page.wait_for_function(f"document.querySelector('#confirm').open || {DAILY_SAVED}")
    go_ahead(page)
    page.wait_for_function(DAILY_SAVED)
    assert saved(page)["table"]["bots"] == [None, "expert"] and "?" not in page.url
    page.goto(server + "index.html?do=puzzles")
    page.wait_for_selector("#puzzles[open]", timeout=FIRST_LOAD_MS)
    page.wait_for_selector("#puzzle-hand [data-tile]")
    assert page.get_attribute("#puzzles", "data-puzzle-id")
    assert saved(page)["seed"].startswith("daily:")  # the game is kept as it was
    # an action the page does not know is ignored
    page.goto(server + "index.html?do=nothing")
    page.wait_for_selector(TURN_OR_OVER, timeout=FIRST_LOAD_MS)
    assert page.locator("dialog[open]").count() == 0
