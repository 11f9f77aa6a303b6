"""The pages most browser tests get (conftest.py's ``page``): return visits in
a context kept for the session, which start from the memory snapshot made
once and see nothing kept by the test before, not even its windows."""

from __future__ import annotations

from .browser_helpers import FAST, FIRST_LOAD_MS, open_game, return_visit, saved, take_turn

# What the page kept before its own code runs, then the tests' fast settings.
KEPT_AT_START = "window.keptAtStart = Object.keys(localStorage).sort();" + FAST


def test_a_return_visit_starts_from_the_snapshot_and_finds_nothing_of_the_test_before(
        browser, server):
    with return_visit(browser, server) as page:
        open_game(page, server, "?seed=3")
        assert page.get_attribute("html", "data-boot") == "snapshot"
        take_turn(page)
        assert saved(page)["seed"] == "3"
        page.evaluate("localStorage.setItem('allfives.left-behind', 'x')")
        page.context.new_page().goto(server + "index.html")  # a second window, left open
    for phone in (False, True):
        with return_visit(browser, server, phone=phone, init=KEPT_AT_START) as page:
            page.goto(server + "index.html?seed=5")
            page.wait_for_selector("#status[data-phase=human], #status[data-phase=bot]",
                                   timeout=FIRST_LOAD_MS)
            where = "a phone" if phone else "a desktop"
            assert page.evaluate("window.keptAtStart") == [], where
            assert page.context.pages == [page], where
            assert page.get_attribute("html", "data-boot") == "snapshot", where
            assert page.evaluate("[innerWidth, navigator.maxTouchPoints > 0]") == \
                ([390, True] if phone else [1280, False]), where
