"""Review's analysis done before it opens (``allfives.web.review.ahead``):
which decisions are analysed while play waits, and the coach's analyses
kept as Review's."""

from __future__ import annotations

from allfives.bots.analysis import Decision, analyse
from allfives.coach.tutor import coaching
from allfives.web.coach.advisor import Advisor
from allfives.web.play.controller import Controller
from allfives.web.play.steps import RoundOver
from allfives.web.review.ahead import AHEAD, ahead, coached
from allfives.web.review.known import KnownDecisions
from allfives.web.review.state import Review
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from ...bots.test_analysis import FAST, bot_game
from ..coach.test_tutor import run
from ..play.test_controller import drive, person_moves
from .test_known import moments_of


def test_each_pause_takes_the_next_decisions_review_would_ask_for():
    """Review opens where the round ended: its last decisions first."""
    game = bot_game(3)
    moments = moments_of(game)  # 6 decisions of the person's, in play order
    known = KnownDecisions()
    review = Review.of(Table(game, ("You", "Anna"), (None, "expert")))
    assert ahead(review, known) == moments[::-1][:AHEAD] == moments[:1:-1]
    first = ahead(review, known, limit=2)
    assert first == [moments[5], moments[4]]
    for moment in first:
        known.keep(moment, analyse(moment, FAST))
    assert ahead(review, known, limit=2) == [moments[3], moments[2]]  # the next pause goes on
    # a decision Review has taken is not asked for; nor is one kept from before
    review.take(analyse(moments[3], FAST))
    known.keep(moments[1], analyse(moments[1], FAST))
    assert ahead(review, known, limit=2) == [moments[2], moments[0]]
    for moment in moments:
        known.keep(moment, analyse(moment, FAST))
    assert ahead(review, known) == []  # all done: nothing more to ask


def test_the_coachs_analyses_are_reviews_own_for_every_move_the_person_makes():
    """A round of 3 played with the coach watching: each of the person's
    decisions is found among the coach's analyses by the moment Review asks
    for, with the decision Review's own analysis gives."""
    table = Table.new(Setup(players=3, bots=("medium", "expert")), seed=7)
    ctl = Controller(table, Settings(coach="blunders"))
    advisor = Advisor()
    known = KnownDecisions()
    watched = 0

    def coached_person(ctl: Controller):
        nonlocal watched
        ask = advisor.request(ctl)
        if ask is not None and len(ask.view.legal_moves()) > 1:
            found = run(coaching(ask.round, ask.move, ask.view, FAST))
            watched += 1
            for moment, decision in coached(ask, found):
                assert decision.played == moment.played and decision.round == moment.round
                known.keep(moment, decision)
        return person_moves(ctl)

    assert isinstance(drive(ctl, person=coached_person), RoundOver)
    moments = Review.of(table).pending()
    assert len(moments) == watched >= 3
    kept: list[Decision | None] = [known.get(m) for m in moments]
    assert kept == [analyse(m, FAST) for m in moments]
    assert ahead(Review.of(table), known) == []  # Review opens with every verdict
