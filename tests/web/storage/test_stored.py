"""Whatever sits under the page's storage keys, reading it never fails
otherwise than with a reason: ``stored.loads`` bounds the text before
parsing it, ``Table.from_save`` bounds the record before replaying it, and
``Setup``/``Settings.from_json`` make something usable of any JSON value.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.bots import BOTS
from allfives.errors import AllFivesError
from allfives.web.storage.bounded_json import (
    MAX_CHARS,
    MAX_DEPTH,
    MAX_NUMBER_CHARS,
    UnreadableError,
    loads,
)
from allfives.web.table.save_limits import MAX_MOVES, MAX_ROUNDS
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import SaveError, Table

from ..pseudo_i18n import pseudo, untranslated
from ..tables import random_game, table_of

# The texts that used to stop the page on every load, and a few more.
SEED_5000_DIGITS = '{"format": "allfives-record/1", "seed": ' + "7" * 5000 + "}"
ARRAYS_100K_DEEP = "[" * 100_000 + "]" * 100_000
TEN_MB = json.dumps({"format": "allfives-record/1", "junk": "x" * 10_000_000})
DEEP_OBJECT = '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)
BRICKS = {"5000-digit seed": (SEED_5000_DIGITS, "a number 5,000 characters long"),
          "100,000-deep arrays": (ARRAYS_100K_DEEP, "nested 100,000 levels deep"),
          "10 MB": (TEN_MB, "characters long, more than 1,000,000"),
          "deep object": (DEEP_OBJECT, f"nested {MAX_DEPTH + 1} levels deep")}


def a_save(rounds: int = 2) -> dict[str, Any]:
    """A real save of a game ``rounds`` rounds in (the last one under way)."""
    game = random_game("standard", 2, seed=5)
    rng = random.Random(5)
    while len(game.rounds) < rounds:
        game.next_round()
        while not game.round.over and (len(game.rounds) < rounds or len(game.round.history) < 3):
            game.apply(rng.choice(game.legal_moves()))
    return json.loads(table_of(game).to_save())


SAVE = json.dumps(a_save())  # two rounds in, the second under way


def a_copy() -> dict[str, Any]:
    return json.loads(SAVE)


@pytest.mark.parametrize("name", BRICKS)
def test_each_bricking_text_is_refused_with_its_reason_under_every_key(name):
    # guards: json.loads raising ValueError (digits), Pyodide's fatal stack
    # overflow (depth) or minutes of parsing (size) instead of a reason
    text, reason = BRICKS[name]
    with pytest.raises(UnreadableError, match=reason):
        loads(text)  # allfives.setup and allfives.settings are read with this
    with pytest.raises(SaveError, match=reason):
        Table.from_save(text)  # allfives.save
    # what the page uses when setup or settings are refused: the defaults
    assert Setup.from_json(None) == Setup() and Settings.from_json(None) == Settings()


def test_the_limits_are_exact_and_a_real_save_is_well_inside():
    # guards: limits off by one, or so tight that a real save is refused
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(UnreadableError, match="levels deep"):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert loads("1" * MAX_NUMBER_CHARS) == int("1" * MAX_NUMBER_CHARS)
    with pytest.raises(UnreadableError, match="number"):
        loads("1" * (MAX_NUMBER_CHARS + 1))
    with pytest.raises(UnreadableError, match="characters long"):
        loads(" " * MAX_CHARS + "1")
    text = json.dumps(a_save(rounds=3))
    assert len(text) < MAX_CHARS // 50
    assert Table.from_save(text).game.rounds


def test_brackets_and_digits_inside_strings_are_text_not_structure():
    # guards: a name or seed holding "[[[" or many digits being refused, and
    # escaped quotes ending a string early in the scan
    value = {"name": "[{" * 500, "seed": "9" * 5000, "quote": 'a\\"[[[[' * 100}
    assert loads(json.dumps(value)) == value


@pytest.mark.parametrize("text", ['["[[[[[[[', '{"a": "\\', "[1, 2", "tru", "", "\ud800"])
def test_text_that_is_not_json_gets_a_reason(text):
    # guards: unterminated strings or broken text escaping as anything but UnreadableError
    with pytest.raises(UnreadableError):
        loads(text)


def test_a_save_with_too_many_rounds_or_moves_is_refused_before_its_replay():
    # guards: a valid-JSON record replaying thousands of rounds (seconds of
    # work on every load); the limit's reason (not a replay error about the
    # first bad round) shows the check comes first
    junk_rounds = {**a_copy(), "rounds": [7] * (MAX_ROUNDS + 1)}
    with pytest.raises(SaveError, match=f"{MAX_ROUNDS + 1:,} rounds, more than {MAX_ROUNDS:,}"):
        Table.from_save(json.dumps(junk_rounds))
    long_round = a_copy()
    long_round["rounds"][1]["moves"] = ["draw"] * (MAX_MOVES + 1)
    with pytest.raises(SaveError, match="round 2: 251 moves"):
        Table.from_save(json.dumps(long_round))
    huge_hand = a_copy()
    huge_hand["rounds"][0]["hands"][0] = ["0-0"] * 100_000
    with pytest.raises(SaveError, match="round 1"):
        Table.from_save(json.dumps(huge_hand))


def test_a_save_of_the_longest_game_allowed_is_read():
    # guards: MAX_ROUNDS and MAX_CHARS disagreeing, so that a save within the
    # round limit is refused for its size
    save = a_save(rounds=1)
    save["rules"]["target"] = 10**6  # so that the game is never over
    game = Table.from_save(json.dumps(save)).game
    rng = random.Random(1)
    while len(game.rounds) < MAX_ROUNDS:
        if game.round.over:
            game.next_round()
        game.apply(rng.choice(game.legal_moves()))
    text = table_of(game).to_save()
    assert len(text) < MAX_CHARS
    assert len(Table.from_save(text).game.rounds) == MAX_ROUNDS


def test_seats_of_any_shape_in_a_save_fall_back_to_defaults():
    # guards: TypeError (unhashable) from a bot level that is a list or object
    save = a_copy()
    save["table"] = {"names": ["Zed", ["x"]], "bots": [None, {"a": 1}]}
    table = Table.from_save(json.dumps(save))
    assert table.names == ("You", "Anna") and table.bots == (None, "medium")
    save["table"] = {"names": ["Zed", "Q"], "bots": [None, ["expert"]]}
    assert Table.from_save(json.dumps(save)).bots == (None, "medium")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["standard", "muggins", "expert", "off", "5-5"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["name", "players", "partnership", "preset", "hand_size", "target",
                         "bots", "bot_pause", "speed", "hand_order", "auto_draw"]),
        inner, max_size=6),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_stored_setup_or_settings_gives_a_table_or_a_rules_error(value):
    # guards: a stored set-up the page cannot start from (app.fresh_table
    # catches AllFivesError only, so anything else would stop the page)
    setup = Setup.from_json(value)
    assert isinstance(setup.players, int) and setup.players in (2, 3, 4)
    assert all(b in BOTS for b in setup.bots) and len(setup.bots) == 3
    try:
        Table.new(setup, "1")
    except AllFivesError:
        pass
    got = Settings.from_json(value)
    assert isinstance(got.bot_pause, int) and isinstance(got.auto_draw, bool)


def paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: object keys and list indices from the root."""
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        items = []
    return [at] + [p for k, v in items for p in paths(v, at + (k,))]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.lists(JSON, min_size=1, max_size=3))
def test_a_save_with_anything_anywhere_is_a_table_or_a_save_error(rng, values):
    # guards: replay or seating raising something other than SaveError for a
    # well-formed save with some part replaced by any JSON value
    save = a_copy()
    for value in values:
        *parent, key = rng.choice(paths(save)[1:])
        node = save
        for k in parent:
            node = node[k]
        node[key] = value
    try:
        Table.from_save(json.dumps(save))
    except SaveError:
        pass


@pytest.mark.parametrize("text", ["", "{", "[" * 100, "1" * 50, "x" * (MAX_CHARS + 1)])
def test_the_reason_is_in_the_pages_language(text):
    with pseudo(), pytest.raises(UnreadableError) as caught:
        loads(text)
    assert untranslated(str(caught.value), "Expecting value|Expecting property name enclosed in "
                                           "double quotes|Extra data") == []
