"""The coach's frames (``coach.frame``): its state on the page and the
dialog that stops a move, its hooks and words."""

from __future__ import annotations

from allfives.bots.analysis import ESTIMATE, Decision, reply_counted
from allfives.coach.tutor import Verdict
from allfives.moves import parse_move
from allfives.rules import Rules
from allfives.web.coach.advisor import READY
from allfives.web.coach.frame import state_frame, stop_frame
from allfives.web.coach.words import stop_words
from allfives.web.paint.parts import Part
from allfives.web.table.words import said_html


def test_the_coachs_state_is_a_hook_on_the_body():
    assert state_frame(READY) == {"body": Part(attrs=(("data-coach", READY),))}


def test_the_dialog_names_the_verdict_in_its_hooks_and_says_why():
    rules = Rules.make("standard")
    decision = Decision(1, 3, 0, parse_move("1-6"), parse_move("5-5"), 42.9, 4, None, ESTIMATE)
    verdict = Verdict(decision, "blunder")
    assert stop_frame(verdict, rules) == {
        "#coach": Part(attrs=(("data-grade", "blunder"), ("data-loss", "42.9"),
                              ("data-played", "1-6"), ("data-best", "5-5"),
                              ("data-method", "estimate"))),
        "#coach-says": Part(html=said_html(stop_words(verdict, rules.divisor,
                                                      reply_counted(rules)))),
    }
