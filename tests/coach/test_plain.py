"""The plain reason a verdict leads with (``allfives.coach.plain``) and its
words: the part of the loss that costs the most, chosen over hand-made parts."""

from __future__ import annotations

from dataclasses import replace

from allfives.bots.analysis import EACH, EXACT, ONE, SIDE, Decision, Reason
from allfives.coach.plain import (
    BARE,
    BEST,
    CHANCE,
    LATER,
    NOW,
    REPLY,
    Plain,
    costs,
    dominant,
    plain,
)
from allfives.moves import parse_move
from allfives.web.table.words import said_html
from allfives.web.table.words_reasons import Said, plain_why, plain_words

PLAYED, BEST_MOVE = parse_move("5-6>5-5"), parse_move("4-6>5-6")


def decision(reason: Reason | None, loss: float = 7.0, **more: object) -> Decision:
    return replace(Decision(1, 3, 0, PLAYED, BEST_MOVE, loss, 4, reason, EXACT), **more)


def test_the_part_that_costs_the_most_is_named():
    # points now: 10 against 0 costs 10; the reply 5.9 - 4.0 = 1.9; later 1.1
    now = Reason(BEST_MOVE, 0, 10, 5.9, 4.0, 1.1)
    assert costs(now) == ((NOW, 10), (REPLY, 5.9 - 4.0), (LATER, 1.1))
    assert dominant(now) == NOW and plain(decision(now, 13.0)) == Plain(NOW, 10)
    # the reply: the same points now, 12.9 given away against 2.0
    reply = Reason(BEST_MOVE, 5, 5, 12.9, 2.0, 3.5)
    assert plain(decision(reply, 14.4)) == Plain(REPLY)
    # later: the move made scores 5 more now but keeps far less for the round's rest
    later = Reason(BEST_MOVE, 10, 5, 3.0, 3.0, 12.0)
    assert plain(decision(later, 7.0)) == Plain(LATER)
    # equal costs: the points now first, then the reply
    assert dominant(Reason(BEST_MOVE, 0, 5, 5.0, 0.0, 5.0)) == NOW
    assert dominant(Reason(BEST_MOVE, 5, 5, 5.0, 0.0, 5.0)) == REPLY
    # nothing costs anything (rounding): a better move, no reason named
    assert dominant(Reason(BEST_MOVE, 5, 5, 1.0, 1.0, 0.0)) == BARE


def test_best_stake_and_unknown_parts_lead_without_a_part():
    now = Reason(BEST_MOVE, 0, 10, 5.9, 4.0, 1.1)
    assert plain(decision(now, 0.0)) == Plain(BEST)
    assert plain(decision(None, 0.0, played=BEST_MOVE)) == Plain(BEST)
    # where the game is at stake its chance decides, even with parts known
    assert plain(decision(now, 30.0, chances=(0.41, 0.64))) == Plain(CHANCE)
    assert plain(decision(None, 3.0)) == Plain(BARE)


def test_the_plain_sentence_says_what_to_play_and_why_in_a_few_words():
    now = decision(Reason(BEST_MOVE, 0, 10, 5.9, 4.0, 1.1), 13.0)
    assert plain_words(now) == "Better: 4-6 on 5-6. It scores 10 points now."
    assert plain_words(decision(Reason(BEST_MOVE, 0, 1, 0.0, 0.0, 0.0), 1.0)) == \
        "Better: 4-6 on 5-6. It scores 1 point now."
    reply = decision(Reason(BEST_MOVE, 5, 5, 12.9, 2.0, 3.5), 14.4)
    assert [plain_words(reply, against) for against in (ONE, EACH, SIDE)] == [
        "Better: 4-6 on 5-6. It leaves your opponent less to score.",
        "Better: 4-6 on 5-6. It leaves the other players less to score.",
        "Better: 4-6 on 5-6. It leaves the other side less to score."]
    assert plain_words(decision(Reason(BEST_MOVE, 10, 5, 3.0, 3.0, 12.0))) == \
        "Better: 4-6 on 5-6. It leaves you better placed for the rest of the round."
    assert plain_words(decision(None, 30.0, chances=(0.41, 0.64))) == \
        "Better: 4-6 on 5-6. It wins the game more often."
    assert plain_words(decision(None, 3.0)) == "Better: 4-6 on 5-6."
    assert plain_why(decision(None, 3.0)) == ""
    assert plain_words(decision(None, 0.0)) == "Best move."


def test_the_why_is_a_native_disclosure_under_the_plain_sentence():
    assert said_html(Said("Better: 4-6 on 5-6.", "4-6 on 5-6 scores 10 & more.")) == (
        "<span class='lead'>Better: <span class=\"tile-name\">4-6</span> on"
        " <span class=\"tile-name\">5-6</span>.</span> <details class='why'><summary>Why"
        "</summary><p><span class=\"tile-name\">4-6</span> on <span class=\"tile-name\">5-6"
        "</span> scores 10 &amp; more.</p></details>")
    assert said_html(Said("Best move.")) == "<span class='lead'>Best move.</span>"
