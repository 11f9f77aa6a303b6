"""Browser tests: one local server and one Debian Chromium headless shell per session.

Every test gets a page with no storage through the ``page`` fixture: a return
visit that starts from the memory snapshot (``return_visit``), or, marked
``first_visit``, a fresh context. It fails the test on a ``.py-error``
element, a console error, an uncaught page error, or any request to a host
other than the local server. Tests wait on DOM state, never on sleeps.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from allfives.site import serve
from allfives.site.chromium import TEST_CHROMIUM, TEST_FLAGS

from .browser_helpers import CRASHES, return_visit, returning_context, watched_page

playwright_api = pytest.importorskip("playwright.sync_api")


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


class Chromium:
    """The session's browser, which tests use as Playwright's ``Browser``;
    launched again (``relaunch``) after a test in which a page crashed. It
    keeps the contexts of return visits (``returning``)."""

    def __init__(self, playwright: object) -> None:
        self.playwright = playwright
        self.current = self.launch()
        self.returned: dict[bool, object] = {}

    def launch(self) -> object:
        return self.playwright.chromium.launch(executable_path=TEST_CHROMIUM, args=TEST_FLAGS)

    def returning(self, origin: str, *, phone: bool = False) -> object:
        """The context of return visits to ``origin``, a phone's if ``phone``
        (``returning_context``), made at its first use."""
        if phone not in self.returned:
            self.returned[phone] = returning_context(self.current, origin, phone=phone)
        return self.returned[phone]

    def relaunch(self) -> None:
        self.returned = {}
        try:
            self.current.close()
        except playwright_api.Error:
            pass  # already gone with its crash
        self.current = self.launch()

    def __getattr__(self, name: str) -> object:
        return getattr(self.current, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Chromium]:
    if not Path(TEST_CHROMIUM).exists():
        pytest.fail("Debian's Chromium headless shell is not installed:"
                    " apt-get install -y chromium-headless-shell (make test does)")
    with playwright_api.sync_playwright() as p:
        chromium = Chromium(p)
        yield chromium
        chromium.current.close()


@pytest.fixture(autouse=True)
def fresh_browser_after_a_crash(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that saw a page crash, the next test gets a new Chromium:
    one renderer crash has left a browser crashing every page after it. (The
    crashed test fails, saying so; ``make test`` runs it once more.)"""
    yield
    if CRASHES and "browser" in request.fixturenames:
        CRASHES.clear()
        request.getfixturevalue("browser").relaunch()


@pytest.fixture
def page(browser: object, server: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A watched page with no storage: a return visit (``return_visit``),
    whose start costs about half a first visit's, or, for a test marked
    ``first_visit``, a fresh context (``watched_page``). A first visit marked
    ``routed`` gets no service worker, because ``page.route`` never sees the
    requests a service worker answers (a return visit has none); one marked
    ``no_snapshot`` makes no memory snapshot (``watched_page``'s
    ``snapshot=False``)."""
    if request.node.get_closest_marker("first_visit") is None:
        with return_visit(browser, server) as pg:
            yield pg
        return
    blocked = {"service_workers": "block"} if request.node.get_closest_marker("routed") else {}
    snapshot = request.node.get_closest_marker("no_snapshot") is None
    with watched_page(browser, server, accept_downloads=True, snapshot=snapshot,
                      **blocked) as pg:
        yield pg
