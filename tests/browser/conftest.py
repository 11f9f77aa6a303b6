"""Browser tests: one local server and one headless Debian Chromium per session.

Every test gets a fresh context (empty storage) through the ``page`` fixture,
which fails the test on a ``.py-error`` element, a console error, an uncaught
page error, or any request to a host other than the local server. Tests wait
on DOM state, never on sleeps.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from allfives.site import serve

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
FIRST_LOAD_MS = 60_000
TURN_MS = 30_000
# Tests play quickly: no bot pause, no animation (set before the page's code runs).
FAST = "localStorage.setItem('allfives.settings', JSON.stringify({bot_pause: 0, speed: 'off'}))"


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    missing = serve.missing_vendor()
    if missing:
        pytest.fail(f"static/vendor/ is missing ({missing[0]}): run `{serve.SETUP}`")
    httpd = serve.make_server(0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    host, port = httpd.server_address[:2]
    yield f"http://{host}:{port}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is not installed: apt-get install -y chromium")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


class Watch:
    """What went wrong in the page: console errors, page errors, foreign requests."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []
        self.allow_errors: tuple[str, ...] = ()  # a test that breaks something on purpose

    def console(self, msg: object) -> None:
        if msg.type == "error" and not any(s in msg.text for s in self.allow_errors):
            self.problems.append(f"console error: {msg.text}")

    def page_error(self, error: object) -> None:
        if not any(s in str(error) for s in self.allow_errors):
            self.problems.append(f"page error: {error}")

    def attach(self, page: object) -> object:
        """Watch ``page`` (with the tests' turn timeout); returns it."""
        page.on("console", self.console)
        page.on("pageerror", self.page_error)
        page.on("request", self.request)
        page.set_default_timeout(TURN_MS)
        return page

    def request(self, req: object) -> None:
        url = urlsplit(req.url)
        if url.scheme in ("data", "blob"):
            return
        if f"{url.scheme}://{url.netloc}" != self.origin:
            self.problems.append(f"request off the local server: {req.url}")


@pytest.fixture
def page(browser: object, server: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A fresh page; a test marked ``routed`` gets no service worker, because
    ``page.route`` never sees the requests a service worker answers."""
    blocked = {"service_workers": "block"} if request.node.get_closest_marker("routed") else {}
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True,
                                  **blocked)
    context.add_init_script(FAST)
    watch = Watch(server.rstrip("/"))
    pg = watch.attach(context.new_page())
    pg.watch = watch
    yield pg
    try:
        errors = pg.locator(".py-error").all_inner_texts()
    finally:
        context.close()
    assert not errors, f".py-error in the page: {errors}"
    assert not watch.problems, "\n".join(watch.problems)
