"""The table stays where it is. The static shell reserves the layout Python
fills (the header, the seats, the scores, the felt, the hand), and the turn
prompt's box is as high whatever it says, so nothing on the page moves from
the first paint through the first moves (cumulative layout shift, as the
browser measures it), on a phone and a desktop, in English and German."""

from __future__ import annotations

import pytest

from .browser_helpers import FAST, FIRST_LOAD_MS, HUMAN_LEADS, play_on, watched_page

# Before the page's code runs: every layout shift not caused by the person's
# own input (the browser's measure: hadRecentInput), and every height the
# header takes (one is expected, from its first layout on).
OBSERVE = """
window.shifts = [];
window.shifted = [];  // what moved, for a failure's message: [when, element, top and height
                      // before, after, left and width before, after, the page's
                      // width and height then]
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.shifts.push(entry.value);
    for (const source of entry.sources) {
      const node = source.node;
      window.shifted.push([Math.round(entry.startTime),
                           node ? node.id || node.className || node.nodeName : "?",
                           source.previousRect.y, source.previousRect.height,
                           source.currentRect.y, source.currentRect.height,
                           source.previousRect.x, source.previousRect.width,
                           source.currentRect.x, source.currentRect.width,
                           document.documentElement.clientWidth,
                           document.documentElement.scrollHeight]);
    }
  }
}).observe({type: "layout-shift", buffered: true});
window.headerHeights = [];
addEventListener("DOMContentLoaded", () => new ResizeObserver((entries) => {
  for (const entry of entries) {
    window.headerHeights.push(Math.round(entry.borderBoxSize[0].blockSize * 10) / 10);
  }
}).observe(document.querySelector(".bar")));
"""
MOVES = 10
MOST = 0.01  # "good" is under 0.1; the table should not move at all


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_nothing_moves_from_the_first_paint_through_ten_moves(browser, server, size, lang):
    width, height = size
    with watched_page(browser, server, snapshot=False, init=FAST + ";" + OBSERVE,
                      viewport={"width": width, "height": height}) as page:
        page.goto(f"{server}index.html?lang={lang}&seed={HUMAN_LEADS}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        for _ in range(MOVES):
            play_on(page)
        shifts = page.evaluate("window.shifts")
        print(f"layout shift {width}x{height} {lang}: {sum(shifts):.4f}")  # for the note
        assert sum(shifts) <= MOST, (shifts, page.evaluate("window.shifted"))
        assert len(set(page.evaluate("window.headerHeights"))) == 1, \
            page.evaluate("window.headerHeights")


# A visit in Hindi, the language kept in the settings.
KEPT_HINDI = ("localStorage.setItem('allfives.settings', "
              "JSON.stringify({language: 'hi', bot_pause: 0, speed: 'off'}))")
SHELL = {"de": ("?lang=de", FAST), "hi": ("", KEPT_HINDI)}
HELD = ("**/pyodide.asm.wasm", "**/*.woff2")  # Python, and Hindi's own font


@pytest.mark.parametrize("lang", SHELL)
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_shell_in_its_language_stays_put_as_its_font_and_the_game_arrive(
        browser, server, size, lang):
    """The first paint holds the table's frame and the page's words in the
    visit's language; Hindi's font (served by us) and then Python arrive late,
    as on a slow phone, and nothing moves: a layout shift of exactly 0 over
    the whole load."""
    width, height = size
    query, init = SHELL[lang]
    held: list[object] = []
    with watched_page(browser, server, snapshot=False, init=init + ";" + OBSERVE,
                      service_workers="block",
                      viewport={"width": width, "height": height},
                      is_mobile=width < 500, has_touch=width < 500) as page:
        for pattern in HELD:
            page.route(pattern, lambda route: held.append(route))
        page.goto(f"{server}index.html{query}", wait_until="commit")
        # Pyodide is loading (just after the commit there may be no document element yet)
        page.wait_for_function("document.documentElement?.style"
                               ".getPropertyValue('--loaded') > '0.2'")
        assert page.get_attribute("html", "data-words") == lang
        page.evaluate("() => new Promise(requestAnimationFrame)")  # painted
        fonts = [route for route in held if route.request.url.endswith(".woff2")]
        assert len(fonts) == (2 if lang == "hi" else 0)  # each weight, asked for at once
        # the words wait for their font, as a font's own block period
        assert page.is_visible("#new-game-button") is (lang != "hi")
        for route in fonts:
            route.continue_()
        page.wait_for_function("document.fonts.status === 'loaded'")
        page.wait_for_selector("#new-game-button")  # the words shown, Python still held back
        assert page.is_visible("#draw") and page.is_disabled("#draw")
        page.evaluate("() => new Promise(requestAnimationFrame)")
        for route in held:
            if route not in fonts:
                route.continue_()
        for pattern in HELD:
            page.unroute(pattern)
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        page.wait_for_selector("#hand [data-tile]")
        page.evaluate("() => new Promise(requestAnimationFrame)")
        shifts = page.evaluate("window.shifts")
        print(f"layout shift of the load {width}x{height} {lang}: {sum(shifts):.4f}")
        assert shifts == [], page.evaluate("window.shifted")
        assert len(set(page.evaluate("window.headerHeights"))) == 1, \
            page.evaluate("window.headerHeights")
