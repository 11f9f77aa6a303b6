"""index.html's English as gettext messages, and the language of a visit."""

from __future__ import annotations

import io
import json
import re

import pytest

from allfives.site import page_words as words_build
from allfives.web.i18n import catalogs as i18n
from allfives.web.i18n.page_text import (
    LOADING,
    NOT_STARTED,
    NOT_STARTED_STATUS,
    WORDS_GLOBAL,
    Message,
    PageTextError,
    extract,
    language_options,
    manifest_href,
    messages,
    normalize,
    page_words,
    shown,
    unmarked,
)

from ...helpers import ROOT

PAGE = (ROOT / "index.html").read_text(encoding="utf-8")

SAMPLE = """<!doctype html>
<html lang="en">
<head><title data-i18n>A game</title></head>
<body>
<h1 translate="no">All Fives</h1>
<button id="go" data-i18n>Go</button>
<label><input type="checkbox"> <span data-i18n>Draw and pass
    for me</span></label>
<button id="mute" data-i18n-attr="aria-label title" aria-label="Mute" title="Mute the
  sounds">&#9834;</button>
<select><!-- Translators: the animation's speed -->
<option value="off" data-i18n>off</option></select>
<dd data-i18n>draw (or pass) when <em>no</em> tile fits</dd>
<p><kbd>Esc</kbd> <kbd>?</kbd></p>
</body>
</html>
"""


def texts(html: str) -> list[str]:
    return [m.text for m in messages(html)]


def test_the_marked_texts_and_attributes_are_the_msgids_with_their_lines():
    assert messages(SAMPLE) == [
        Message(3, "A game", "", "<title>"),
        Message(6, "Go", "", '<button id="go">'),
        Message(7, "Draw and pass for me", "", "<span>"),
        Message(9, "Mute", "aria-label", '<button id="mute">'),
        Message(9, "Mute the sounds", "title", '<button id="mute">'),
        Message(12, "off", "", "<option>", "Translators: the animation's speed"),
        Message(13, "draw (or pass) when <em>no</em> tile fits", "", "<dd>"),
    ]
    assert unmarked(SAMPLE) == []  # the proper name and the key names stay


def test_whitespace_is_collapsed_but_a_no_break_space_is_kept():
    assert normalize("  Draw\n\t and  pass \r\n") == "Draw and pass"
    assert normalize("10\u00a0s") == "10\u00a0s"
    assert texts("<p data-i18n>\n   Round\n   over\n</p>") == ["Round over"]
    assert texts("<p data-i18n>Fish &amp; chips&nbsp;!</p>") == ["Fish & chips\u00a0!"]


def test_inline_markup_stays_in_the_msgid_as_inner_html_writes_it():
    html = "<p data-i18n>Press <kbd>D</kbd>  &amp; <b>then<br/> <i>go</i></b> &lt;now&gt;</p>"
    assert texts(html) == ["Press <kbd>D</kbd> &amp; <b>then<br> <i>go</i></b> &lt;now&gt;"]
    assert messages(html)[0].comments() == ["Keep the markup (<...>) of <p>"]
    # an element of the same kind nested inside the marked one
    assert texts("<b data-i18n>a <b>b</b> c</b> <b data-i18n>d</b>") == ["a <b>b</b> c", "d"]


@pytest.mark.parametrize("html", [
    "<label data-i18n>Your name <input id=x></label>",        # a field would be remade
    "<p data-i18n>Reset? <button>Reset</button></p>",
    "<p data-i18n>Go <span data-i18n>on</span></p>",          # a message inside a message
    '<p data-i18n>Go <em class="x">on</em></p>',              # markup with attributes
    "<p data-i18n>Go <!-- note --> on</p>",
    "<p data-i18n>   </p>",                                   # nothing to translate
    '<p data-i18n="Go">Go</p>',                               # the text is the msgid
    "<input data-i18n>",
    '<b data-i18n-attr="value" value="Go">x</b>',             # not perceived
    '<b data-i18n-attr="title">x</b>',                        # no such attribute
    "<p data-i18n>Go on",                                     # never closed
])
def test_marks_the_page_could_not_translate_are_refused_with_their_line(html):
    with pytest.raises(PageTextError, match=r"line 1"):
        messages(html)


def test_a_translators_note_goes_with_the_message_right_after_it():
    html = ("<!-- Translators: a verb -->\n<div><button data-i18n>Deal</button></div>"
            "<!-- Translators: lost --> text <b data-i18n>Back</b>"
            '<!-- a plain comment --><i data-i18n-attr="title" title="Hint">?</i>')
    assert [(m.text, m.note) for m in messages(html)] == [
        ("Deal", "Translators: a verb"), ("Back", ""), ("Hint", "")]


def test_english_left_unmarked_is_found():
    html = ('<button title="Hint">Hint</button>\n'
            '<div aria-label="Scores" data-i18n-attr="title" title="All">?</div>\n'
            '<p translate="no">All Fives <b>dominoes</b></p><kbd>Enter</kbd>\n'
            '<script>let word = "hello";</script><button aria-label="3-5">3</button>')
    assert unmarked(html) == [(1, "title='Hint'"), (1, "Hint"), (2, "aria-label='Scores'")]


def test_babel_extracts_the_page_through_babel_cfg():
    babel_extract = pytest.importorskip("babel.messages.extract")
    frontend = pytest.importorskip("babel.messages.frontend")
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, _options = frontend.parse_mapping_cfg(cfg)
    assert ("index.html", "allfives.web.i18n.page_text:extract") in method_map
    found = list(babel_extract.extract("allfives.web.i18n.page_text:extract",
                                       io.BytesIO(SAMPLE.encode()), comment_tags=("Translators:",)))
    assert found[:2] == [(3, "A game", [], None), (6, "Go", [], None)]
    assert found[3] == (9, "Mute", ["The aria-label attribute of <button id=\"mute\">"], None)
    assert found[5] == (12, "off", ["Translators: the animation's speed"], None)
    assert list(extract(io.BytesIO(b"<p data-i18n>x</p>"), [], [], {})) == [(1, "", "x", [])]


def test_every_english_text_of_the_page_is_marked():
    assert unmarked(PAGE) == []
    found = messages(PAGE)
    ids = {m.text for m in found}
    assert len(ids) > 90
    for text in ids:
        assert text == normalize(text) and text, repr(text)
        assert not re.search(r"\{\d*\}|%[sd]", text), text  # placeholders are {name}
    assert {"Setting up the table…", "Draw", "Round over", "Game over", "Language",
            "Draw and pass for me when I cannot play", "Mute the sounds", "largest first",
            "Boneyard", "Keyboard shortcuts"} <= ids
    assert "All Fives" not in ids  # the game's name, translate="no"
    assert '<select id="set-language"></select>' in PAGE  # filled from i18n.LANGUAGES


def test_the_page_keeps_its_hooks():
    for hook in ("status", "new-game-button", "daily", "download", "review-button",
                 "open-record", "stats-button", "rules-button", "settings-button", "mute",
                 "keys-button", "progress", "notice", "announce", "board", "boneyard", "draw",
                 "pass", "hint", "undo", "hand", "scores", "log", "round-end", "next-round",
                 "game-over", "play-again", "new-game", "new-game-form", "ng-start", "review",
                 "review-prev", "review-next", "keys", "settings", "settings-form",
                 "set-speed", "set-auto-draw", "stats", "rules-help", "set-language"):
        assert PAGE.count(f'id="{hook}"') == 1, hook


def test_the_language_options_name_each_language_in_itself():
    options = re.findall(r'<option value="(\w+)" lang="(\w+)" translate="no">([^<]+)</option>',
                         language_options())
    assert [(code, name) for code, lang, name in options if code == lang] == \
        list(i18n.LANGUAGES.items())
    assert ("hi", "hi", "हिन्दी") in options and len(options) == 5


def test_a_marked_text_is_translated_until_the_page_writes_its_own():
    german = {"Draw": "Ziehen", "Setting up the table…": "Der Tisch wird gedeckt…"}.get

    def to_german(text: str) -> str:
        return german(text) or text

    assert shown(None, " Draw\n", None, to_german) == ("Draw", "Ziehen")  # first read
    assert shown("Draw", "Ziehen", "Ziehen", str) == ("Draw", "Draw")     # and back
    assert shown("Draw", "Draw", None, to_german) == ("Draw", "Ziehen")
    assert shown("Pass", "Pass", "Pass", to_german) == ("Pass", "Pass")   # no translation
    # the status line now says whose turn it is: no longer the page's English
    assert shown("Setting up the table…", "Your turn", "Der Tisch wird gedeckt…",
                 to_german) is None


# -- the loading line's words, before Python runs -------------------------------------

PROGRESS_JS = (ROOT / "static" / "progress.js").read_text(encoding="utf-8")


def words_table(script: str) -> dict[str, dict[str, object]]:
    head = f"self.{WORDS_GLOBAL} = "
    assert head in script
    return dict(json.loads(script.split(head, 1)[1].strip().rstrip(";")))


def test_the_page_words_are_a_script_of_each_language_s_translations():
    script = page_words({"en": str, "de": str.upper}, SAMPLE)
    page = ["A game", "Go", "Draw and pass for me", "Mute", "Mute the sounds", "off",
            "draw (or pass) when <em>no</em> tile fits"]
    assert words_table(script) == {
        "en": {"loading": list(LOADING), "failed": [NOT_STARTED, NOT_STARTED_STATUS], "page": page,
               "manifest": "./static/manifest.webmanifest"},
        "de": {"loading": [t.upper() for t in LOADING],
               "failed": [NOT_STARTED.upper(), NOT_STARTED_STATUS.upper()],
               "page": [t.upper() for t in page],
               "manifest": "./static/vendor/manifests/de.webmanifest"}}


def test_a_message_used_twice_is_written_once():
    twice = "<body><button data-i18n>Close</button><p data-i18n-attr=title title=Close>x</p></body>"
    assert words_table(page_words({"en": str}, twice))["en"]["page"] == ["Close"]


def test_the_build_writes_every_language_s_words_for_every_message_of_the_page(tmp_path):
    table = words_table(words_build.build(tmp_path / "words.js").read_text(encoding="utf-8"))
    assert list(table) == list(i18n.LANGUAGES)
    msgids = list(dict.fromkeys(texts(PAGE)))
    assert len(msgids) > 140
    assert table["en"]["page"] == msgids
    for code, words in table.items():
        assert list(words) == ["loading", "failed", "page", "manifest"], code
        assert len(words["loading"]) == len(LOADING) and all(words["loading"]), code
        assert len(words["page"]) == len(msgids) and all(words["page"]), code
        assert words["manifest"] == manifest_href(code)
        if code != i18n.ENGLISH:
            assert not set(words["loading"]) & set(LOADING), code  # translated, every one
            assert words["failed"][0] != NOT_STARTED and words["failed"][1] != NOT_STARTED_STATUS
            assert all(words["failed"]), code
            # translated too, but for the few words the language writes as English does
            same = [m for m, w in zip(msgids, words["page"], strict=True) if m == w]
            assert len(same) <= 3, (code, same)
    # as the catalogs have them
    german = dict(zip(msgids, table["de"]["page"], strict=True))
    hindi = dict(zip(msgids, table["hi"]["page"], strict=True))
    assert german["New game"] == "Neue Partie" and hindi["New game"] == "नया खेल"
    assert german["Keyboard shortcuts"] == "Tastenkürzel" and hindi["Mute"] == "आवाज़ बंद"


def test_progress_js_chooses_the_language_as_the_page_does():
    # the same global, settings key and link parameter, in catalogs.choose's order
    assert f"self.{WORDS_GLOBAL}" in PROGRESS_JS
    assert '"allfives.settings"' in PROGRESS_JS and "settings.language" in PROGRESS_JS
    assert 'get("lang")' in PROGRESS_JS
    assert "[asked, kept()].concat(preferred)" in PROGRESS_JS
    assert '.replace(/_/g, "-").split("-")[0].toLowerCase()' in PROGRESS_JS  # catalogs.supported
    # the words come after the language's script; the page's worker starts
    # first of all (main.mjs), and what it says for the loading line waits
    # until the page is parsed, these scripts run
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', PAGE)
    assert scripts[0] == "./static/main.mjs"
    assert scripts.index("./static/vendor/page-words.js") < scripts.index("./static/progress.js")
    main_js = (ROOT / "static" / "main.mjs").read_text(encoding="utf-8")
    assert "parsed.then(() => dispatchEvent(new CustomEvent(\"allfives:progress\"" in main_js


def test_the_headers_short_labels_are_words_of_every_language():
    # guards: on a German or Dutch phone the header said "Stats", English slang
    short = re.findall(r'<span class="short" data-i18n>([^<]+)</span>', PAGE)
    assert short == ["Stats", "Rules"]
    try:
        for code in (c for c in i18n.LANGUAGES if c != i18n.ENGLISH):
            i18n.use(code)
            assert all(i18n._(label) != label for label in short), code
    finally:
        i18n.use(i18n.ENGLISH)


def test_the_page_s_words_are_put_in_the_language_after_every_mark_before_the_page_end():
    # static/page-language.js runs once every marked element is parsed, and
    # before #page-end, which the first paint waits for (test_render_blocking)
    script = PAGE.index('<script src="./static/page-language.js"></script>')
    marks = [m.start() for m in re.finditer(r"data-i18n", PAGE)]
    assert marks[-1] < script < PAGE.index('id="page-end"')
    assert PAGE.index('src="./static/progress.js"') < script  # which chose the language
