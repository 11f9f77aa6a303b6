#!/usr/bin/env python3
"""Take the installed app's screenshots (``static/manifest.webmanifest``'s
``screenshots``): a game in progress, wide (1280x720) and narrow (390x844).

They are committed, not made by the build: ``make play`` must not need a
browser. Run this by hand after a change to the page's look (it needs the
dev setup: ``make venv vendor chromium``), then commit the two PNGs:

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from allfives.site import serve  # noqa: E402

OUT = ROOT / "static" / "screenshots"
SHOTS = {"wide.png": (1280, 720), "narrow.png": (390, 844)}
SEED = "8"  # the person leads: a table with a few tiles after three turns
TURNS = 3
FAST = "localStorage.setItem('allfives.settings', JSON.stringify({bot_pause: 0, speed: 'off'}))"


def take_turn(page: object) -> None:
    before = page.locator("#log li.move").count()
    page.wait_for_selector("#draw:enabled, #pass:enabled, #hand [data-playable=true]")
    if page.locator("#draw:enabled").count():
        page.click("#draw")
    elif page.locator("#pass:enabled").count():
        page.click("#pass")
    else:
        page.locator("#hand [data-playable=true]").first.click()
        if page.locator("#board [data-target]").count():
            page.locator("#board [data-target]").first.click()
    page.wait_for_function("n => document.querySelectorAll('#log li.move').length > n",
                           arg=before)


def main() -> int:
    httpd = serve.make_server(0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = "http://{}:{}/".format(*httpd.server_address[:2])
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        for name, (width, height) in SHOTS.items():
            narrow = width < 500
            context = browser.new_context(viewport={"width": width, "height": height},
                                          is_mobile=narrow, has_touch=narrow,
                                          locale="en-US", reduced_motion="reduce")
            context.add_init_script(FAST)
            page = context.new_page()
            page.goto(f"{base}index.html?seed={SEED}&lang=en")
            page.wait_for_selector("#status[data-phase=human]", timeout=60_000)
            for _ in range(TURNS):
                take_turn(page)
                page.wait_for_selector("#status[data-phase=human]")
            page.evaluate("document.activeElement?.blur()")
            page.screenshot(path=str(OUT / name))
            context.close()
            print(f"screenshots: {(OUT / name).relative_to(ROOT)} ({width}x{height})")
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
