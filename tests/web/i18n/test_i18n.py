"""The page's language: which one a visit gets, and gettext's fallbacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.web.i18n import catalogs as i18n
from allfives.web.table.settings import Settings


@pytest.mark.parametrize(("asked", "kept", "preferred", "chosen"), [
    ("de", "nl", ["sk"], "de"),            # ?lang= wins
    (None, "nl", ["sk"], "nl"),            # then what the person chose before
    (None, None, ["fr-FR", "sk-SK", "de"], "sk"),  # then the first we have
    (None, None, ["HI"], "hi"),
    ("xx", "", ["pt-BR"], "en"),           # else English
    ("de_CH", None, [], "de"),
])
def test_choose_follows_the_query_then_the_choice_then_the_browser(asked, kept, preferred, chosen):
    assert i18n.choose(asked, kept, preferred) == chosen


def test_an_unknown_language_is_english_and_english_is_the_source():
    try:
        assert i18n.use("xx") == "en"
        assert i18n.current() == "en"
        assert i18n._("Round over.") == "Round over."
        assert i18n.ngettext("{n} point", "{n} points", 1) == "{n} point"
        assert i18n.ngettext("{n} point", "{n} points", 2) == "{n} points"
    finally:
        i18n.use("en")


def test_settings_keep_only_a_language_we_have():
    assert Settings.from_json({"language": "sk"}).language == "sk"
    assert Settings.from_json({"language": "fr"}).language == ""
    assert Settings.from_json({"language": 3}).language == ""
    assert Settings().to_json()["language"] == ""


@pytest.mark.parametrize(("code", "written"), [
    ("en", ["1,234,567.5", "0.7", "36.0", "-1,500", "100,000", "0.25", "1,234,567"]),
    ("de", ["1.234.567,5", "0,7", "36,0", "-1.500", "100.000", "0,25", "1.234.567"]),
    ("nl", ["1.234.567,5", "0,7", "36,0", "-1.500", "100.000", "0,25", "1.234.567"]),
    ("sk", ["1\u00a0234\u00a0567,5", "0,7", "36,0", "-1\u00a0500", "100\u00a0000", "0,25",
            "1\u00a0234\u00a0567"]),
    ("hi", ["12,34,567.5", "0.7", "36.0", "-1,500", "1,00,000", "0.25", "12,34,567"]),
])
def test_numbers_are_written_the_way_each_language_writes_them(code, written):
    try:
        i18n.use(code)
        assert [i18n.number(1234567.5, 1), i18n.number(0.7, 1), i18n.number(36.0, 1),
                i18n.number(-1500), i18n.number(100000), i18n.number(0.25),
                i18n.number(1234567)] == written
    finally:
        i18n.use("en")


@pytest.mark.parametrize(("code", "draw"), [("de", "Ziehen"), ("nl", "Pakken"), ("sk", "Ťahať"),
                                            ("hi", "उठाएँ"), ("en", "Draw")])
def test_each_language_reads_its_compiled_catalog_from_the_package(code, draw):
    # guards: the catalogs looked for where a module used to be (the page
    # showed English in every language)
    import allfives

    assert i18n.LOCALE_DIR == Path(allfives.__file__).parent / "locale"
    try:
        i18n.use(code)
        assert i18n._("Draw") == draw
    finally:
        i18n.use("en")
