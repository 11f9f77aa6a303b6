"""The built site works under a GitHub Pages project path (/REPO/), offline."""

from __future__ import annotations

import threading

from allfives.site import serve

from ..helpers import load_site_builder
from .browser_helpers import FIRST_LOAD_MS, take_turn, watched_page


def test_site_runs_under_a_project_sub_path(browser, tmp_path):
    load_site_builder().build(tmp_path / "all-fives")
    httpd = serve.make_server(0, root=tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    host, port = httpd.server_address[:2]
    origin = f"http://{host}:{port}"
    outside: list[str] = []
    try:
        with watched_page(browser, origin) as page:
            page.on("request", lambda r: outside.append(r.url) if r.url.startswith(origin)
                    and not r.url.startswith(origin + "/all-fives/") else None)
            page.goto(origin + "/all-fives/")
            page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
            take_turn(page)
            assert page.locator("#board [data-tile]").count() >= 1
            assert page.locator(".py-error").count() == 0
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert not outside, f"requests outside the project path: {outside}"
