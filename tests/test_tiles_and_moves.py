import pytest

from allfives.moves import DRAW, LEAD, PASS, move_on, move_text, move_tile, parse_move, play_move
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
    with pytest.raises(ValueError, match="tile"):
        parse_tile(bad)


def test_masks():
    m = mask_of([parse_tile("1-2"), parse_tile("6-6")])
    assert [NAMES[t] for t in tiles_of(m)] == ["1-2", "6-6"]
    assert pips_of(m) == 15
    assert bin(VALUE_MASK[5]).count("1") == 7
    assert PLAYABLE[0] == 0 and PLAYABLE[127] == ALL_TILES
    assert PLAYABLE[1 << 5 | 1 << 0] == VALUE_MASK[5] | VALUE_MASK[0]


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
    with pytest.raises(ValueError):
        parse_move(bad)
