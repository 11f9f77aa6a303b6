"""Graded moves (issue 19): a decision's grade at each cut-off, a seat's
summary and accuracy, the Review dialog's grades, summary and chart as
strings (``allfives.coach.grades``, ``allfives.web.table.words_grades``,
``allfives.web.review.chart``)."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from allfives.bots.analysis import Decision
from allfives.coach import grades, report
from allfives.coach.grades import accuracy, by_seat, grade, summary
from allfives.moves import parse_move
from allfives.web.draw import render
from allfives.web.review import chart as charts
from allfives.web.review.chart import Track, chart_svg, figures_table, track
from allfives.web.review.state import Review
from allfives.web.table.table import Table
from allfives.web.table.words_grades import summary_html

from ...bots.test_analysis import bot_game
from ..pseudo_i18n import pseudo, untranslated

mv = parse_move  # a move from its text, short for the decisions below


@pytest.mark.parametrize(("loss", "expected"), [
    (0.0, "best"), (0.1, "good"), (3.9, "good"), (4.0, "inaccuracy"), (6.9, "inaccuracy"),
    (7.0, "mistake"), (9.9, "mistake"), (10.0, "blunder"), (60.0, "blunder")])
def test_a_loss_takes_the_grade_that_starts_at_its_cut_off(loss, expected):
    assert grade(loss) == expected


def test_the_cut_offs_are_those_stated():
    assert grades.CUTOFFS == {"good": 0.0, "inaccuracy": 4.0, "mistake": 7.0, "blunder": 10.0}
    assert grades.ACCURACY_SCALE == 5.0


@pytest.mark.parametrize(("loss", "expected"), [
    (0.0, "best"), (0.2, "good"), (0.8, "inaccuracy"), (1.4, "mistake"), (2.0, "blunder")])
def test_with_a_divisor_a_point_weighs_that_many(loss, expected):
    # the cribbage preset divides every point by 5: a loss of 0.8 is 4 of the cut-offs' points
    assert grade(loss, divisor=5) == expected


def test_accuracy_is_100_times_e_to_minus_the_average_over_5():
    assert accuracy(0.0) == 100.0
    assert accuracy(5.0) == 36.8
    assert accuracy(0.5) == 90.5  # 100 * exp(-0.1) = 90.48
    assert accuracy(1.0, divisor=5) == accuracy(5.0)
    for average in (0.3, 1.7, 4.2, 12.0):
        assert accuracy(average) == round(100 * math.exp(-average / 5), 1)


def test_a_seats_summary_counts_the_grades_and_averages_the_losses():
    losses = [0.0, 0.0, 0.0, 0.4, 3.9, 4.0, 7.0, 12.5]
    s = summary(losses)
    assert s.decisions == 8
    assert s.counts == (3, 2, 1, 1, 1)
    assert [s.count(g) for g in grades.GRADES] == [3, 2, 1, 1, 1]
    assert s.lost == 27.8
    assert s.average == 3.48  # 27.8 / 8 = 3.475
    assert s.accuracy == 49.9  # 100 * exp(-3.475 / 5) = 49.91
    assert s.to_json() == {"decisions": 8, "grades": {"best": 3, "good": 2, "inaccuracy": 1,
                                                      "mistake": 1, "blunder": 1},
                           "lost": 27.8, "average_loss": 3.48, "accuracy": 49.9}
    empty = summary([])
    assert (empty.decisions, empty.counts, empty.average, empty.accuracy) == (
        0, (0, 0, 0, 0, 0), None, None)


def test_summaries_by_seat():
    ds = [Decision(1, 1, 0, mv("5-5"), mv("5-5"), 0.0, 2),
          Decision(1, 2, 1, mv("0-5>5-5"), mv("3-5>5-5"), 8.0, 3),
          Decision(1, 3, 0, mv("1-1"), mv("2-2"), 4.0, 2)]
    got = by_seat(ds)
    assert list(got) == [0, 1]
    assert got[0].counts == (1, 0, 1, 0, 0) and got[0].average == 2.0
    assert got[1].counts == (0, 0, 0, 1, 0) and got[1].accuracy == 20.2  # exp(-1.6)


# -- the page's strings -------------------------------------------------------------


def test_each_reviewed_decision_carries_its_grade():
    ds = [Decision(1, 2, 0, mv("0-5>5-5"), mv("0-5>5-5"), 0.0, 3),
          Decision(1, 4, 0, mv("1-2>2-2"), mv("3-3>3-5"), 4.5, 3),
          Decision(2, 1, 0, mv("6-6"), mv("5-5"), 11.0, 7)]
    html = render.review_moves(ds)
    assert re.findall(r'data-grade="(\w+)"', html) == ["best", "inaccuracy", "blunder"]
    assert re.findall(r"<span class='grade'>.*?</svg>(\w+)</span>", html) == [
        "best", "inaccuracy", "blunder"]
    assert "−4.5" in html and "−11" in html
    with pseudo():
        assert untranslated(render.review_moves(ds), r"\d+\.\d+|−[\d.]+|[\d-]+(>[\d-]+)?") == []
    # the cribbage preset: a point lost is 5 of the cut-offs' points
    pegged = render.review_moves([Decision(1, 4, 0, mv("1-2>2-2"), mv("3-3>3-5"), 1.0, 3)],
                                  divisor=5)
    assert 'data-grade="inaccuracy"' in pegged


def test_the_command_lines_report_grades_with_the_rules_divisor():
    ds = [Decision(1, 2, 0, mv("5-5"), mv("5-5"), 0.0, 3),
          Decision(1, 4, 0, mv("0-5>5-5"), mv("3-5>5-5"), 1.0, 2),
          Decision(1, 5, 1, mv("1-1"), mv("2-2"), 2.4, 2)]
    assert [d["grade"] for d in report.to_json(ds)["decisions"]] == ["best", "good", "good"]
    pegged = report.to_json(ds, divisor=5)
    assert [d["grade"] for d in pegged["decisions"]] == ["best", "inaccuracy", "blunder"]
    assert pegged["seats"] == [
        {"seat": 0, "decisions": 2, "grades": {"best": 1, "good": 0, "inaccuracy": 1,
                                               "mistake": 0, "blunder": 0},
         "lost": 1.0, "average_loss": 0.5, "accuracy": 60.7},  # exp(-0.5 * 5 / 5)
        {"seat": 1, "decisions": 1, "grades": {"best": 0, "good": 0, "inaccuracy": 0,
                                               "mistake": 0, "blunder": 1},
         "lost": 2.4, "average_loss": 2.4, "accuracy": 9.1}]
    assert pegged["grading"]["divisor"] == 5
    assert report.format_table(ds, divisor=5).splitlines()[2].split()[7] == "inaccuracy"


def test_the_summary_has_the_accuracy_the_average_and_a_count_per_grade():
    s = summary([0.0, 0.0, 0.0, 0.4, 3.9, 4.0, 7.0, 12.5])
    html = summary_html(s)
    assert "data-accuracy='49.9' data-average-loss='3.48'" in html
    assert "Accuracy: 49.9 of 100." in html
    assert "On average 3.48 points lost a decision." in html
    assert re.findall(r"data-grade-count='(\w+)' data-count='(\d+)'", html) == [
        ("best", "3"), ("good", "2"), ("inaccuracy", "1"), ("mistake", "1"), ("blunder", "1")]
    assert summary_html(summary([])) == ""  # nothing analysed yet
    assert "On average 1 point lost a decision." in summary_html(summary([1.0]))
    with pseudo():
        assert untranslated(summary_html(s), r"[\d.]+") == []


# -- the chart --------------------------------------------------------------------------

TINY = Track(scores=((0, 0), (10, 0), (10, 5), (15, 5)), starts=(0,), target=20)
TINY_DECISIONS = [Decision(1, 1, 0, mv("5-5"), mv("5-5"), 0.0, 4),
                  Decision(1, 3, 0, mv("0-5>5-5"), mv("3-5>5-5"), 5.0, 2)]


def attrs(svg: str, tag: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', m))
            for m in re.findall(rf"<{tag} ([^>]*)/?>", svg)]


def test_the_chart_draws_each_sides_score_to_scale():
    svg = chart_svg(TINY, TINY_DECISIONS, ["You", "Anna"], 0, "T", "D")
    assert svg.startswith('<svg class="review-chart" viewBox="0 0 600 250" role="img"'
                          ' aria-labelledby="review-chart-title review-chart-desc">')
    assert '<title id="review-chart-title">T</title><desc id="review-chart-desc">D</desc>' in svg
    lines = {a["data-side"]: a for a in attrs(svg, "polyline")}
    # x: 4 positions from 30.3 (right of the widest label, "−10") to 592; y: the scores'
    # panel from 0 at 145 to the target, 20, at 25, in steps of 5
    assert lines["0"]["points"] == "30.3,145.0 217.5,85.0 404.8,85.0 592.0,55.0"
    assert lines["1"]["points"] == "30.3,145.0 217.5,145.0 404.8,115.0 592.0,115.0"
    assert lines["0"]["stroke-width"] == "2"  # the reviewed seat's side stands out
    scale = {a["data-scale"]: a["y1"] for a in attrs(svg, "line") if "data-scale" in a}
    assert scale == {"0": "145.0", "5": "115.0", "10": "85.0", "15": "55.0", "target": "25.0",
                     "loss": "181.0", "blunder": "237.0"}
    labels = [(a["data-label"], a["y"]) for a in attrs(svg, "text")]
    texts = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    assert list(zip(texts, labels, strict=True)) == [
        ("Scores (game to 20)", ("caption", "9.0")), ("Points lost", ("caption", "165.0")),
        ("0", ("score", "145.0")), ("20", ("target", "25.0")), ("5", ("score", "115.0")),
        ("10", ("score", "85.0")), ("15", ("score", "55.0")),
        ("0", ("loss", "181.0")), ("−10", ("loss", "237.0"))]


def test_after_one_round_the_scores_scale_fits_the_scores_not_the_far_target():
    """A game to 250 after one round (35 to 5): the scale runs to 40, so the
    lines climb the panel instead of lying flat under a target six times higher."""
    one_round = Track(scores=((0, 0), (10, 0), (10, 5), (35, 5)), starts=(0,), target=250)
    s = charts.scale(one_round, [])
    assert (s.low, s.high, s.step) == (0, 40, 10)
    assert [s.y(x) for x in (0, 5, 35, 40)] == [145.0, 130.0, 40.0, 25.0]
    svg = chart_svg(one_round, [], ["You", "Anna"], 0, "T", "D")
    assert {a["data-side"]: a["points"] for a in attrs(svg, "polyline")}["0"].endswith(
        ",40.0")
    assert "data-scale=\"target\"" not in svg and ">Scores (game to 250)<" in svg
    # near the target, the target is on the scale (dashed), and labelled
    near = Track(scores=((0, 0), (180, 120)), starts=(0,), target=250)
    s = charts.scale(near, [])
    assert (s.low, s.high, s.step) == (0, 250, 50)
    assert [label.text for label in s.labels() if label.kind != "loss"] == [
        "0", "250", "50", "100", "150", "200"]
    # below 0 (muggins' rounds can take points off), and a target off the steps
    assert charts.score_range(-40, 30, 200) == (-40, 40, 20)
    assert charts.score_range(0, 19, 20) == (0, 20, 5)
    assert charts.score_range(0, 0, 250) == (0, 10, 2)  # the game's first position
    assert charts.score_range(-1145, 40, 200) == (-1500, 500, 500)


def test_no_two_labels_of_the_chart_are_closer_than_their_font():
    """The scores' and the losses' labels each on their own panel, none over
    another, whatever the scores and the losses (the biggest loss just past
    the blunder's cut-off, or far past it)."""
    tracks = [TINY, Track(((0, 0), (180, 120)), (0,), 250), Track(((0, 0), (5, 0)), (0,), 250),
              Track(((0, 0), (-1145, 40)), (0,), 200), Track(((0, 0), (3, 61)), (0,), 61, 5),
              Track(((0, 0), (240, 0)), (0,), 250)]
    for tracked in tracks:
        for loss in (0.0, 5.0, 10.5, 11.0, 16.0, 60.0):
            s = charts.scale(tracked, [Decision(1, 1, 0, mv("5-5"), mv("0-5>5-5"), loss, 2)])
            ys = sorted(label.y for label in [*s.labels(), *charts.captions(tracked.target)])
            assert all(b - a >= charts.FONT for a, b in itertools.pairwise(ys)), (tracked, loss, ys)
            losses = [label for label in s.labels() if label.kind == "loss"]
            assert losses[0].text == "0"  # the bars' axis is always named
            blunder = charts.LOSS_TOP + s.bar(s.blunder)
            if blunder - charts.LOSS_TOP >= charts.FONT:  # then the cut-off is named too
                assert losses[1].text == f"−{charts.number(s.blunder)}" and (
                    losses[1].y == blunder)


def test_the_chart_is_drawn_at_its_boxs_width_so_its_words_keep_their_size():
    """The page gives the box's width in CSS pixels: the drawing's units are
    pixels, and its labels 12 of them on a phone as on a desktop."""
    phone = chart_svg(TINY, TINY_DECISIONS, ["You", "Anna"], 0, "T", "D", width=337)
    assert 'viewBox="0 0 337 250"' in phone
    assert {a["font-size"] for a in attrs(phone, "text")} == {"12"}
    assert {a["data-side"]: a["points"] for a in attrs(phone, "polyline")}["0"].split()[-1] == (
        "329.0,55.0")
    assert 'viewBox="0 0 240 250"' in chart_svg(TINY, [], ["You", "Anna"], 0, "T", "D", 100)
    assert 'viewBox="0 0 600 250"' in chart_svg(TINY, [], ["You", "Anna"], 0, "T", "D", 0)


def test_the_chart_draws_a_bar_per_loss_and_a_dot_per_best_move():
    svg = chart_svg(TINY, TINY_DECISIONS, ["You", "Anna"], 0, "T", "D")
    (bar,) = attrs(svg, "rect")
    # decision 3 lies between positions 2 and 3 (x 498.4); a loss of 5 of the scale's 10
    assert (bar["data-round"], bar["data-move"], bar["data-loss"], bar["data-bar"]) == (
        "1", "3", "5.0", "inaccuracy")
    assert (bar["x"], bar["y"], bar["width"], bar["height"]) == ("495.4", "181.0", "6.0", "28.0")
    (dot,) = attrs(svg, "circle")
    assert (dot["data-move"], dot["data-bar"], dot["cx"], dot["cy"]) == ("1", "best", "123.9",
                                                                         "181.0")
    # a bigger loss than the blunder's cut-off sets the scale, and is labelled at the bottom
    big = chart_svg(TINY, [Decision(1, 3, 0, mv("5-5"), mv("0-5>5-5"), 20.0, 2)],
                           ["You", "Anna"], 0, "T", "D")
    assert attrs(big, "rect")[0]["height"] == "56.0"
    assert {a["data-scale"]: a["y1"] for a in attrs(big, "line")
            if "data-scale" in a}["blunder"] == "209.0"
    assert ">−10</text>" in big and ">−20</text>" in big
    # with the cribbage preset's divisor the blunder starts at 2 of its points
    pegged = Track(TINY.scores, TINY.starts, 61, divisor=5)
    svg5 = chart_svg(pegged, [Decision(1, 3, 0, mv("5-5"), mv("0-5>5-5"), 1.0, 2)],
                              ["You", "Anna"], 0, "T", "D")
    assert attrs(svg5, "rect")[0]["height"] == "28.0"
    assert attrs(svg5, "rect")[0]["data-bar"] == "inaccuracy"


def test_a_games_track_follows_every_move_and_each_rounds_end():
    game = bot_game(3, rounds=3)
    tracked = track(game)
    review = Review.of(Table(game, ("You", "Anna"), (None, "expert")))
    assert len(tracked.scores) == len(review.spots)
    assert [review.spots[i] for i in tracked.starts] == [
        type(review.spots[0])(r, 0) for r in range(1, len(game.rounds) + 1)]
    assert tracked.scores[0] == (0, 0) and tracked.scores[-1] == tuple(game.scores)
    for r, rnd in enumerate(game.rounds, 1):
        start = tracked.at(r, 0)
        for k, (seat, _move, points) in enumerate(rnd.history[:-1], 1):
            before, after = tracked.scores[start + k - 1], tracked.scores[start + k]
            assert after[seat] - before[seat] == points and after[1 - seat] == before[1 - seat]
        assert tracked.scores[tracked.at(r, len(rnd.history))] == tuple(rnd.scores)
        if r > 1:  # a round starts where the one before ended
            assert tracked.scores[start] == tracked.scores[start - 1]


def test_the_charts_figures_are_text_round_by_round():
    tracked = Track(scores=((0, 0), (10, 0), (10, 5), (25, 5), (25, 5), (25, 15)),
                    starts=(0, 4), target=20)
    ds = [Decision(1, 1, 0, mv("5-5"), mv("5-5"), 0.0, 2),
          Decision(1, 3, 0, mv("0-5>5-5"), mv("3-5>5-5"), 2.5, 2),
          Decision(2, 1, 0, mv("1-1"), mv("2-2"), 1.0, 3)]
    table = figures_table(tracked, ds, ["You", "Anna"])
    assert table.startswith("<div class='sr-only'><table id='review-chart-figures'>")
    rows = re.findall(r"<tr data-figures-round='(\d)'>(.*?)</tr>", table)
    cells = [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for _r, row in rows]
    assert cells == [["1", "25", "5", "2", "2.5"], ["2", "25", "15", "1", "1.0"]]
    assert "<th scope='col'>You</th><th scope='col'>Anna</th>" in table


def test_the_whole_chart_speaks_through_gettext():
    game = bot_game(3, rounds=2)
    ds = [Decision(1, 2, 0, mv("5-5"), mv("0-5>5-5"), 3.0, 2)]
    with pseudo():
        html = charts.chart(game, ds, ["You", "Anna"], 0, "You", you=True)
        assert untranslated(html, r"You|Anna|[\d.−]+") == []
        assert "points you lost" in html and "⟦Round⟧" in html
        other = charts.chart(game, ds, ["You", "Anna"], 1, "Anna")
        assert "points {name} lost" not in other and "points Anna lost" in other
    assert "chart-legend" in html and html.count("<polyline") == 2


def test_a_reviews_summary_and_chart_follow_its_analysis():
    game = bot_game(4, rounds=2)
    review = Review.of(Table(game, ("You", "Anna"), (None, "expert")))
    assert review.graded().decisions == 0 and "data-bar" not in review.chart()
    moments = review.moments[:3]
    for i, m in enumerate(moments):
        review.take(Decision(m.round, m.move, m.seat, mv("1-2"), mv("5-5"), [0.0, 5.0, 12.0][i],
                             2))
    assert review.graded().counts == (1, 0, 1, 0, 1)
    html = review.chart()
    bars = [a for tag in ("rect", "circle") for a in attrs(html, tag) if "data-bar" in a]
    assert sorted(a["data-bar"] for a in bars) == ["best", "blunder", "inaccuracy"]
    assert "points you lost" in html


def test_a_summary_is_the_same_in_any_order():
    # guards: the page's Review showed an average loss of 15.78 where the command
    # line's was 15.77 (63.1 / 4): sum() of floats compensates in Python 3.12 and
    # later (the page's Pyodide) but not in 3.11, and depends on the order; these
    # losses average 7.42 in some orders and 7.43 in others with a plain sum
    losses = [6.6, 13.8, 8.7, 0.6]
    summaries = {summary(order) for order in itertools.permutations(losses)}
    assert len(summaries) == 1 and summaries.pop().average == 7.42  # 29.7 / 4, to 2 places
