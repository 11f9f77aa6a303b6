"""The Review dialog as a frame (``review.frame``): which elements, which
text and hooks, made from the ``Review`` alone."""

from __future__ import annotations

from allfives.bots.analysis import Decision
from allfives.moves import parse_move
from allfives.web.paint.parts import Part, changes
from allfives.web.review.frame import review_frame, seats_frame
from allfives.web.table import words

from ...bots.test_analysis import bot_game
from .test_review import review_of

FACES = "pips"


def test_the_frame_names_every_part_of_the_dialog_but_the_board():
    review = review_of(bot_game(3))
    frame = review_frame(review, FACES, 320)
    assert list(frame) == [
        "#review-step", "#review-deal", "#review-says", "#review-hand-label", "#review-hand",
        "#review-end", "#review-prev", "#review-next", "#review-moves", "#review-summary",
        "#review-grades", "#review-chart", "#review-progress"]
    assert frame["#review-step"] == Part(text="Round 1: after move 21 of 21")
    assert frame["#review-deal"].text == words.deal_line("3", False)
    # at the end: Next is off, Previous on; nothing analysed yet, the bar shows
    assert frame["#review-prev"] == Part(attrs=(("disabled", None),))
    assert frame["#review-next"] == Part(attrs=(("disabled", ""),))
    waiting = frame["#review-moves"].html or ""  # every decision in its place, none a button
    assert waiting.count("<li class='pending'>") == review.total and "<button" not in waiting
    total = str(review.total)
    assert frame["#review-progress"] == Part(props=(("max", total), ("value", "0")),
                                             attrs=(("hidden", None),))
    says = frame["#review-says"]
    assert says.keep_open and says.attrs == (("data-method", None),)
    assert frame["#review-chart"] == Part(html=review.chart(320))
    assert review.chart(320).startswith("<svg")
    # the chart's box not measured yet (the dialog opening): no chart, not an old one
    assert review_frame(review, FACES, None)["#review-chart"] == Part(html="")


def test_a_decision_here_is_judged_marked_current_and_counted():
    review = review_of(bot_game(3))
    moment = review.pending()[2]
    review.take(Decision(1, moment.move, 0, parse_move("1-2"), parse_move("5-5"), 3.0, 2))
    review.jump(1, moment.move)
    frame = review_frame(review, FACES, None)
    assert frame["#review-step"] == Part(text=f"Round 1: before move {moment.move} of 21")
    assert frame["#review-says"].attrs == (("data-method", "estimate"),)
    assert frame["#review-says"].html == words.said_html(
        words.review_says(review.view(), review.decision_here()))
    moves = frame["#review-moves"].html or ""
    assert moves.count('aria-current="true"') == 1
    assert f'data-round="1" data-move="{moment.move}" aria-current="true"' in moves
    assert frame["#review-progress"].props == (("max", str(review.total)), ("value", "1"))
    review.step(1)  # past it: no verdict, no decision current
    later = review_frame(review, FACES, None)
    assert later["#review-says"].attrs == (("data-method", None),)
    assert "aria-current" not in (later["#review-moves"].html or "")
    # stepping writes where it is, the verdict and the list, not the rest
    assert [k for k, _ in changes(frame, later)] == [
        "#review-step", "#review-says", "#review-hand", "#review-moves"]


def test_once_every_decision_is_analysed_the_bar_goes():
    review = review_of(bot_game(3))
    for moment in review.pending():
        review.take(Decision(moment.round, moment.move, 0, parse_move("1-2"),
                             parse_move("1-2"), 0.0, 1))
    frame = review_frame(review, FACES, None)
    assert frame["#review-progress"].attrs == (("hidden", ""),)
    assert frame["#review-summary"].text == words.review_summary(review.total, review.total, [])


def test_the_seat_choice_and_play_on():
    review = review_of(bot_game(3))
    assert seats_frame(review, (0, 1), True) == {
        "#review-seat": Part(html='<option value="0" selected>You</option>'
                                  '<option value="1">Anna</option>',
                             attrs=(("disabled", None),)),
        "#review-play-on": Part(attrs=(("hidden", None),)),  # the game goes on from here
    }
    assert seats_frame(review, (0,), False)["#review-seat"] == Part(
        html='<option value="0" selected>You</option>', attrs=(("disabled", ""),))
