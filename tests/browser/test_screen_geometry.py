"""Every screen measured on phones (issue 38: the game's, its dialogs', the
privacy screen of friends at one device and a real table's): nothing wider
than its container, nothing that needs a sideways scroll, no text whose
spaces a flex box dropped,
the hand and the action buttons in the first viewport, and the board's tiles
and lit places large enough to tap on a 390 px phone while the table holds up
to 8 tiles.

One page load per language: the sizes are the window resized (the page lays
itself out again for each), the screens opened one after another as a person
would open them, each checked by ``PROBLEMS``. Run with ``-s`` to see the
margins measured (the note's worst margin comes from these lines)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from allfives.moves import DRAW, PASS, move_tile, parse_move
from allfives.tiles import NAMES
from allfives.web import worker
from allfives.web.play.controller import Controller
from allfives.web.play.steps import AwaitPerson, BotMove
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from .browser_helpers import FIRST_LOAD_MS, go_ahead, return_visit

SIZES = {"360x640": (360, 640), "390x844": (390, 844), "844x390": (844, 390)}
LANGUAGES = ("en", "de", "hi")
MOST_TILES = 8  # a 390 px phone draws a table of up to this many tiles ...
LEAST_TILE_PX = 28  # ... with each tile's short side at least this wide
LEAST_PLACE_PX = 24  # a lit place, on any phone (WCAG 2.5.8)

# What is wrong with the screen under ``root`` now, as sentences; and the
# smallest horizontal margin seen (how far the tightest element is from
# spilling out of its container), for the note.
PROBLEMS = """(root) => {
    const problems = [];
    let margin = Infinity;
    const page = document.scrollingElement;
    if (page.scrollWidth > innerWidth + 1) {
        problems.push(`the page scrolls sideways: ${page.scrollWidth} px in ${innerWidth}`);
    }
    const top = document.querySelector(root);
    const name = (el) => el.id ? '#' + el.id : el.tagName.toLowerCase()
        + (el.classList.length ? '.' + [...el.classList].join('.') : '');
    for (const el of [top, ...top.querySelectorAll('*')]) {
        if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
        if (el.closest('.sr-only')) continue;  // drawn nowhere: only screen readers have it
        if (!el.checkVisibility({visibilityProperty: true})) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const style = getComputedStyle(el);
        if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
            problems.push(`${name(el)} scrolls sideways: `
                          + `${el.scrollWidth} px in ${el.clientWidth}`);
        }
        let parent = el.parentElement;  // the box it lies in: past groups with no box
        while (parent && parent !== top && getComputedStyle(parent).display === 'contents') {
            parent = parent.parentElement;
        }
        if (el !== top && parent && style.position !== 'absolute' && style.position !== 'fixed') {
            const p = parent.getBoundingClientRect();
            const spare = Math.min(box.left - p.left, p.right - box.right);
            margin = Math.min(margin, spare);
            if (spare < -1) {
                problems.push(`${name(el)} is wider than ${name(parent)}: `
                              + `${box.left.toFixed(0)}-${box.right.toFixed(0)} in `
                              + `${p.left.toFixed(0)}-${p.right.toFixed(0)}`);
            }
        }
        // a flex or grid box makes each run of text an item of its own and
        // drops the spaces at its edges ("Where should1-5go?")
        if (/flex|grid/.test(style.display) && el.children.length) {
            for (const node of el.childNodes) {
                if (node.nodeType === 3 && node.textContent.trim()
                        && /^\\s|\\s$/.test(node.textContent)) {
                    problems.push(`${name(el)} loses the spaces of "${node.textContent.trim()}"`);
                }
            }
        }
    }
    return {problems, margin};
}"""

# Where the hand's tiles and the action buttons are, as laid out with the
# page at its top: the first viewport, no scrolling.
FIRST_VIEWPORT = """() => {
    const out = [];
    let spare = Infinity;  // the least room left below or beside any of them
    const shown = '#hand [data-tile], .controls button:not([hidden])';
    for (const el of document.querySelectorAll(shown)) {
        const r = el.getBoundingClientRect();
        const top = r.top + scrollY, bottom = r.bottom + scrollY;
        spare = Math.min(spare, innerHeight - bottom, r.left, innerWidth - r.right);
        if (top < 0 || bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) {
            out.push(`${el.dataset.tile || el.id} at ${r.left.toFixed(0)},${top.toFixed(0)}-`
                     + `${r.right.toFixed(0)},${bottom.toFixed(0)} `
                     + `in ${innerWidth}x${innerHeight}`);
        }
    }
    return {out, spare};
}"""

# The shorter side, on the screen, of the board's tiles and of its lit places.
SIDES = """(which) => [...document.querySelectorAll(which)].map((r) => {
    const b = r.getBoundingClientRect(); return Math.min(b.width, b.height); })"""


def a_table_with_two_places() -> tuple[str, str]:
    """A save at the person's turn with at most ``MOST_TILES`` tiles down and a
    tile in hand that fits two places (the bots played as the page's do), and
    that tile."""
    for seed in range(40):
        ctl = Controller(Table.new(Setup(), str(seed)), Settings())
        for _ in range(40):
            step = ctl.next_step()
            if isinstance(step, BotMove):
                ctl.play(parse_move(worker.choose(json.dumps(step.request.to_json()))))
                continue
            if not isinstance(step, AwaitPerson):
                break
            view = ctl.view()
            if len(view.layout.placements) > MOST_TILES - 2:
                break
            fits = Counter(move_tile(m) for m in view.legal_moves if m >= 0)
            several = [t for t, n in fits.items() if n >= 2]
            if several and len(view.layout.placements) >= 4:
                return ctl.table.to_save(), NAMES[several[0]]
            hand = ctl.hand(view)
            if hand.must_draw or hand.must_pass:
                ctl.play(DRAW if hand.must_draw else PASS)
            else:
                ctl.play(ctl.plays_of(next(t for t in hand.tiles if t in hand.playable))[0])
    raise AssertionError("no seed gave a tile with two places on a small table")


SAVE, TWO_PLACES = a_table_with_two_places()

# The dialogs a person opens from the header (or its menu), by the button's id.
DIALOGS = {"new-game": "new-game-button", "settings": "settings-button", "stats": "stats-button",
           "rules-help": "rules-button", "keys": "keys-button", "puzzles": "puzzles-button",
           "review": "review-button"}


def check(page, root: str, where: str, found: list[str], margins: list[float]) -> None:
    seen = page.evaluate(PROBLEMS, root)
    found += [f"{where}: {p}" for p in seen["problems"]]
    if seen["margin"] is not None:
        margins.append(seen["margin"])


def open_dialog(page, dialog: str) -> None:
    page.evaluate("id => document.getElementById(id).click()", DIALOGS[dialog])
    page.wait_for_selector(f"#{dialog}[open]")
    page.wait_for_timeout(50)  # its contents drawn for the box it has open


def close_dialog(page, dialog: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{dialog}", state="hidden")


def each_size(page, root: str, where: str, found: list[str], margins: list[float]) -> None:
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)  # the resize's redraw
        check(page, root, f"{where} {size}", found, margins)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_fits_a_phone(browser, server, lang):
    found: list[str] = []
    margins: list[float] = []
    init = ("localStorage.getItem('allfives.save') || localStorage.setItem('allfives.save', "
            f"{json.dumps(SAVE)}); localStorage.setItem('allfives.settings', "
            "JSON.stringify({bot_pause: 0, speed: 'off'}))")
    with return_visit(browser, server, phone=True, init=init) as page:
        page.goto(server + f"index.html?lang={lang}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(100)  # the resize's redraw
            where = f"{lang} {size}"
            check(page, "body", f"{where} game", found, margins)
            first = page.evaluate(FIRST_VIEWPORT)
            found += [f"{where} game: {p} is outside the first screen" for p in first["out"]]
            print(f"{where}: the hand and buttons {first['spare']:.1f} px inside the first screen")
            page.click(f'#hand [data-tile="{TWO_PLACES}"]')
            page.wait_for_selector("#board [data-target]")
            check(page, "body", f"{where} a tile picked", found, margins)
            places = page.evaluate(SIDES, "#board [data-target] rect.place")
            tiles = page.evaluate(SIDES, "#board g.tile rect.face")
            assert len(places) >= 2 and tiles
            found += [f"{where}: a lit place {p:.1f} px" for p in places if p < LEAST_PLACE_PX]
            if width == 390:
                found += [f"{where}: a tile {t:.1f} px, a lit place {p:.1f} px"
                          for t, p in [(min(tiles), min(places))]
                          if min(t, p) < LEAST_TILE_PX]
                print(f"{where}: {len(tiles)} tiles {min(tiles):.1f} px, "
                      f"lit places {min(places):.1f} px")
            page.keyboard.press("Escape")
            if page.is_visible("#menu-button"):
                page.click("#menu-button")
                page.wait_for_selector("#menu-button[aria-expanded=true]")
                check(page, "body", f"{where} the menu", found, margins)
                page.keyboard.press("Escape")
            for dialog in DIALOGS:
                open_dialog(page, dialog)
                check(page, f"#{dialog}", f"{where} {dialog}", found, margins)
                if dialog == "new-game":
                    page.check("#ng-mode-table")
                    check(page, f"#{dialog}", f"{where} new game at a real table", found, margins)
                    page.check("#ng-mode-bots")
                close_dialog(page, dialog)
        # friends at one device: the privacy screen before the first hand
        page.set_viewport_size({"width": 390, "height": 844})
        open_dialog(page, "new-game")
        page.select_option("#ng-bots select[name=bot0]", "person")
        page.fill("#ng-bots input[name=seatname0]", "Maximiliane")
        page.fill("#ng-name", "Bartholomew")
        page.click("#ng-start")
        go_ahead(page)
        page.wait_for_selector("#privacy[open]")
        each_size(page, "#privacy", f"{lang} the privacy screen", found, margins)
        # a game kept at a real table, with four long names
        open_dialog(page, "new-game")
        page.check("#ng-mode-table")
        page.check("#new-game-form input[name=players][value='4']")
        for i, name in enumerate(("Maximiliane", "Christopher", "Anastasia")):
            page.fill(f"#ng-table-options input[name=seatname{i}]", name)
        page.click("#ng-start")
        go_ahead(page)
        page.wait_for_selector("body[data-mode=table]")
        each_size(page, "body", f"{lang} the real table", found, margins)
    print(f"{lang}: worst margin {min(margins):.1f} px")
    assert not found, "\n".join(found)
