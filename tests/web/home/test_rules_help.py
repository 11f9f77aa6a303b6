"""How to play (``allfives.web.home.rules_help``): each preset's rules in words,
differing exactly where the rules differ, with scoring drawn on small tables
the engine played and a round end worded like the round-end panel."""

from __future__ import annotations

import re
from html import escape

import pytest

from allfives.bots import DESCRIPTIONS, LEVELS
from allfives.errors import RulesError
from allfives.rules import PRESETS, Rules
from allfives.web.home.rules_examples import SPINNER_EXAMPLE, played
from allfives.web.home.rules_help import choice_help, rules_help
from allfives.web.table import words

from ..pseudo_i18n import pseudo, untranslated


def sections(preset: str) -> dict[str, str]:
    html = rules_help(preset)
    return dict(re.findall(r'<section data-rules="([\w-]+)">(.*?)</section>', html))


@pytest.mark.parametrize(("preset", "differ"), [
    ("winner_takes", {"round-end", "choices"}),
    ("cribbage", {"aim", "scoring", "round-end", "choices"}),
    ("punt", {"tiles", "scoring", "round-end", "choices"}),
    ("muggins", {"spinners", "scoring", "round-end", "choices"}),
    ("five_up", {"spinners", "scoring", "choices"}),
])
def test_presets_differ_from_standard_exactly_where_their_rules_do(preset, differ):
    standard, other = sections("standard"), sections(preset)
    assert list(other) == ["aim", "tiles", "turn", "spinners", "scoring", "round-end",
                           "winning", "choices"]
    assert {k for k in standard if standard[k] != other[k]} == differ


def test_spinner_rules_in_words():
    assert "The first double played is the spinner" in sections("standard")["spinners"]
    assert "There is no spinner" in sections("muggins")["spinners"]
    assert "Every double is a spinner" in sections("five_up")["spinners"]
    assert "until tiles lie on both its sides" in sections("standard")["scoring"]
    assert "until all four of its sides are taken" in sections("punt")["scoring"]
    assert "counts both its halves until" not in sections("muggins")["scoring"]


def test_round_end_rules_in_words():
    assert "come off their side's score" in sections("standard")["round-end"]
    assert "Whoever went out scores the pips left" in sections("winner_takes")["round-end"]
    assert "the lightest hand scores a bonus" in sections("punt")["round-end"]
    assert "rounded and divided by 5, come off" in sections("cribbage")["round-end"]
    # Muggins scores as the old books do (docs/RULES.md section 8)
    assert sections("muggins")["round-end"] == sections("winner_takes")["round-end"]
    assert ("<li><b>muggins</b> (these rules): No spinner, and whoever goes out scores "
            "everyone else&#x27;s pips.</li>") in sections("muggins")["choices"]


def test_round_end_breakdowns_use_the_panels_sentences():
    assert ("<li>Anna holds 13 pips, rounded to 15: -15 for Anna.</li>"
            "<li>Ben holds 3 pips, rounded to 5: -5 for Ben.</li>") in rules_help("standard")
    assert ("<li>Anna holds 13 pips, rounded to 15 ÷ 5: -3 for Anna.</li>"
            "<li>Ben holds 3 pips, rounded to 5 ÷ 5: -1 for Ben.</li>") in rules_help("cribbage")
    assert "<li>Anna and Ben hold 16 pips, rounded to 15: +15 for You.</li>" in \
        rules_help("winner_takes")
    punt = rules_help("punt")
    assert ("<li>You had the lightest hand: 26 pips fewer than Anna, Ben and Cara, rounded to "
            "25, one point per 5: +5 for You.</li>") in punt
    assert punt.count('class="reveal"') == 4 and "4 players. The round is blocked" in punt
    assert re.findall(r'data-seat="2"><b>Ben</b>.*?(\d+) pips', rules_help("muggins")) == ["3"]


def test_the_divisor_in_words_and_in_the_examples():
    crib = rules_help("cribbage")
    assert "a count of 15 scores 3, and the game is played to 61" in crib
    assert "<li>5-5 led: the count is 10, which scores 2 (10 ÷ 5).</li>" in crib
    assert "<li>4-5 on 4-4: the count is 15, which scores 3 (15 ÷ 5).</li>" in crib
    standard = rules_help("standard")
    assert "÷" not in standard and "divided by 5" not in standard
    assert "<li>5-5 led: the count is 10, which scores 10.</li>" in standard


def test_the_lead_example_draws_one_tile():
    lead = re.search(r'<figure class="rules-example" data-example="lead">(.*?)</figure>',
                     rules_help("standard")).group(1)
    assert re.findall(r'data-tile="(\d-\d)"', lead) == ["5-5"]
    assert 'role="img" aria-label="The table after 5-5"' in lead
    assert "Open ends: 5-5 spinner. Count 10." in lead


def test_the_spinner_example_draws_the_four_arms_and_the_count():
    html = rules_help("standard")
    arms = re.search(r'data-example="spinner">(.*?)</figure>', html).group(1)
    assert re.findall(r'data-tile="(\d-\d)"', arms) == ["4-4", "4-6", "1-4", "3-4", "4-5"]
    assert re.findall(r'class="tile spinner" data-tile="(\d-\d)"', arms) == ["4-4"]
    assert "Open ends: 1 on 1-4, 3 on 3-4, 5 on 4-5, 6 on 4-6. Count 15." in arms
    assert "<li>1-4 on 4-4: the count is 7, not a multiple of 5: no points.</li>" in arms
    box = [float(v) for v in re.search(r'viewBox="([^"]+)"', arms).group(1).split()]
    assert box[2] < 8 and box[3] < 8  # drawn close round the tiles, not the whole felt
    punt = re.search(r'data-example="spinner">(.*?)</figure>', rules_help("punt")).group(1)
    assert "<li>1-4 on 4-4: the count is 15, which scores 15.</li>" in punt  # still live
    assert 'data-example="spinner"' not in rules_help("muggins")
    line = re.search(r'data-example="line">(.*?)</figure>', rules_help("muggins")).group(1)
    assert "<li>5-6 on 5-5: the count is 6, not a multiple of 5: no points.</li>" in line


def test_examples_are_scored_by_the_engine():
    _, steps = played(Rules.make("punt"), SPINNER_EXAMPLE)
    assert [(s.count, s.points) for s in steps] == [(8, 0), (14, 0), (15, 15), (18, 0), (15, 15)]
    view, steps = played(Rules.make("cribbage"), SPINNER_EXAMPLE)
    assert [s.points for s in steps] == [0, 0, 0, 2, 3] and view.scores == (3, 2)


def test_every_new_game_choice_is_explained():
    html = rules_help("punt")
    for level in LEVELS:
        assert f"<li><b>{level}</b>: {escape(DESCRIPTIONS[level])}</li>" in html
    for name, preset in PRESETS.items():
        assert escape(preset.description) in html and f"<b>{name.replace('_', ' ')}</b>" in html
    assert re.findall(r"<b>([\w ]+)</b> \(these rules\)", html) == ["punt"]
    assert re.findall(r"<dt>([\w ]+)</dt>", html) == ["Your name", "Players", "Partners",
                                                       "Rules", "Hand size", "Target",
                                                       "Opponents"]
    assert "these rules' own: 7 with 2 players, 5 with 3 or 4." in html
    assert "these rules' own (250 with 2 players, 200 with 3 or 4)" in html
    assert "these rules' own (61 however many play)" in rules_help("cribbage")


def test_only_presets():
    with pytest.raises(RulesError):
        rules_help("poker")


def test_the_new_game_dialog_gets_one_line_per_choice_from_the_same_words():
    punt, crib = choice_help("punt"), choice_help("cribbage")
    assert set(punt) == {"name", "players", "partnership", "hand_size", "target"}
    assert all("\n" not in line and line.endswith(".") for line in punt.values())
    assert punt["target"] != crib["target"] and "61 however many play" in crib["target"]
    assert punt["name"] == crib["name"]
    html = rules_help("punt")
    assert all(escape(line, quote=False) in html for line in punt.values())


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_word_goes_through_gettext(preset, monkeypatch):
    # the round-end panel's and the table's sentences are words.py's own
    monkeypatch.setattr(words, "table_words", lambda view: "⟦table⟧")
    monkeypatch.setattr(words, "score_line", lambda view, line: "⟦line⟧")
    monkeypatch.setattr(words, "no_round_end_points", lambda: "⟦none⟧")
    with pseudo():
        html = rules_help(preset)
        lines = choice_help(preset)
    assert untranslated(html, "Anna|Ben|Cara") == []
    assert all(untranslated(line, "Anna|Ben|Cara") == [] for line in lines.values())
    # the hooks stay as they are
    assert re.findall(r'data-rules="([\w-]+)"', html) == ["aim", "tiles", "turn", "spinners",
                                                         "scoring", "round-end", "winning",
                                                         "choices"]
    assert f'data-preset="{preset}"' in html and 'data-example="round-end"' in html
    assert "<b>⟦You⟧</b>" in html and not re.search(r"\{\w*\}", html)  # every placeholder filled


def test_the_language_can_change_between_two_renders():
    english = rules_help("punt")
    with pseudo():
        assert rules_help("punt") != english
    assert rules_help("punt") == english
