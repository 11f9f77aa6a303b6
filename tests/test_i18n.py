"""The page's language: which one a visit gets, and gettext's fallbacks."""

from __future__ import annotations

import pytest

from allfives.web import i18n
from allfives.web.table import Settings


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
