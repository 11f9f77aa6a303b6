"""Decisions a page has analysed, kept for a Review opened again
(``allfives.web.review.known``)."""

from __future__ import annotations

import json
from dataclasses import replace

from allfives.bots.analysis import Moment, analyse
from allfives.record import replay, to_record
from allfives.web.review.known import KnownDecisions
from allfives.web.review.state import Review
from allfives.web.table.table import Table

from ...bots.test_analysis import FAST, bot_game


def moments_of(game) -> list[Moment]:
    """The seat's moments, as a Review of the game on a table asks them."""
    return Review.of(Table(game, ("You", "Anna"), (None, "expert"))).pending()


def test_a_review_opened_again_finds_each_decision_by_its_moment_and_only_there():
    game = bot_game(3)
    first = moments_of(game)
    known = KnownDecisions()
    decisions = [analyse(m, FAST) for m in first[:3]]
    for moment, decision in zip(first, decisions, strict=False):
        known.keep(moment, decision)
    # a new Review of the same game, and of its record read back: the same moments
    again = moments_of(replay(json.loads(json.dumps(to_record(game)))))
    assert [known.get(m) for m in again[:4]] == [*decisions, None]
    # the same move with anything else different is another moment
    moment = again[0]
    another_move = next(m for m in moment.view.legal_moves() if m != moment.played)
    assert known.get(replace(moment, played=another_move)) is None
    assert known.get(replace(moment, move=moment.move + 1)) is None
    other = moments_of(bot_game(4))[0]
    assert known.get(other) is None
    # what is kept is what a new analysis gives: an analysis is its moment's alone
    sent = Moment.from_json(json.loads(json.dumps(first[0].to_json())))
    assert analyse(sent, FAST) == known.get(first[0])


def test_the_least_recently_used_goes_first_past_the_limit():
    a, b, c = moments_of(bot_game(3))[:3]
    da, db, dc = (analyse(m, FAST) for m in (a, b, c))
    known = KnownDecisions(limit=2)
    known.keep(a, da)
    known.keep(b, db)
    assert known.get(a) == da  # a is used again: b is the least recent
    known.keep(c, dc)
    assert len(known) == 2
    assert [known.get(m) for m in (a, b, c)] == [da, None, dc]
    known.keep(a, da)  # kept again: still one of it
    assert len(known) == 2


def test_each_moment_is_told_of_once():
    a, b = moments_of(bot_game(3))[:2]
    known = KnownDecisions()
    assert [known.first_told(a), known.first_told(a), known.first_told(b)] == [True, False, True]
    assert known.first_told(Moment.from_json(json.loads(json.dumps(a.to_json())))) is False
