"""Scores as tally marks (``allfives.web.draw.tally``): a big X of two strokes,
then a small x in each wedge, ten strokes a figure; a stroke is 5 points,
or 1 point when the rules divide every point by 5."""

from __future__ import annotations

import doctest
import re

import pytest

from allfives.errors import RulesError
from allfives.web.draw import tally as tally_module
from allfives.web.draw.tally import STROKES, tally, tally_svg


@pytest.mark.parametrize(("score", "strokes", "figures"), [
    (0, 0, ()),
    (5, 1, (1,)),
    (10, 2, (2,)),  # the big X
    (45, 9, (9,)),
    (50, 10, (10,)),  # the X with a small x in each of its four wedges
    (55, 11, (10, 1)),
    (250, 50, (10,) * 5),
])
def test_strokes_of_five_points(score, strokes, figures):
    marks = tally(score)
    assert marks.strokes == strokes and marks.figures == figures
    assert not marks.negative and marks.dots == 0 and marks.per_stroke == 5


def test_a_negative_score_is_its_marks_after_a_minus_sign():
    marks = tally(-35)
    assert marks.negative and marks.figures == (7,) and marks.dots == 0
    svg = tally_svg(-35)
    assert svg.count('class="minus"') == 1 and svg.count('<line class="stroke') == 7
    assert 'data-tally="-35"' in svg and 'aria-label="-35 points"' in svg
    assert 'class="minus"' not in tally_svg(35)


def test_cribbage_points_are_one_stroke_each():
    marks = tally(61, 5)  # the cribbage target: six figures and one stroke
    assert marks.per_stroke == 1 and marks.strokes == 61
    assert marks.figures == (10,) * 6 + (1,) and marks.dots == 0
    assert tally(3, 5).figures == (3,)  # 15 on the table, 3 points, 3 strokes
    assert tally(15).figures == (3,)  # the same play, undivided
    assert tally(-3, 5).negative and tally(-3, 5).strokes == 3


def test_points_below_a_stroke_are_dots():
    marks = tally(253)  # Punt's blocked-round bonus adds single points
    assert marks.strokes == 50 and marks.dots == 3
    svg = tally_svg(253)
    assert svg.count('class="dot"') == 3 and svg.count('<line class="stroke') == 50
    assert tally(-4).dots == 4 and tally(-4).strokes == 0
    assert tally(4, 5).dots == 0  # a cribbage point is a whole stroke


def test_svg_draws_each_stroke_in_order_with_hooks():
    svg = tally_svg(55)
    assert re.findall(r'data-stroke="(\d+)"', svg) == [str(i) for i in range(1, 12)]
    assert svg.count('class="stroke big"') == 3 and svg.count('class="stroke small"') == 8
    assert 'data-tally="55" data-strokes="11"' in svg
    assert svg.startswith('<svg class="tally"') and svg.endswith("</svg>")
    assert tally_svg(0).count("<line") == 0 and 'data-strokes="0"' in tally_svg(0)


def test_figures_sit_in_rows_of_five():
    wide = tally_svg(250)
    assert re.search(r'viewBox="0 0 6.4 1"', wide)  # 5 figures, 4 gaps of 0.35
    tall = tally_svg(300)
    assert re.search(r'viewBox="0 0 6.4 2.35"', tall)  # a sixth figure starts row 2
    first_of_row_two = re.search(r'data-stroke="51" x1="([\d.]+)" y1="([\d.]+)"', tall)
    assert first_of_row_two and first_of_row_two.groups() == ("0.05", "1.4")
    assert re.search(r'viewBox="0 0 1.85 1"', tally_svg(-5))  # minus, gap, one figure


def test_the_ten_strokes_of_a_figure_stay_inside_it():
    assert len(STROKES) == 10
    assert all(0 <= v <= 1 for stroke in STROKES for v in stroke)


def test_only_the_rules_divisors():
    with pytest.raises(RulesError):
        tally(10, 2)


def test_docstring_examples():
    failed, _ = doctest.testmod(tally_module)
    assert failed == 0


def test_the_strokes_just_scored_are_marked_new():
    svg = tally_svg(35, since=20)  # 4 strokes, then 7: the last 3 draw in
    new = re.findall(r'<line class="stroke \w+ new" pathLength="1" data-stroke="(\d+)"', svg)
    assert new == ["5", "6", "7"]
    assert " new" not in tally_svg(35) and " new" not in tally_svg(35, since=35)
    assert " new" not in tally_svg(10, since=25)  # hands subtracted: nothing draws in
    assert tally_svg(10, since=-5).count(" new") == 2  # back above zero: all of it
    assert tally_svg(12, 5, since=9).count(" new") == 3  # cribbage: a point a stroke


def test_the_drawing_keeps_its_size_per_figure():
    one, two = tally_svg(50), tally_svg(300)
    assert 'width="1.25em" height="1.25em"' in one
    assert 'height="2.938em"' in two  # two rows: 2.35 figures high
