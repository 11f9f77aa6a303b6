"""The header on a phone: one row in every language, the actions that do not
fit folded into a menu (a disclosure button) that the keyboard alone opens,
walks, uses and closes, with focus where a person expects it; axe-core finds
nothing with the menu open. On a wide screen every action stands in the row."""

from __future__ import annotations

import json

from allfives.web.i18n import catalogs as i18n

from .browser_helpers import (
    FIRST_LOAD_MS,
    TURN_OR_OVER,
    go_ahead,
    language_chosen,
    return_visit,
    saved,
)
from .test_access import axe
from .test_language_switch import translated

# The menu's actions, in their order (the record's label gives focus to its file field).
FOLDED = ["daily", "download", "review-button", "open-record", "stats-button",
          "puzzles-button", "rules-button", "settings-button", "keys-button"]
AT_HAND = ["new-game-button", "menu-button", "mute"]
ACTIVE = "() => document.activeElement && document.activeElement.id"
# The header's row as laid out: [id or tag, left, top, right, bottom] of each shown
# item (not the open menu, which drops down over the page), and the turn prompt's.
ROW = """() => {
  const box = n => { const b = n.getBoundingClientRect();
                     return [n.id || n.tagName, b.left, b.top, b.right, b.bottom]; };
  return [[...document.querySelectorAll('.bar > :not(#status), .bar .actions > *')]
            .filter(n => n.getClientRects().length && n.id !== 'menu').map(box),
          box(document.querySelector('#status'))];
}"""


def one_row(page: object) -> list[str]:
    """What breaks the header's one row of the title and the actions (the
    turn prompt has the row below, the screen's width): items not sharing a
    horizontal line, overlapping each other, or past the screen's sides."""
    items, prompt = page.evaluate(ROW)
    problems = []
    if prompt[2] < max(i[4] for i in items):
        problems.append(f"the prompt is not below the row: {prompt}")
    if max(i[2] for i in items) >= min(i[4] for i in items):
        problems.append(f"not one row: {items}")
    leaves = sorted((i for i in items if i[0] != "NAV"), key=lambda i: i[1])
    problems += [f"{a[0]} overlaps {b[0]}" for a, b in zip(leaves, leaves[1:], strict=False)
                 if a[3] > b[1] + 0.5]
    width = page.evaluate("innerWidth")
    problems += [f"{i[0]} outside" for i in items if i[1] < -0.5 or i[3] > width + 0.5]
    return problems


def axe_but_the_log(page: object) -> list[str]:
    """axe-core's violations on the whole page but the game log. On a 390x844
    phone the log starts at the screen's bottom edge and axe measures its
    colours against a grey (#888) that is not there: it reports them with the
    menu closed too, and on the page as it was before the menu (its header
    two rows high, the log lower still)."""
    axe(page)  # loads axe-core
    return page.evaluate("""async () => (await axe.run({exclude: [['.log-box']]},
        {resultTypes: ['violations']})).violations.map(v => v.id + ': '
        + v.nodes.map(n => n.target.join(' ')).join(', '))""")


def expanded(page: object) -> str | None:
    return page.get_attribute("#menu-button", "aria-expanded")


def to_action(page: object, wanted: str) -> None:
    """From the menu button, by keyboard: open the menu, arrow down to ``wanted``."""
    assert page.evaluate(ACTIVE) == "menu-button"
    page.keyboard.press("Enter")
    assert expanded(page) == "true"
    for _ in range(len(FOLDED)):
        if page.evaluate(ACTIVE) == wanted:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"{wanted} not reached in the menu")


def test_on_a_phone_the_header_is_one_row_and_the_menu_works_by_keyboard(browser, server):
    """In every language: one phone page, its first language from the link,
    each other one chosen in Settings (through the menu)."""
    with return_visit(browser, server, phone=True) as page:
        first = next(iter(i18n.LANGUAGES))  # English
        page.goto(f"{server}index.html?lang={first}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        for code in i18n.LANGUAGES:
            try:
                if code != first:
                    language_chosen(page, code, menu=True)
                header_and_menu_by_keyboard(page, code)
            except AssertionError as e:
                e.add_note(f"in {code}")
                raise


def header_and_menu_by_keyboard(page: object, code: str) -> None:
    assert one_row(page) == []
    shown = [i for i in AT_HAND + FOLDED if page.is_visible(f"#{i}")]
    assert shown == AT_HAND  # the rest is folded away, hidden from screen readers too
    assert page.get_attribute("#menu-button", "aria-controls") == "menu"
    assert expanded(page) == "false"
    # its name (shown beside the icon on a wider phone, read out here) in the language
    assert page.text_content("#menu-button").strip() == translated(code, "Menu")
    # Tab from New game reaches the menu button; Enter opens it on the first action
    page.focus("#new-game-button")
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE) == "menu-button"
    page.keyboard.press("Enter")
    assert expanded(page) == "true" and page.evaluate(ACTIVE) == FOLDED[0]
    assert one_row(page) == []  # the menu drops down; the row stays as it was
    # arrows walk every action and round again; Home and End
    walked = [page.evaluate(ACTIVE)]
    for _ in FOLDED:
        page.keyboard.press("ArrowDown")
        walked.append(page.evaluate(ACTIVE))
    assert walked == [*FOLDED, FOLDED[0]]
    page.keyboard.press("ArrowUp")
    assert page.evaluate(ACTIVE) == FOLDED[-1]
    page.keyboard.press("Home")
    assert page.evaluate(ACTIVE) == FOLDED[0]
    page.keyboard.press("End")
    assert page.evaluate(ACTIVE) == FOLDED[-1]
    # axe finds nothing with the menu open (the game log aside: see BELOW_THE_FOLD)
    assert axe_but_the_log(page) == []
    # Escape closes it and focus is back on the button
    page.keyboard.press("Escape")
    assert expanded(page) == "false" and page.evaluate(ACTIVE) == "menu-button"
    assert page.is_hidden("#daily")
    # Down on the button opens on the first action, Up on the last; Tab goes on
    # through the actions and out to the speaker, and the menu closes behind it
    page.keyboard.press("ArrowUp")
    assert expanded(page) == "true" and page.evaluate(ACTIVE) == FOLDED[-1]
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE) == "mute" and expanded(page) == "false"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(ACTIVE) == "menu-button"
    # Statistics, through the menu by keyboard alone, then back
    to_action(page, "stats-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#stats[open]")
    assert expanded(page) == "false"
    assert page.eval_on_selector("#stats", "d => d.contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#stats", state="hidden")
    # a click in the menu beside its actions leaves it open; one outside closes it
    page.click("#menu-button")
    assert expanded(page) == "true" and page.is_visible("#settings-button")
    page.click("#menu", position={"x": 2, "y": 2})
    assert expanded(page) == "true" and page.is_visible("#settings-button")
    page.click("#felt", position={"x": 5, "y": 5})
    assert expanded(page) == "false" and page.is_hidden("#settings-button")


DIALOGS = {"review-button": "#review", "stats-button": "#stats", "puzzles-button": "#puzzles",
           "rules-button": "#rules-help", "settings-button": "#settings", "keys-button": "#keys"}


def test_every_folded_action_works_from_the_menu_by_keyboard(browser, server, tmp_path):
    with return_visit(browser, server, phone=True) as page:
        # Playwright turns on catching file choosers when a page first listens
        # for them; in a listener made just before the key it sometimes comes
        # too late (Chromium's own chooser opened, and was cancelled at once).
        page.on("filechooser", lambda _chooser: None)
        page.goto(f"{server}index.html?lang=nl")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        for action, dialog in DIALOGS.items():
            page.focus("#menu-button")
            to_action(page, action)
            page.keyboard.press("Enter")
            page.wait_for_selector(f"{dialog}[open]")
            assert expanded(page) == "false"
            page.keyboard.press("Escape")
            page.wait_for_selector(dialog, state="hidden")
        # Download record: a file, and focus back on the menu button
        page.focus("#menu-button")
        to_action(page, "download")
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        assert json.loads(download.value.path().read_text())["format"] == "allfives-record/1"
        assert expanded(page) == "false" and page.evaluate(ACTIVE) == "menu-button"
        # Open record: the file chooser, and the chosen record opens in Review
        record = tmp_path / "game.json"
        record.write_text(json.dumps(saved(page)))
        to_action(page, "open-record")
        with page.expect_file_chooser() as chooser:
            page.keyboard.press("Enter")
        chooser.value.set_files(str(record))
        page.wait_for_selector("#review[open]")
        assert expanded(page) == "false"
        page.keyboard.press("Escape")
        page.wait_for_selector("#review", state="hidden")
        # Daily deal: today's deal on the table
        page.focus("#menu-button")
        to_action(page, "daily")
        page.keyboard.press("Enter")
        # the game in progress is asked about first (#confirm), unless it has no move yet
        page.wait_for_function("document.querySelector('#confirm').open || String(JSON.parse("
                               "localStorage.getItem('allfives.save')).seed).startsWith('daily:')")
        go_ahead(page)
        page.wait_for_function(
            "String(JSON.parse(localStorage.getItem('allfives.save')).seed).startsWith('daily:')")
        page.wait_for_selector(TURN_OR_OVER)
        assert expanded(page) == "false"


def test_on_a_wide_screen_every_action_stands_in_the_row(page, server):
    page.goto(server + "index.html")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert page.is_hidden("#menu-button")
    labels = ["open-record-label" if i == "open-record" else i for i in FOLDED]
    assert [i for i in ["new-game-button", *labels, "mute"] if not page.is_visible(f"#{i}")] == []
    page.click("#stats-button")  # as every other test clicks them
    page.wait_for_selector("#stats[open]")
