import pytest
from hypothesis import given
from hypothesis import strategies as st

import allfives
from allfives.errors import AllFivesError, NotationError
from allfives.moves import (
    DRAW,
    LEAD,
    MOVE_ON,
    MOVE_TILE,
    PASS,
    PLAY_MOVE,
    move_on,
    move_text,
    move_tile,
    parse_move,
    play_move,
)
from allfives.tiles import (
    ALL_TILES,
    IS_DOUBLE,
    NAMES,
    PIPS,
    PLAYABLE,
    VALUE_MASK,
    mask_of,
    parse_tile,
    pips_of,
    tile_id,
    tiles_of,
)


def test_the_set_has_28_distinct_tiles_low_high():
    assert len(NAMES) == len(set(NAMES)) == 28
    assert NAMES[0] == "0-0" and NAMES[-1] == "6-6"
    assert sum(IS_DOUBLE) == 7
    assert sum(PIPS) == 168  # every number appears 8 times: 8 * 21


def test_either_order_names_the_same_tile():
    assert parse_tile("5-3") == parse_tile("3-5") == tile_id(5, 3)
    assert NAMES[parse_tile("5-3")] == "3-5"


@pytest.mark.parametrize("bad", ["7-1", "35", "3-", "a-b", "3-5-1", "", "10-1"])
def test_bad_tile_text_is_refused(bad):
    with pytest.raises(NotationError, match="tile"):
        parse_tile(bad)


@pytest.mark.parametrize("parse, bad, message", [
    (parse_tile, "7-1", "'7-1' is not a double-six tile"),
    (parse_tile, "35", "'35' is not a tile (write it like '3-5')"),
    (parse_tile, 35, "a tile is written like '3-5', not 35"),
    (parse_move, "5-5>5-5", "'5-5>5-5' plays a tile against itself"),
    (parse_move, "fold", "'fold' is not a tile (write it like '3-5')"),
    (parse_move, None, "a move is text like '0-5>5-5', 'draw' or 'pass', not None"),
])
def test_notation_errors_say_what_is_wrong(parse, bad, message):
    with pytest.raises(NotationError) as err:
        parse(bad)
    assert str(err.value) == message


def test_every_engine_error_is_an_all_fives_error_and_a_value_error():
    for name in ("NotationError", "RulesError", "IllegalMoveError", "RecordError"):
        error = getattr(allfives, name)
        assert issubclass(error, AllFivesError) and error is not AllFivesError
    assert issubclass(allfives.AllFivesError, ValueError)


def test_masks():
    m = mask_of([parse_tile("1-2"), parse_tile("6-6")])
    assert [NAMES[t] for t in tiles_of(m)] == ["1-2", "6-6"]
    assert pips_of(m) == 15
    assert bin(VALUE_MASK[5]).count("1") == 7
    assert PLAYABLE[0] == 0 and PLAYABLE[127] == ALL_TILES
    assert PLAYABLE[1 << 5 | 1 << 0] == VALUE_MASK[5] | VALUE_MASK[0]


@given(st.integers(0, (1 << 28) - 1))
def test_tiles_of_lists_a_masks_bits_lowest_first_in_a_new_list(mask):
    got = tiles_of(mask)
    assert got == [t for t in range(28) if mask >> t & 1]
    got.append(99)  # the caller's to change: the next answer is not touched
    assert tiles_of(mask) == got[:-1]


def test_move_text_round_trips():
    for text in ["5-5", "0-5>5-5", "draw", "pass", "3-6>3-5"]:
        assert move_text(parse_move(text)) == text
    assert move_text(parse_move("5-0>5-5")) == "0-5>5-5"
    m = play_move(parse_tile("0-5"), parse_tile("5-5"))
    assert move_tile(m) == parse_tile("0-5") and move_on(m) == parse_tile("5-5")
    assert move_on(play_move(parse_tile("4-6"))) == LEAD
    assert parse_move("DRAW") == DRAW and parse_move(" pass ") == PASS


@pytest.mark.parametrize("bad", ["5-5>5-5", "0-5>", "fold", "0-5>9-9", None])
def test_bad_move_text_is_refused(bad):
    with pytest.raises(NotationError):
        parse_move(bad)


def test_move_tables_agree_with_the_functions():
    plays = [play_move(t, on) for t in range(28) for on in (LEAD, *range(28)) if on != t]
    for m in plays:
        assert PLAY_MOVE[move_tile(m)][move_on(m)] == m
        assert (MOVE_TILE[m], MOVE_ON[m]) == (move_tile(m), move_on(m))
    assert len(set(plays)) == len(plays) == 28 * 28
    assert PLAY_MOVE[parse_tile("0-5")][parse_tile("5-5")] == parse_move("0-5>5-5")
    assert PLAY_MOVE[parse_tile("4-6")][LEAD] == parse_move("4-6")
    assert min(plays) >= 0 > max(DRAW, PASS)
