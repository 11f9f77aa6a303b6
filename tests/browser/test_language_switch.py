"""The page's language: ``?lang=``, the choice in Settings mid-game (at once,
the game kept), remembered over a reload, and layouts that hold longer words.

What the page shows is compared with gettext's own answer for the same
catalogs (``allfives/locale``, compiled by ``make catalogs``), and the words
are checked to have really changed.
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from allfives.web.i18n import catalogs as i18n
from allfives.web.i18n.page_text import manifest_href

from .browser_helpers import (
    FAST,
    FAST_UNLESS_KEPT,
    FIRST_LOAD_MS,
    TURN_OR_OVER,
    language_chosen,
    open_game,
    phase,
    return_visit,
    saved,
    take_turn,
)

# marked elements of the page and their English (the msgid)
STATIC = {"#draw": "Draw", "#settings-title": "Settings", "#settings-done": "Done",
          "#new-game-button": "New game", "#keys-title": "Keyboard",
          "#set-speed option[value=off]": "off"}


def translated(code: str, msgid: str) -> str:
    """What gettext makes of ``msgid`` in ``code``, from the same catalogs."""
    return gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code],
                               fallback=True).gettext(msgid)


def html_lang(page: object) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def kept_settings(page: object) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))


def shows(page: object, code: str) -> None:
    """The page is in ``code``: its lang, the choice in Settings, the static words."""
    assert html_lang(page) == code
    assert page.evaluate("document.documentElement.dir") == "ltr"
    assert page.input_value("#set-language") == code
    assert page.title() == translated(code, "All Fives dominoes")
    assert page.get_attribute("#mute", "aria-label") == translated(code, "Mute")
    assert page.get_attribute("link[rel=manifest]", "href") == manifest_href(code)
    for selector, msgid in STATIC.items():
        assert page.get_attribute(selector, "data-i18n-en") == msgid, selector
        assert page.text_content(selector) == translated(code, msgid), selector


def game(page: object) -> dict:
    """The game as it stands: the saved moves, the hand, who made each logged move."""
    return {"rounds": saved(page)["rounds"],
            "hand": page.locator("#hand [data-tile]").evaluate_all(
                "ns => ns.map(n => n.dataset.tile)"),
            "log": page.locator("#log li.move").evaluate_all(
                "ns => ns.map(n => n.dataset.seat)")}


@contextmanager
def watched(browser: object, server: str, width: int = 1280, height: int = 800,
            kept: bool = False) -> Iterator[object]:
    """A page watched like conftest's ``page``, a phone's below 500 pixels wide;
    ``kept``: fast settings only when none are kept, so the page's own
    settings survive a reload."""
    with return_visit(browser, server, phone=width < 500, init=FAST_UNLESS_KEPT if kept else FAST,
                      viewport={"width": width, "height": height}) as pg:
        yield pg


def test_the_language_in_the_address_is_the_pages(page, server):
    open_game(page, server, "?lang=de")
    shows(page, "de")
    assert page.locator("#set-language option").evaluate_all(
        "ns => ns.map(n => [n.value, n.textContent, n.lang])") == \
        [[code, name, code] for code, name in i18n.LANGUAGES.items()]
    assert page.inner_text("h1") == "All Fives"  # the game's name stays
    assert kept_settings(page)["language"] == "de"  # ?lang= is remembered
    assert page.text_content("#draw") == "Ziehen"  # the German words themselves
    assert page.title() != "All Fives dominoes"
    # the installed app in German too: Chromium reads the manifest the page now links
    app = page.context.new_cdp_session(page).send("Page.getAppManifest")
    assert app["url"] == server + "static/vendor/manifests/de.webmanifest", app["url"]
    assert app["errors"] == []
    manifest = json.loads(app["data"])
    assert manifest["lang"] == "de" and manifest["name"] == "All Fives – Domino"
    assert [s["name"] for s in manifest["shortcuts"]] == ["Neue Partie", "Tagespartie", "Aufgaben"]


def test_dutch_chosen_mid_game_applies_at_once_keeps_the_game_and_is_remembered(
        browser, server):
    with watched(browser, server, kept=True) as page:
        open_game(page, server)  # headless Chromium asks for en-US
        shows(page, "en")
        for _ in range(2):
            take_turn(page)
            page.wait_for_selector(TURN_OR_OVER)
        assert phase(page) == "human"  # two turns never end a round of 7 tiles each
        before = game(page)
        assert before["log"]
        page.click("#settings-button")
        page.wait_for_selector("#settings[open]")
        page.select_option("#set-language", "nl")
        # at once, the open dialog's own words too
        page.wait_for_function("document.documentElement.lang === 'nl'")
        shows(page, "nl")
        assert page.text_content("#settings-title") == "Instellingen"  # the Dutch words
        assert page.text_content("#draw") == "Pakken"
        page.click("#settings-done")
        page.wait_for_selector("#settings", state="hidden")
        assert game(page) == before and phase(page) == "human"  # the game goes on as it was
        settings = kept_settings(page)
        assert settings["language"] == "nl" and settings["bot_pause"] == 0
        take_turn(page)
        page.wait_for_selector(TURN_OR_OVER)
        after = game(page)
        assert len(after["log"]) > len(before["log"])
        # a reload keeps Dutch and the game
        page.reload()
        page.wait_for_selector(TURN_OR_OVER, timeout=FIRST_LOAD_MS)
        shows(page, "nl")
        assert game(page) == after
        # ?lang=en switches back, and is kept in turn
        page.goto(server + "index.html?lang=en")
        page.wait_for_selector(TURN_OR_OVER, timeout=FIRST_LOAD_MS)
        shows(page, "en")
        assert page.text_content("#draw") == "Draw"
        assert game(page) == after and kept_settings(page)["language"] == "en"
        # and back and forth in Settings, every text still found
        page.click("#settings-button")
        for code in ("sk", "hi", "en"):
            page.select_option("#set-language", code)
            page.wait_for_function(f"document.documentElement.lang === '{code}'")
            shows(page, code)


# Two choices in one moment (each a change event), the page's words marked as
# not in a language until a language's frame says which.
TWO_CHOICES = """codes => {
  document.documentElement.removeAttribute('data-words');
  const choice = document.querySelector('#set-language');
  for (const code of codes) {
    choice.value = code;
    choice.dispatchEvent(new Event('change', {bubbles: true}));
  }
}"""


def test_choices_in_quick_succession_apply_in_turn_and_the_last_one_stays(page, server):
    # guards: a language applied from the page's marks as they were before the
    # one chosen just before it was written (each asks the page's thread for
    # them): the words of the first stayed, under the second's <html lang>
    open_game(page, server, "?lang=nl")
    shows(page, "nl")
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    page.evaluate(TWO_CHOICES, ["en", "nl"])
    page.wait_for_selector("html[data-words=nl]")
    shows(page, "nl")
    assert page.text_content("#settings-title") == "Instellingen"
    assert kept_settings(page)["language"] == "nl"


# Longer words than English, in place of every marked text: compound German
# words, and Devanagari (drawn in whatever font the machine has).
LONG_WORDS = {
    "de": ["Spielaufzeichnung", "Tastenkombinationen", "Datensicherung", "Rundenübersicht",
           "Zurücknehmen", "Einstellungen", "Partnerschaftsspiel", "Handreihenfolge"],
    "hi": ["सांख्यिकी", "कीबोर्ड", "शॉर्टकट", "डाउनलोड", "अभिलेख", "खिलाड़ियों",
           "सेटिंग्स", "प्रतिद्वंद्वी"],
}
LENGTHEN = """words => {
  let i = 0;
  for (const n of document.querySelectorAll('[data-i18n-en]')) {
    if (n.childElementCount) continue;
    n.textContent = n.textContent.split(' ')
      .map(w => w.length > 2 ? words[i++ % words.length] : w).join(' ');
  }
}"""
# What spills out of its box or out of the region (the viewport or an open
# dialog): an element's content wider than the element, or the element
# reaching past the region's sides.
SPILLS = """root => {
  const region = root.tagName === 'DIALOG' ? root.getBoundingClientRect()
                                           : {left: 0, right: innerWidth};
  const out = [];
  if (root.scrollWidth > root.clientWidth + 1) out.push(['scrolls', root.id, root.scrollWidth]);
  for (const n of root.querySelectorAll('*')) {
    if (!n.getClientRects().length || n.closest('svg') || n.closest('.sr-only')) continue;
    const name = n.id || n.getAttribute('data-i18n-en') || n.tagName;
    const style = getComputedStyle(n);
    if (style.display !== 'inline' && style.overflowX === 'visible'
        && n.scrollWidth > n.clientWidth + 1)
      out.push(['spills', name, n.scrollWidth, n.clientWidth]);
    const box = n.getBoundingClientRect();
    if (box.width && (box.left < region.left - 1 || box.right > region.right + 1))
      out.push(['outside', name, Math.round(box.left), Math.round(box.right)]);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)],
                         ids=["desktop", "phone", "sideways"])
def test_longer_words_wrap_and_nothing_is_cut_off(browser, server, size):
    """In German and in Hindi (one page per size, loaded again in each)."""
    with watched(browser, server, *size) as page:
        for code in ("de", "hi"):
            open_game(page, server, f"?lang={code}")
            page.evaluate(LENGTHEN, LONG_WORDS[code])
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], code
            for region in (".bar", ".controls"):
                assert page.eval_on_selector(region, SPILLS) == [], (code, region)
            for button, dialog, close in (("#settings-button", "#settings", "#settings-done"),
                                          ("#new-game-button", "#new-game", "#ng-cancel"),
                                          ("#keys-button", "#keys", "#keys-done")):
                if page.is_visible("#menu-button") and not page.is_visible(button):
                    page.click("#menu-button")  # a phone's header: the action is in its menu
                    assert page.eval_on_selector(".bar", SPILLS) == [], (code, "the open menu")
                page.click(button)
                page.wait_for_selector(f"{dialog}[open]")
                assert page.eval_on_selector(dialog, SPILLS) == [], (code, dialog)
                page.click(close)
                page.wait_for_selector(dialog, state="hidden")


# The tops of the header's shown actions (rounded), the title's and the turn
# prompt's vertical middles.
HEADER = """() => {
  const middle = n => { const b = n.getBoundingClientRect(); return (b.top + b.bottom) / 2; };
  const actions = [...document.querySelectorAll('.bar .actions > :not(.menu), .bar .menu > *')]
    .filter(n => n.getClientRects().length);
  return {rows: new Set(actions.map(n => Math.round(n.getBoundingClientRect().top))).size,
          shown: actions.length, title: middle(document.querySelector('.bar h1')),
          band: [Math.min(...actions.map(n => n.getBoundingClientRect().top)),
                 Math.max(...actions.map(n => n.getBoundingClientRect().bottom))]};
}"""


def test_the_header_actions_take_one_row_on_a_laptop_in_every_language(browser, server):
    """From 1,024 px the header's eleven actions stand in one row (they took
    two or three, and the table lost the height); from 1,280 px the title
    shares it (the turn prompt has the row below)."""
    with watched(browser, server, 1024, 768) as page:
        open_game(page, server)
        for code in i18n.LANGUAGES:
            language_chosen(page, code)
            for width in (1024, 1280, 1440):
                page.set_viewport_size({"width": width, "height": 768})
                header = page.evaluate(HEADER)
                assert header["shown"] == 11 and header["rows"] == 1, (code, width, header)
                if width >= 1280:
                    top, bottom = header["band"]
                    assert top < header["title"] < bottom, (code, width, header)
