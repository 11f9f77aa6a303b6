"""Each language, the way its reader meets it: with ``?lang=xx`` a whole round
is played and no English sentence of the catalog shows anywhere, the dialogs
included (their text, and what a screen reader hears: aria-labels, titles).
"""

from __future__ import annotations

import gettext
import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from allfives.web.i18n import catalogs as i18n
from allfives.web.i18n.page_text import LOADING, messages

from .browser_helpers import FIRST_LOAD_MS, play_until, watched_page

LOCALE = Path(__file__).resolve().parents[2] / "allfives" / "locale"
PLACEHOLDER = re.compile(r"\{\w*\}")
# Every dialog a toolbar button opens, with that button.
TOOLBAR_DIALOGS = {"new-game-button": "new-game", "settings-button": "settings",
                   "keys-button": "keys", "stats-button": "stats", "rules-button": "rules-help"}
# What the page shows and says: visible text (closed dialogs and hidden
# elements are not in innerText), what is read aloud, and SVG tooltips; with
# each visible element's own whole text, where a one-word message is looked for
# (as a word inside a sentence it may be the other language's own: Dutch
# "punt", "Back-up").
SHOWN = """() => {
    const pieces = [];
    for (const el of document.querySelectorAll("body *")) {
        if (!el.checkVisibility({visibilityProperty: true})) continue;
        if (el.children.length === 0 && el.textContent.trim()) pieces.push(el.textContent.trim());
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
            if (el.getAttribute(name)) pieces.push(el.getAttribute(name).trim());
        }
    }
    for (const title of document.querySelectorAll("svg title")) {
        pieces.push(title.textContent.trim());
    }
    return [document.body.innerText + "\\n" + pieces.join("\\n"), pieces];
}"""


def english_of(code: str) -> list[tuple[str, re.Pattern[str], bool]]:
    """The catalog's English that ``code`` says otherwise, as patterns a
    placeholder may fill with anything on the same line, and whether the
    message is one word (then only an element's whole text counts)."""
    with open(LOCALE / code / "LC_MESSAGES" / "allfives.po", "rb") as f:
        catalog = read_po(f, locale=code)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        for english in ids:
            if english in strings:
                continue  # the same word in both languages ("OK", "Domino")
            text = html.unescape(re.sub(r"<[^>]+>", "", english))
            parts = PLACEHOLDER.split(text)
            words = re.findall(r"[^\W\d_]{2,}", " ".join(parts))
            if not words:
                continue  # no English word in it, only numbers or names
            pattern = r"[^\n]*?".join(re.escape(p) for p in parts)
            found.append((english, re.compile(rf"(?<!\w){pattern}(?!\w)"), len(words) == 1))
    return found


def english_shown(page: object, english: list[tuple[str, re.Pattern[str], bool]]) -> list[str]:
    shown, pieces = page.evaluate(SHOWN)
    return [msgid for msgid, pattern, one_word in english
            if (any(pattern.fullmatch(p) for p in pieces) if one_word else pattern.search(shown))]


# A deal for each language, each a different round, chosen among seeds 1-18
# for a short review (its 6-9 decisions analysed in 4.5-6.5 s on their own,
# where the others took up to 20 s).
ROUNDS = {"de": "5", "nl": "14", "sk": "10", "hi": "8"}


@pytest.mark.parametrize("code", ROUNDS)
def test_a_round_in_each_language_shows_no_english(page, server, code):
    english = english_of(code)
    assert len(english) > 300
    page.goto(f"{server}index.html?lang={code}&seed={ROUNDS[code]}")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert page.get_attribute("html", "lang") == code
    assert english_shown(page, english) == []
    for button, dialog in TOOLBAR_DIALOGS.items():
        page.click(f"#{button}")
        page.wait_for_selector(f"#{dialog}[open]")
        assert (dialog, english_shown(page, english)) == (dialog, [])
        page.keyboard.press("Escape")
        page.wait_for_selector(f"#{dialog}", state="hidden")
    assert play_until(page, ("round-over", "game-over")) in ("round-over", "game-over")
    page.wait_for_selector("#round-end[open], #game-over[open]")
    assert english_shown(page, english) == []
    page.click("#round-end[open] #round-end-review, #game-over[open] #game-over-review")
    page.wait_for_selector("#review[open]")
    # the analysis done: its summary, reasons and the decisions list shown
    page.wait_for_selector("#review-progress[hidden]", state="attached", timeout=120_000)
    assert english_shown(page, english) == []


# How a visit asks for German before Python runs: the link, the browser's
# languages, or the choice kept in the settings (catalogs.choose's order).
ASKED = {"link": ("?lang=de", {}), "browser": ("", {"locale": "de-DE"}),
         "kept": ("", {"init": "localStorage.setItem('allfives.settings', "
                               "JSON.stringify({language: 'de', bot_pause: 0}))"})}


@pytest.mark.parametrize("asked", ASKED)
def test_before_python_starts_the_shell_says_what_it_does_in_the_visits_language(
        browser, server, asked):
    query, options = ASKED[asked]
    german = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=["de"])
    words = [german.gettext(text) for text in LOADING]
    with watched_page(browser, server, snapshot=False, service_workers="block", **options) as page:
        page.route("**/pyodide.asm.wasm", lambda _route: None)  # Python never starts
        page.goto(f"{server}index.html{query}", wait_until="commit")
        page.wait_for_selector("#progress", state="attached")
        shown = page.evaluate(LOADING_LINE)
        assert shown[0] in words and shown[1:] == ["visible", "visible"], shown
        page.wait_for_function("document.documentElement.style"
                               ".getPropertyValue('--loaded') > '0.2'")  # Pyodide is loading
        assert page.evaluate(LOADING_LINE)[0] in words[1:]
        # its hook's text once the page is parsed, and the page's, read at once (the
        # loading line moves on as Pyodide loads)
        line, text = page.evaluate("[document.querySelector('#progress').textContent,"
                                   " document.body.innerText]")
        assert line in words[1:]
        assert "Neue Partie" in text.split("\n") and "New game" not in text  # the page's own
        assert page.get_attribute("html", "lang") == "de"


# The loading line's words (the style sheet's until the page is parsed, then
# its text), and whether they and the bar below them show.
LOADING_LINE = """() => {
  const line = document.querySelector("#progress");
  const words = getComputedStyle(line, "::before"), bar = getComputedStyle(line, "::after");
  const text = line.textContent || (words.content === "none" ? "" : JSON.parse(words.content));
  return [text, line.checkVisibility({visibilityProperty: true})
          && (line.textContent ? "visible" : words.visibility), bar.visibility];
}"""


# Every marked text and attribute of the page as it shows it: its English
# (data-i18n-en, as the page's script or Python kept it, else the text itself),
# what it shows, where, and whether the page's code wrote it since (it shows
# other than what the last language applied left there, data-i18n-shown).
MARKED = """() => {
  const norm = s => s.replace(/[ \\t\\n\\r\\f]+/g, " ").trim();
  const out = [];
  for (const n of document.querySelectorAll("[data-i18n]")) {
    const markup = n.hasAttribute("data-i18n-html");
    const shown = norm(markup ? n.innerHTML : n.textContent);
    const left = n.getAttribute("data-i18n-shown");
    out.push([n.getAttribute("data-i18n-en") ?? norm(n.textContent), shown, n.id || n.tagName,
              left !== null && left !== shown]);
  }
  for (const n of document.querySelectorAll("[data-i18n-attr]")) {
    for (const name of n.getAttribute("data-i18n-attr").split(" ").filter(Boolean)) {
      const shown = norm(n.getAttribute(name)), left = n.getAttribute("data-i18n-shown-" + name);
      out.push([n.getAttribute("data-i18n-en-" + name) ?? shown, shown,
                (n.id || n.tagName) + "@" + name, left !== null && left !== shown]);
    }
  }
  return out;
}"""
PAGE_MESSAGES = messages((LOCALE.parents[1] / "index.html").read_text(encoding="utf-8"))
KEPT_HINDI = ("localStorage.setItem('allfives.settings', "
              "JSON.stringify({language: 'hi', bot_pause: 0, speed: 'off'}))")


def marked_in(page: object, code: str) -> list[tuple[str, str, str]]:
    """The marked texts and attributes that show other than the catalog's
    ``code`` says (what the page's code wrote since aside)."""
    say = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code]).gettext
    return [(english, shown, where) for english, shown, where, written in page.evaluate(MARKED)
            if not written and shown != say(english)]


@pytest.mark.parametrize(("code", "query", "init"), [("de", "?lang=de", None),
                                                     ("hi", "", KEPT_HINDI)],
                         ids=["link", "kept"])
def test_the_first_paint_is_in_the_visits_language_and_python_keeps_it(
        browser, server, code, query, init):
    """Buttons, titles and aria-labels in the visit's language while Python is
    held back (Pyodide's WebAssembly never answered), no English message
    among the marked elements; then the same once the game has started."""
    held = []
    options = {"init": init} if init else {}
    with watched_page(browser, server, snapshot=False, service_workers="block", **options) as page:
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto(f"{server}index.html{query}")
        page.wait_for_function("document.documentElement.style"
                               ".getPropertyValue('--loaded') > '0.2'")  # Pyodide is loading
        assert (page.get_attribute("html", "lang"), page.get_attribute("html", "dir"),
                page.get_attribute("html", "data-words")) == (code, "ltr", code)
        assert page.evaluate("document.documentElement.hasAttribute('data-language')") is False
        marked = page.evaluate(MARKED)
        assert len(marked) == len(PAGE_MESSAGES) and not any(m[3] for m in marked)
        assert marked_in(page, code) == []
        assert page.title() == translated(code, "All Fives dominoes")
        assert page.text_content("#new-game-button") == translated(code, "New game")
        assert page.get_attribute("#mute", "aria-label") == translated(code, "Mute")
        assert page.get_attribute("#keys-button", "title") == \
            translated(code, "Keyboard shortcuts (?)")
        assert page.get_attribute("#hand", "aria-label") == translated(code, "Your tiles")
        assert english_shown(page, english_of(code)) == []
        assert page.is_disabled("#new-game-button") and page.is_disabled("#draw")
        assert page.is_hidden("#boneyard .left")  # no count of a deal not yet dealt
        # the game arrives: the same words, and nothing marked written again
        page.evaluate("""() => { window.rewritten = [];
            new MutationObserver(ms => { for (const m of ms) {
              const n = m.target.nodeType === 1 ? m.target : m.target.parentElement;
              if (n && n.closest("[data-i18n]") && !n.closest("#status"))
                window.rewritten.push(n.id || n.tagName); } })
            .observe(document, {subtree: true, childList: true, characterData: true}); }""")
        assert held
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        assert page.get_attribute("html", "data-language") == code
        assert marked_in(page, code) == [] and page.evaluate("window.rewritten") == []
        assert page.title() == translated(code, "All Fives dominoes")
        assert english_shown(page, english_of(code)) == []


def translated(code: str, msgid: str) -> str:
    return gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code]).gettext(msgid)
