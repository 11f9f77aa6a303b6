"""The presets' and levels' names and descriptions the page shows
(``allfives.web.i18n.labels``): the engine's English, marked for translation."""

from __future__ import annotations

from allfives.bots import DESCRIPTIONS, LEVELS
from allfives.rules import PRESETS
from allfives.web.home.stats import GROUPS
from allfives.web.i18n import labels

from ..pseudo_i18n import pseudo


def test_the_english_is_the_engines_for_every_preset_and_level():
    assert list(labels.PRESET_NAMES) == list(labels.PRESET_DESCRIPTIONS) == list(PRESETS)
    assert list(labels.LEVEL_NAMES) == list(labels.LEVEL_DESCRIPTIONS) == list(LEVELS)
    assert list(labels.OPPONENTS) == list(GROUPS)
    for name, preset in PRESETS.items():
        assert labels.preset_name(name) == name.replace("_", " ")
        assert labels.preset_description(name) == preset.description
    for level in LEVELS:
        assert labels.level_name(level) == level
        assert labels.level_description(level) == DESCRIPTIONS[level]
        assert labels.opponents(level) == f"{level} opponents"
    assert labels.opponents("mixed") == "opponents of mixed levels"


def test_each_is_translated_when_shown():
    with pseudo():
        assert labels.preset_name("five_up") == "⟦five up⟧"
        assert labels.level_description("easy") == f"⟦{DESCRIPTIONS['easy']}⟧"
        assert labels.opponents("mixed") == "⟦opponents of mixed levels⟧"
