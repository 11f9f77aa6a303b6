"""The look, as a person chooses it: each theme and tile face (and larger
tiles) through the Settings dialog, at once and after a reload, axe clean in
a playing position; every dialog in the theme's colours; the system theme
from the first paint and following the device live; kept looks before Python
has started, corrupt ones the defaults; larger tiles on a phone."""

from __future__ import annotations

import json

from .browser_helpers import (
    FAST_UNLESS_KEPT,
    FIRST_LOAD_MS,
    HUMAN_LEADS,
    TURN_OR_ROUND_OVER,
    return_visit,
    take_turn,
    watched_page,
)
from .test_access import axe

LOOK = ("() => ['data-theme', 'data-scheme', 'data-faces', 'data-large']"
        ".map(n => document.documentElement.getAttribute(n))")
META = "document.querySelector('meta[name=theme-color]').content"
BAR = {"light": "#f7f3e8", "dark": "#0c1410", "contrast": "#000000"}  # static/theme.js
# a custom property of the scheme shown, and what an element's computed colour is
PROPERTY = "name => getComputedStyle(document.documentElement).getPropertyValue(name).trim()"
COMPUTED = ("([selector, what]) => { const n = document.querySelector(selector);"
            " return n ? getComputedStyle(n)[what] : null; }")
FACES = """() => ({
    tiles: document.querySelectorAll('#board g.tile').length,
    numerals: document.querySelectorAll('#board g.tile text.numeral').length,
    coloured: document.querySelectorAll('#board .pip[class*=" n"]').length,
    pips: document.querySelectorAll('#board .pip').length,
    hand_numerals: document.querySelectorAll('#hand text.numeral').length,
    hand_tiles: document.querySelectorAll('#hand [data-tile]').length,
    hand_coloured: document.querySelectorAll('#hand .pip[class*=" n"]').length,
})"""
HAND_WIDTH = "document.querySelector('#hand [data-tile]').getBoundingClientRect().width"


def rgb(colour: str) -> str:
    """``#rrggbb`` as getComputedStyle writes it."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def settle(page: object) -> None:
    page.wait_for_selector(TURN_OR_ROUND_OVER)


def choose(page: object, theme: str, faces: str, large: bool) -> None:
    """Settings, as a person uses them: the theme, the tile faces, larger tiles."""
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    page.select_option("#set-theme", theme)
    page.select_option("#set-faces", faces)
    page.set_checked("#set-large-tiles", large)
    assert axe(page) == [], f"the settings dialog, {theme}"
    page.click("#settings-done")
    page.wait_for_selector("#settings", state="hidden")


def check_shown(page: object, theme: str, faces: str, large: bool, scheme: str = "") -> None:
    """The look on <html> (``scheme``: the colours shown, if not the theme's
    own), the meta colour, and the board, hand and tally drawn in it."""
    scheme = scheme or theme
    assert page.evaluate(LOOK) == [theme, scheme, faces, "true" if large else "false"]
    assert page.evaluate(META) == BAR[scheme]
    drawn = page.evaluate(FACES)
    assert drawn["tiles"] >= 2 and drawn["hand_tiles"] >= 1, drawn
    if faces == "numerals":
        assert drawn["numerals"] == 2 * drawn["tiles"] and drawn["pips"] == 0, drawn
        assert drawn["hand_numerals"] == 2 * drawn["hand_tiles"], drawn
    elif faces == "colour":
        assert drawn["coloured"] == drawn["pips"] > 0 and drawn["numerals"] == 0, drawn
        assert drawn["hand_coloured"] > 0, drawn
    else:
        assert drawn["coloured"] == drawn["numerals"] == 0 and drawn["pips"] > 0, drawn
    # the SVG takes the theme's colours: tile faces, pips, tally marks
    face = page.evaluate(PROPERTY, "--tile-face")
    assert page.evaluate(COMPUTED, ["#board rect.face", "fill"]) == rgb(face)
    assert page.evaluate(COMPUTED, ["#hand rect.face", "fill"]) == rgb(face)
    if faces == "colour":
        three = page.evaluate(COMPUTED, ['#board .pip[class*=" n"]', "fill"])
        assert three in {rgb(page.evaluate(PROPERTY, f"--pip-{n}")) for n in range(1, 7)}
    assert page.evaluate(COMPUTED, ["#scores .side:not(.mine) svg.tally", "color"]) == \
        rgb(page.evaluate(PROPERTY, "--text"))


def test_each_theme_and_face_is_chosen_kept_over_a_reload_and_axe_clean(browser, server):
    with return_visit(browser, server, init=FAST_UNLESS_KEPT) as page:
        page.goto(f"{server}index.html?seed={HUMAN_LEADS}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        # the system's theme (light here) with pips, as a first visit shows it
        assert page.evaluate(LOOK) == ["system", "light", "pips", "false"]
        page.click("#settings-button")
        page.check("#set-tally")  # tally marks, drawn in the theme's colours too
        page.click("#settings-done")
        for _ in range(2):  # tiles on the table and in hand
            take_turn(page)
            settle(page)
        normal_width = page.evaluate(HAND_WIDTH)
        check_shown(page, "system", "pips", False, "light")
        for theme, faces, large in (("dark", "colour", True), ("contrast", "numerals", False),
                                    ("light", "numerals", True), ("contrast", "colour", True),
                                    ("dark", "pips", False)):
            choose(page, theme, faces, large)
            check_shown(page, theme, faces, large)  # at once, the game going on
            width = page.evaluate(HAND_WIDTH)
            assert (width > 1.2 * normal_width) if large else width == normal_width
            assert axe(page) == [], f"playing, {theme} {faces}"
            page.reload()
            page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
            # the board is drawn once the page's thread has told the Python its box,
            # which may come after the status line and the hand
            page.wait_for_selector("#board g.tile")
            check_shown(page, theme, faces, large)  # kept
            kept = json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))
            assert (kept["theme"], kept["faces"], kept["large_tiles"]) == (theme, faces, large)
            page.click("#settings-button")
            assert page.input_value("#set-theme") == theme
            assert page.input_value("#set-faces") == faces
            assert page.is_checked("#set-large-tiles") == large
            page.click("#settings-done")
            assert axe(page) == [], f"after a reload, {theme} {faces}"


def test_the_system_theme_shows_from_the_first_paint_and_follows_the_device(browser, server):
    with watched_page(browser, server, snapshot=False, color_scheme="dark") as page:
        held: list[object] = []  # Python's wasm: what shows before Python has started
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto(f"{server}index.html?seed={HUMAN_LEADS}", wait_until="domcontentloaded")
        assert page.get_attribute("#status", "data-phase") == "loading"
        assert page.evaluate(LOOK) == ["system", "dark", "pips", "false"]
        assert page.evaluate(META) == BAR["dark"]
        assert page.evaluate(COMPUTED, [".felt", "borderTopColor"]) == rgb("#3b2616")
        assert axe(page) == [], "loading, dark"
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        assert page.evaluate(LOOK) == ["system", "dark", "pips", "false"]
        take_turn(page)
        settle(page)
        assert axe(page) == [], "playing, the system's dark"
        page.emulate_media(color_scheme="light")  # the device changes: the page follows
        page.wait_for_selector("html[data-scheme=light]")
        assert page.evaluate(META) == BAR["light"]
        page.emulate_media(contrast="more")  # and asks for more contrast
        page.wait_for_selector("html[data-scheme=contrast]")
        assert page.evaluate(META) == BAR["contrast"]
        assert axe(page) == [], "playing, the system's more contrast"
        choose(page, "dark", "pips", False)  # a theme chosen wins over the device's
        assert page.evaluate(LOOK) == ["dark", "dark", "pips", "false"]
        choose(page, "system", "pips", False)
        assert page.evaluate(LOOK) == ["system", "contrast", "pips", "false"]


KEPT = "localStorage.setItem('allfives.settings', {})"


def test_a_kept_look_shows_before_python_and_corrupt_settings_show_the_defaults(browser,
                                                                                  server):
    cases = [
        (json.dumps(json.dumps({"theme": "contrast", "faces": "numerals",
                                "large_tiles": True})),
         ["contrast", "contrast", "numerals", "true"]),
        (json.dumps('{"theme": "dark", "faces": '), ["system", "light", "pips", "false"]),
        (json.dumps(json.dumps({"theme": "<b>", "faces": ["colour"], "large_tiles": "true"})),
         ["system", "light", "pips", "false"]),
        (json.dumps(json.dumps(["dark", "colour"])), ["system", "light", "pips", "false"]),
        (json.dumps("null"), ["system", "light", "pips", "false"]),
    ]
    for stored, shown in cases:
        with watched_page(browser, server, snapshot=False, init=KEPT.format(stored)) as page:
            page.route("**/pyodide.asm.wasm", lambda _route: None)  # Python never starts
            page.goto(f"{server}index.html", wait_until="domcontentloaded")
            assert page.evaluate(LOOK) == shown, stored
            assert page.evaluate(META) == BAR[shown[1]]


def test_larger_tiles_on_a_phone_fit_the_hand_in_a_row_without_scrolling_sideways(browser,
                                                                                   server):
    large = ("localStorage.setItem('allfives.settings', JSON.stringify("
             "{bot_pause: 0, speed: 'off', large_tiles: true, faces: 'numerals'}))")
    with return_visit(browser, server, phone=True, init=large) as page:
        page.goto(f"{server}index.html?seed={HUMAN_LEADS}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        for _ in range(4):
            take_turn(page)
            settle(page)
            if page.get_attribute("#status", "data-phase") != "human":
                break
            boxes = page.eval_on_selector_all("#hand [data-tile]", """nodes => nodes.map(n => {
                const b = n.getBoundingClientRect(); return [b.left, b.right, b.width]; })""")
            assert boxes and all(0 <= left and right <= 390 for left, right, _ in boxes), boxes
            # up to 2.8rem, narrowed to fit the row: still wider than the phone's 2.1rem
            assert min(width for _, _, width in boxes) >= 36
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert axe(page) == [], "a phone, larger tiles"


DIALOGS = (("#settings-button", "#settings", "#settings-done"),
           ("#review-button", "#review", "#review-close"),
           ("#puzzles-button", "#puzzles", "#puzzles-done"),
           ("#rules-button", "#rules-help", "#rules-done"),
           ("#stats-button", "#stats", "#stats-done"),
           ("#new-game-button", "#new-game", "#ng-cancel"),
           ("#keys-button", "#keys", "#keys-done"))
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
# a dialog's paper and ink, its heading and its colour scheme, as computed
PAPER = """dialog => {
    const n = document.querySelector(dialog), look = node => getComputedStyle(node);
    return {paper: look(n).backgroundColor, ink: look(n).color,
            heading: look(n.querySelector('h2') || n).color,
            scheme: look(n).colorScheme};
}"""


def luminance(colour: str) -> float:
    """The relative luminance (WCAG) of ``rgb(r, g, b)`` as getComputedStyle writes it."""
    channels = [int(c) / 255 for c in colour[colour.index("(") + 1:-1].split(",")[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_dialogs_and_their_boards_follow_the_theme_and_are_axe_clean(browser, server):
    """Every dialog in the scheme's colours: the light theme's paper and ink as
    ever, the dark theme's dark paper with light ink, the contrast theme's black
    with white and yellow; its form controls in the scheme's own colour scheme;
    its board still the felt; axe clean in each. One game, the look chosen in
    Settings before each round of dialogs."""
    with return_visit(browser, server) as page:
        page.goto(f"{server}index.html?seed={HUMAN_LEADS}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        take_turn(page)
        settle(page)
        for theme, faces in (("light", "pips"), ("dark", "colour"), ("contrast", "numerals")):
            choose(page, theme, faces, False)
            # the tiles' faces, as the settings say, in every board and hand
            kind = {"numerals": "text.numeral", "colour": '.pip[class*=" n"]'}.get(faces, ".pip")
            for opener, dialog, closer in DIALOGS:
                page.click(opener)
                page.wait_for_selector(f"{dialog}[open]")
                if dialog == "#puzzles":  # its board, in the theme's colours and faces
                    page.wait_for_selector("#puzzle-board [data-tile]")
                    assert page.evaluate(COMPUTED, ["#puzzle-board rect.face", "fill"]) == \
                        rgb(page.evaluate(PROPERTY, "--tile-face"))
                    assert page.locator(f"#puzzle-board {kind}").count() > 0
                    assert page.locator(f"#puzzle-hand {kind}").count() > 0
                if dialog == "#rules-help":  # How to play's examples
                    assert page.locator(f"#rules-help-body .rules-board {kind}").count() > 0
                if dialog == "#review":  # the board, the graded decisions and the chart
                    page.wait_for_selector("#review-board [data-tile]")
                    assert page.locator(f"#review-board {kind}").count() > 0
                    page.wait_for_selector("#review-progress[hidden]", state="attached",
                                           timeout=120_000)
                    page.wait_for_selector("#review-moves [data-grade]")
                    # on every paper the chart's words 4.5:1, its lines and swatches 3:1
                    paper = page.evaluate(COMPUTED, ["#review", "backgroundColor"])
                    axis = page.evaluate(COMPUTED, ["#review-chart text.axis", "fill"])
                    colours = [page.evaluate(PROPERTY, name) for name in (
                        *(f"--grade-{grade}" for grade in GRADES),
                        *(f"--side-{side}" for side in range(4)))]
                    assert contrast(axis, paper) >= 4.5, (theme, axis, paper)
                    assert all(contrast(rgb(c), paper) >= 3 for c in colours), \
                        (theme, colours, paper)
                    assert page.evaluate(COMPUTED, [".review-felt", "backgroundImage"]) == \
                        page.evaluate(COMPUTED, [".felt", "backgroundImage"])  # the felt
                look = page.evaluate(PAPER, dialog)
                if theme == "light":  # as it always was
                    assert look["paper"] == rgb("#f7f3e6") and look["ink"] == rgb("#1b1b1b"), look
                    assert look["heading"] == rgb("#0f4d34"), look
                    assert look["scheme"] == "light", look
                else:
                    assert luminance(look["paper"]) < 0.05, (theme, dialog, look)
                    assert luminance(look["ink"]) > 0.8, (theme, dialog, look)
                    assert look["scheme"] == "dark", look
                    assert contrast(look["heading"], look["paper"]) >= 7, (theme, dialog, look)
                    if theme == "contrast":
                        assert look["paper"] == rgb("#000000"), look
                        assert look["heading"] == rgb("#ffff00"), look
                assert contrast(look["ink"], look["paper"]) >= 7, (theme, dialog, look)
                assert axe(page) == [], f"{dialog}, {theme}"
                page.click(closer)
                page.wait_for_selector(dialog, state="hidden")
