"""docs/RULES.md sections 5 and 6: the layout, spinners and the count."""

import pytest

from allfives.layout import Layout
from allfives.moves import LEAD, move_on
from allfives.rules import Rules
from allfives.scoring import MAX_COUNT, POINTS, play_points
from allfives.tiles import NAMES, PIPS, parse_tile

from ..helpers import make_round, play


def counts(*moves: str, spinners: str = "first", live_joins: int = 2) -> list[int]:
    layout = Layout(spinners, live_joins)
    out = []
    for m in moves:
        tile, _, on = m.partition(">")
        out.append(layout.place(parse_tile(tile), parse_tile(on) if on else LEAD))
    return out


def test_worked_examples_standard():
    assert counts("5-5") == [10]
    assert counts("4-6") == [10]
    assert counts("5-5", "0-5>5-5", "3-5>5-5", "0-2>0-5") == [10, 10, 3, 5]
    assert counts("3-4", "4-4>3-4", "1-4>4-4", "4-6>4-4") == [7, 11, 4, 10]


def test_worked_example_until_closed():
    assert counts("5-5", "0-5>5-5", "3-5>5-5", "0-2>0-5", live_joins=4) == [10, 10, 13, 15]


def test_until_closed_spinner_stops_counting_at_four():
    c = counts("5-5", "0-5>5-5", "1-5>5-5", "2-5>5-5", "3-5>5-5", live_joins=4)
    assert c == [10, 10, 11, 13, 6]  # 0+1+2+3 once all four points are taken


def test_scores_only_positive_multiples_of_five():
    rules = Rules.make("standard")
    rnd = make_round(rules, [["5-5", "3-5", "1-2"], ["0-5", "0-2", "6-6"]])
    assert play(rnd, "5-5", "0-5>5-5", "3-5>5-5", "0-2>0-5") == [10, 10, 0, 5]
    assert rnd.scores == [10 + 0, 10 + 5]


@pytest.mark.parametrize("count, divisor, points", [
    (0, 1, 0), (5, 1, 5), (12, 1, 0), (15, 1, 15), (35, 1, 35), (-5, 1, 0), (4, 1, 0),
    (0, 5, 0), (5, 5, 1), (15, 5, 3), (12, 5, 0), (35, 5, 7)])
def test_play_points_positive_multiples_of_five_only(count, divisor, points):
    assert play_points(count, divisor) == points


def test_points_table_is_play_points_for_every_possible_count():
    assert MAX_COUNT == sum(PIPS) == len(POINTS) - 1
    assert list(POINTS) == [play_points(c) for c in range(MAX_COUNT + 1)]
    assert [c for c in range(21) if POINTS[c]] == [5, 10, 15, 20]


def test_lone_double_lead_and_muggins_doubles():
    # No spinners: a double counts its pip total while one of its two ends is open.
    assert counts("5-5", "0-5>5-5", "5-6>5-5", spinners="none") == [10, 10, 6]
    assert counts("3-5", "5-5>3-5", "5-6>5-5", spinners="none") == [8, 13, 9]


def test_second_double_is_not_a_spinner_under_first():
    layout = Layout("first", 2)
    for m in ("5-5", "2-5>5-5", "2-2>2-5"):
        tile, _, on = m.partition(">")
        layout.place(parse_tile(tile), parse_tile(on) if on else LEAD)
    assert layout.count == 10 + 4  # spinner 5-5 live (one side) + exposed 2-2
    assert [NAMES[t] for t in layout.spinner_tiles] == ["5-5"]
    layout.place(parse_tile("2-6"), parse_tile("2-2"))
    assert layout.count == 10 + 6
    assert layout.joint(parse_tile("2-3"), parse_tile("2-2")) == -1  # 2-2 is closed


def test_five_up_every_double_is_a_spinner():
    c = counts("3-4", "4-4>3-4", "3-3>3-4", "1-3>3-3", "2-3>3-3", spinners="all")
    # 3-3 joins as a second spinner: live with one side taken, then its ends take tiles.
    assert c == [7, 11, 14, 9, 11]
    layout = Layout("first", 2)
    for m in ("3-4", "4-4>3-4", "3-3>3-4", "1-3>3-3"):
        tile, _, on = m.partition(">")
        layout.place(parse_tile(tile), parse_tile(on) if on else LEAD)
    assert layout.joint(parse_tile("2-3"), parse_tile("3-3")) == -1  # not a spinner under first


def test_spinner_takes_four_tiles_then_is_closed():
    layout = Layout("first", 2)
    layout.place(parse_tile("5-5"), LEAD)
    for t in ("0-5", "1-5", "2-5", "3-5"):
        assert layout.joint(parse_tile(t), parse_tile("5-5")) == 5
        layout.place(parse_tile(t), parse_tile("5-5"))
    assert layout.joint(parse_tile("4-5"), parse_tile("5-5")) == -1
    assert layout.count == 0 + 1 + 2 + 3


def test_spinner_joined_to_the_line_takes_three_more():
    layout = Layout("first", 2)
    layout.place(parse_tile("3-5"), LEAD)
    layout.place(parse_tile("5-5"), parse_tile("3-5"))
    for t in ("0-5", "1-5", "2-5"):
        layout.place(parse_tile(t), parse_tile("5-5"))
    assert layout.joint(parse_tile("4-5"), parse_tile("5-5")) == -1
    assert layout.count == 3 + 0 + 1 + 2


def test_highest_count_is_35():
    c = counts("0-0", "0-6>0-0", "0-5>0-0", "0-4>0-0", "0-3>0-0",
               "6-6>0-6", "5-5>0-5", "4-4>0-4", "3-5>0-3")
    assert c == [0, 6, 11, 15, 18, 24, 29, 33, 35]


def test_count_after_matches_place_without_changing_anything():
    layout = Layout("first", 2)
    layout.place(parse_tile("3-4"), LEAD)
    before = (layout.count, [e[:] for e in layout.ends])
    assert layout.count_after(parse_tile("4-4"), parse_tile("3-4")) == 11
    assert (layout.count, layout.ends) == before


@pytest.mark.parametrize("lead, tile, expected_on", [("3-4", "4-6", "3-4"), ("3-4", "1-3", "3-4")])
def test_lead_non_double_has_two_ends(lead, tile, expected_on):
    layout = Layout("first", 2)
    layout.place(parse_tile(lead), LEAD)
    plays = layout.plays(1 << parse_tile(tile))
    assert len(plays) == 1 and NAMES[move_on(plays[0])] == expected_on


def test_one_move_per_table_tile_even_with_several_open_points():
    layout = Layout("first", 2)
    layout.place(parse_tile("5-5"), LEAD)  # a spinner with four open points
    assert len(layout.plays(1 << parse_tile("0-5"))) == 1
