"""The Review panel's model (``allfives.web.review``): positions, stepping,
the table at each move, analysis requests and answers, opened records and
playing on from another seat."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from allfives.bots.analysis import (
    EACH,
    ESTIMATE,
    EXACT,
    ONE,
    SIDE,
    Decision,
    Moment,
    Reason,
    analyse,
    reply_counted,
)
from allfives.coach.report import chance_text, reason_text
from allfives.errors import RecordError
from allfives.game import Game
from allfives.moves import DRAW, PASS, parse_move
from allfives.record import dumps, replay, to_record
from allfives.rules import Rules
from allfives.tiles import parse_tile
from allfives.web.draw import render
from allfives.web.draw.board import BoardScene
from allfives.web.review.records import opened, seated
from allfives.web.review.state import Review, Spot
from allfives.web.table import words
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView
from allfives.web.table.words_reasons import (
    Said,
    move_name,
    parts_words,
    too_big,
    verdict_words,
)

from ...bots.test_analysis import FAST, bot_game
from ..pseudo_i18n import pseudo


def review_of(game, seat: int = 0) -> Review:
    table = Table(game, ("You", "Anna"), (None, "expert"))
    return Review.of(table, seat)


def test_positions_run_from_each_deal_to_the_end_and_the_review_starts_at_the_end():
    game = bot_game(1, rounds=2)
    review = review_of(game)
    lengths = [len(r.history) for r in game.rounds]
    assert len(review.spots) == sum(n + 1 for n in lengths)
    assert review.spot == Spot(2, lengths[1])
    assert review.step_text() == f"Round 2: after move {lengths[1]} of {lengths[1]}"
    review.step(1)  # nothing after the end
    assert review.spot == Spot(2, lengths[1])
    review.round_start(-1)
    assert review.spot == Spot(2, 0)
    review.round_start(-1)
    assert review.spot == Spot(1, 0)
    assert review.step_text() == f"Round 1: before move 1 of {lengths[0]}"
    review.step(-1)
    assert review.spot == Spot(1, 0)
    assert review.key("ArrowRight") and review.spot == Spot(1, 1)
    assert review.key("ArrowLeft") and review.spot == Spot(1, 0)
    assert not review.key("x")
    review.round_start(1)
    assert review.spot == Spot(2, 0)


def test_the_table_at_a_move_is_what_the_seat_saw_then():
    game = bot_game(2)
    review = review_of(game)
    review.jump(1, 4)  # just before the 4th move
    view = review.view()
    assert len(view.round.history) == 3 and not view.round.over
    assert view.round.revealed == ()  # mid-round: the other hand stays hidden
    cut = bot_game(2)  # the same game cut after three moves, seen by seat 0
    record = to_record(cut)
    record["rounds"][0]["moves"] = record["rounds"][0]["moves"][:3]
    assert view == TableView.of(Table(replay(record), ("You", "Anna"), (None, "expert")))
    review.step(len(review.spots))
    assert review.view().round.over and review.view().round.revealed


def test_the_game_on_the_table_is_reviewed_from_a_copy_without_its_record(monkeypatch):
    """Each position is the table's game rewound (``Game.rewound``), the same
    table its record cut there replays to; the record is never written, and
    play on the table after the review opened changes nothing in it."""
    game = bot_game(6, rounds=2)
    table = Table(game, ("You", "Anna"), (None, "expert"), daily=True)
    record = to_record(game)

    def unwritten(_self: Table) -> dict[str, Any]:
        raise AssertionError("Review wrote the table's record")

    monkeypatch.setattr(Table, "to_record", unwritten)
    review = Review.of(table)
    assert (review.seed, review.daily, review.record) == (6, True, None)
    game.next_round()  # the table plays on
    assert len(review.game.rounds) == 2
    assert len(review.spots) == sum(len(r["moves"]) + 1 for r in record["rounds"])
    for at, spot in enumerate(review.spots):
        review.at = at
        cut = {**record, "rounds": record["rounds"][:spot.round - 1] + [
            {**record["rounds"][spot.round - 1],
             "moves": record["rounds"][spot.round - 1]["moves"][:spot.move]}]}
        assert review.view() == TableView.of(Table(replay(cut), ("You", "Anna"),
                                                   (None, "expert")))


def test_a_reviewed_table_plays_on_as_its_opened_record_would():
    game = bot_game(4)
    record = to_record(game)
    record["rounds"][0]["moves"] = record["rounds"][0]["moves"][:6]
    cut = replay(record)
    from_table = seated(Review.of(Table(cut, ("You", "Anna"), (None, "expert")), 1), "Zed")
    from_file = seated(opened(json.dumps(record), 1), "Zed")
    assert from_table["rounds"] == from_file["rounds"]
    assert opened(json.dumps({k: v for k, v in record.items() if k != "seed"})).seed is None


def test_decisions_go_to_the_worker_and_come_back_in_play_order():
    game = bot_game(3)
    review = review_of(game)
    requests = review.pending()
    assert review.total == len(requests) > 2 and review.done == 0
    assert all(r.view.seat == 0 for r in requests)
    for request in reversed(requests[1:]):  # answers may come in any order
        # they cross to the worker and back as JSON
        sent = Moment.from_json(json.loads(json.dumps(request.to_json())))
        assert sent == request
        review.take(Decision.from_json(json.loads(json.dumps(analyse(sent, FAST).to_json()))))
    assert review.done == review.total - 1 and len(review.pending()) == 1
    assert [(d.round, d.move) for d in review.analysed()] == \
        [(r.round, r.move) for r in requests[1:]]
    first = requests[1]
    review.jump(first.round, first.move)
    here = review.decision_here()
    assert here is not None and (here.round, here.move) == (first.round, first.move)
    assert words.judged("You", here).lead.startswith(f"Next, You played {move_name(here.played)}")
    assert review.worst() == sorted([d for d in review.analysed() if d.loss > 0],
                                    key=lambda d: -d.loss)


def test_the_decision_nearest_the_shown_position_is_analysed_next():
    """Opened at the round's end, the last decision first; a chip moves the
    analysis there, then outwards (of two as near, the earlier)."""
    review = review_of(bot_game(3))  # seat 0 decides before moves 1, 3, 5, 7, 9 and 18
    order = [(m.round, m.move) for m in review.pending()]
    assert order == [(1, 1), (1, 3), (1, 5), (1, 7), (1, 9), (1, 18)]
    assert review.spot == Spot(1, 21)
    assert [(m.round, m.move) for m in review.nearest_pending()] == order[::-1]
    assert not any(review.here(m) for m in review.pending())  # the round over: none here
    review.jump(1, 7)  # the table 6 moves in: the decisions 6, 4, 2, 0, 2 and 11 moves away
    nearest = review.nearest_pending()
    assert [(m.round, m.move) for m in nearest] == [(1, 7), (1, 5), (1, 9), (1, 3), (1, 1),
                                                   (1, 18)]
    assert [review.here(m) for m in nearest] == [True] + [False] * 5
    review.take(analyse(nearest[0], FAST))  # taken: the next nearest
    review.step(1)  # 7 moves in: (1, 9) is 1 move on, (1, 5) 3 back
    assert [(m.round, m.move) for m in review.nearest_pending()] == [(1, 9), (1, 5), (1, 3),
                                                                    (1, 1), (1, 18)]


def test_a_decisions_chip_opens_the_position_named_by_the_same_move():
    """The chip "1.16" (round 1, move 16) shows the table just before move 16,
    and says so: "before move 16 of 21", not the moves made (15)."""
    review = review_of(bot_game(3))  # round 1: 21 moves; the 16th is seat 0's
    assert len(review.game.rounds[0].history) == 21
    decision = review.take(Decision(1, 16, 0, parse_move("1-2"), parse_move("5-5"), 3.0, 2))
    chip = render.review_moves([decision])
    assert "<span class='where'>1.16</span>" in chip and 'data-move="16"' in chip
    review.jump(1, 16)
    assert review.step_text() == "Round 1: before move 16 of 21"
    assert len(review.view().round.history) == 15 and review.decision_here().move == 16
    review.step(1)
    assert review.step_text() == "Round 1: before move 17 of 21"
    review.step(len(review.spots))
    assert review.step_text() == "Round 1: after move 21 of 21"
    dealt = Review.of(Table(Game(Rules.make("standard"), 1), ("You", "Anna"), (None, "expert")))
    assert dealt.step_text() == "Round 1: the deal"  # a round with no move yet


def test_every_decision_holds_its_place_in_the_list_before_its_verdict():
    """``#review-moves`` lists each decision in play order from the start:
    a button once analysed, else its move with the verdict to come."""
    review = review_of(bot_game(3))  # seat 0 decides before moves 1, 3, 5, 7, 9 and 18
    late = review.nearest_pending()[:2]  # analysed first: the round's last two
    for moment in late:
        review.take(analyse(moment, FAST))
    html = render.review_moves(review.analysed(), pending=review.pending())
    items = re.findall(r"<li( class='pending')?>.*?<span class='where'>(\d+\.\d+)</span>", html)
    assert items == [(" class='pending'", "1.1"), (" class='pending'", "1.3"),
                     (" class='pending'", "1.5"), (" class='pending'", "1.7"),
                     ("", "1.9"), ("", "1.18")]
    assert html.count("<button") == html.count("data-loss=") == 2
    first = review.moments[0]
    assert f"<span class='move'>{move_name(first.played)}</span>" in html.split("</li>")[0]
    assert render.review_moves(review.analysed()).count("</li>") == 2  # none pending given


def test_the_board_shows_the_tile_just_played_and_the_better_move_where_one_lost():
    """``Review.scene``: the last tile laid pops its points (a draw lays none),
    and the best move is outlined only where the decision about to be made
    lost points."""
    review = review_of(bot_game(3))  # round 1: move 10 is 6-6>3-6 for 15, 15 a draw
    review.jump(1, 11)
    view = review.view()
    assert review.scene(view) == BoardScene(view, fresh=parse_tile("6-6"), fresh_points=15)
    review.take(Decision(1, 11, 0, parse_move("1-6>6-6"), parse_move("3-6>6-6"), 0.0, 2))
    assert review.scene(view).hint is None  # the best move was played
    review.take(Decision(1, 11, 0, parse_move("1-6>6-6"), parse_move("3-6>6-6"), 2.0, 2))
    assert review.scene(view).hint == parse_move("3-6>6-6")
    review.jump(1, 16)
    view = review.view()
    assert review.scene(view) == BoardScene(view)
    review.round_start(-1)
    assert review.scene(review.view()).fresh is None  # the deal


def test_an_opened_record_names_its_seats_and_plays_on_from_any_of_them():
    game = bot_game(4)
    record = to_record(game)
    record["rounds"][0]["moves"] = record["rounds"][0]["moves"][:6]  # unfinished
    text = json.dumps(record)
    review = opened(text)
    assert review.names == ("Player 1", "Player 2") and review.levels == (None, None)
    assert not review.game.over
    assert opened(text, 1).seat == 1 and {m.seat for m in opened(text, 1).moments} == {1}
    # playing on as seat 1: seat 1 becomes the engine's seat 0, the same moves replay
    save = seated(opened(text, 1), "Zed")
    table = Table.from_record(save)
    assert table.names == ("Zed", "Player 1") and table.bots == (None, "medium")
    # the same moves, made by the renumbered seats
    assert table.game.round.history == [(1 - s, m, p) for s, m, p in game.rounds[0].history[:6]]
    original = bot_game(4).rounds[0]
    assert table.game.round.dealt == (original.dealt[1], original.dealt[0])
    assert table.game.round.starter == 1 - original.starter


def test_a_broken_record_is_refused_with_the_replay_commands_line():
    record = json.loads(dumps(bot_game(5)))
    record["rounds"][0]["moves"][1] = "6-6>0-0"
    with pytest.raises(RecordError, match=r"^round 1, move 2: "):
        opened(json.dumps(record))
    with pytest.raises(RecordError, match="not JSON"):
        opened("{")


@pytest.mark.parametrize(("text", "why"), [
    ("[" * 100_000 + "]" * 100_000, "nested 100,000 levels deep, more than 32"),
    ('{"seed": ' + "9" * 5000 + "}", "a number 5,000 characters long"),
    ("x" * 1_000_001, "1,000,001 characters long, more than 1,000,000"),
    ("[1, 2]", "record: expected a JSON object"),
    ('"\\ud800"', "record: expected a JSON object"),
])
def test_a_hostile_record_file_is_refused_unparsed_in_one_line(text, why):
    """Read like a save: a file nested deep enough to end Pyodide's stack, or a
    number too long for Python's int, is refused before json.loads sees it."""
    with pytest.raises(RecordError) as refused:
        opened(text)
    assert str(refused.value) == why


def test_a_record_longer_than_a_save_may_be_is_refused_before_its_replay():
    record = json.loads(dumps(bot_game(5)))
    record["rounds"] = record["rounds"] * 201
    with pytest.raises(RecordError, match="^201 rounds, more than 200$"):
        opened(json.dumps(record))
    record = json.loads(dumps(bot_game(5)))
    record["rounds"][0]["moves"] = ["draw"] * 251
    with pytest.raises(RecordError, match="^round 1: 251 moves, more than a round can have$"):
        opened(json.dumps(record))


def test_a_verdict_says_in_the_logs_words_what_each_part_of_the_loss_is():
    """Leading 5-5 for 10 against 3-3: the parts as the review says them add
    up to the loss it names, moves as the game log names them, and the
    command line says the same parts in English."""
    m = parse_move
    reason = Reason(m("3-3>0-3"), 10, 0, 8.2, 1.0, 10.6)
    d = Decision(1, 4, 0, m("5-5>0-5"), m("3-3>0-3"), 7.8, 3, reason, EXACT)
    assert parts_words(d.played, reason) == reason_text(d.played, reason)
    assert words.judged("Anna", d) == Said(
        "Next, Anna played 5-5 on 0-5. Better: 3-3 on 0-3. It leaves you better placed for the"
        " rest of the round.",
        "5-5 on 0-5 scores 10 now,"
        " 3-3 on 0-3 scores 0; the others score 8.2 in reply to 5-5 on 0-5 and 1 in reply to"
        " 3-3 on 0-3; 3-3 on 0-3 keeps 10.6 more for later: 5-5 on 0-5 loses 7.8 points."
        " Solved exactly: nothing was hidden.")
    # an estimate whose loss, give or take two standard errors, spans grades says so
    unsure = replace(d, method=ESTIMATE, error=1.4, reason=None)
    assert words.judged("You", unsure, you=True) == Said(
        "Next, you played 5-5 on 0-5. Better: 3-3 on 0-3.",
        "5-5 on 0-5 loses about 7.8"
        " ± 2.8 points (inaccuracy to blunder). Estimated from deals of the hidden tiles.")
    # the same error on a loss well inside one grade changes nothing said
    assert verdict_words(replace(unsure, loss=20.0)) == "5-5 on 0-5 loses 20 points."
    # the cribbage preset's points count five times in grades: 1.5 ± 0.4 is 5.5 to 9.5
    assert "(inaccuracy to mistake)" in verdict_words(replace(unsure, loss=1.5, error=0.2), 5)
    kept_more = replace(reason, later=-1.5)
    assert parts_words(d.played, kept_more).endswith("; 5-5 on 0-5 keeps 1.5 more for later")
    assert parts_words(d.played, replace(reason, later=0.0)).endswith(
        "; 5-5 on 0-5 and 3-3 on 0-3 keep as much for later")
    assert [move_name(m(x)) for x in ("2-5>0-5", "5-5")] == ["2-5 on 0-5", "5-5"]
    assert (move_name(DRAW), move_name(PASS)) == ("draw", "pass")


def test_with_partners_the_reply_is_the_other_sides_lead_over_yours_never_negative():
    """A punt puzzle with partners said the others scored -1 in reply: the
    reply counts the partner's points against theirs. With partners it says
    which side is ahead and by how much, the page and the command line alike."""
    m = parse_move
    reason = Reason(m("2-2>2-4"), 0, 0, 13.8, -1.0, 0.4)
    d = Decision(1, 9, 0, m("1-3>1-5"), m("2-2>2-4"), 15.2, 2, reason, ESTIMATE)
    said = ("Both moves score 0 now; the other side scores 13.8 more than yours in reply to"
            " 1-3 on 1-5 and your side scores 1 more than the other in reply to 2-2 on 2-4;"
            " 2-2 on 2-4 keeps 0.4 more for later")
    assert parts_words(d.played, reason, against=SIDE) == said
    assert reason_text(d.played, reason, against=SIDE) == said
    assert verdict_words(d, against=SIDE) == f"{said}: 1-3 on 1-5 loses 15.2 points."
    assert words.judged("You", d, you=True, against=SIDE) == Said(
        "Next, you played 1-3 on 1-5. Better: 2-2 on 2-4. It leaves the other side less to"
        " score.", f"{said}: 1-3 on 1-5 loses 15.2 points. Estimated from deals of the hidden"
        " tiles.")
    # 13.8 - (-1) + 0.4: the parts still add up to the loss
    assert round(reason.reply - reason.best_reply + reason.later, 1) == d.loss
    either = replace(reason, reply=-2.5, best_reply=-2.5)
    assert "; your side scores 2.5 more than the other in reply either way; " in parts_words(
        d.played, either, against=SIDE)
    assert "; the other side scores 2.5 more than yours in reply either way; " in reason_text(
        d.played, replace(either, reply=2.5, best_reply=2.5), against=SIDE)


def test_with_several_opponents_the_reply_is_what_each_scores_on_average():
    """Three players, or four without partners: a value counts the mover's
    points less the others' mean, so the reply is what each of them scores
    on average, and the parts add up to the loss as it is counted."""
    m = parse_move
    reason = Reason(m("2-6>1-6"), 0, 0, 1.4, 0.4, 1.5)
    d = Decision(1, 9, 0, m("2-5>2-3"), m("2-6>1-6"), 2.5, 2, reason, ESTIMATE)
    said = ("Both moves score 0 now; each other player scores 1.4 on average in reply to"
            " 2-5 on 2-3 and 0.4 in reply to 2-6 on 1-6; 2-6 on 1-6 keeps 1.5 more for later")
    assert parts_words(d.played, reason, against=EACH) == reason_text(
        d.played, reason, against=EACH) == said
    either = replace(reason, best_reply=1.4)
    assert "; each other player scores 1.4 on average in reply either way; " in parts_words(
        d.played, either, against=EACH) == reason_text(d.played, either, against=EACH)
    three, four = (Rules.make("standard", players=n) for n in (3, 4))
    assert [reply_counted(r) for r in (Rules.make("standard"), three, four)] == [ONE, EACH, SIDE]
    assert reply_counted(Rules.make("standard", players=4, partnership=False)) == EACH


def test_where_the_game_is_at_stake_a_verdict_gives_the_chance_each_move_left():
    m = parse_move
    d = Decision(9, 4, 0, m("3-3>0-3"), m("5-5>0-5"), 65.2, 3, None, EXACT, chances=(0.412, 0.644))
    said = ("The game is at stake: 3-3 on 0-3 wins it 41 times in 100, 5-5 on 0-5 64 times:"
            " 3-3 on 0-3 loses 65.2 points.")
    assert verdict_words(d) == said
    # parts, had they come, are not what decides there
    assert verdict_words(replace(d, reason=Reason(m("5-5>0-5"), 0, 10, 8.2, 1.0, 63.4))) == said
    assert chance_text(d) == said[0].lower() + said[1:said.index(":", 25)]
    assert Decision.from_json(json.loads(json.dumps(d.to_json()))) == d
    assert Decision.from_json({**d.to_json(), "chances": [0.4, 1.2]}).chances is None


def test_a_file_too_big_is_refused_in_one_sentence():
    assert too_big("game.json", 1_000_001) == \
        "game.json could not be opened: 1,000,001 bytes is too big for a record"
    with pseudo():
        assert too_big("game.json", 1_000_001) == \
            "⟦game.json could not be opened: 1,000,001 bytes is too big for a record⟧"
        assert review_of(bot_game(1)).step_text().startswith("⟦Round 1: after move ")
        assert move_name(parse_move("2-5>0-5")) == "⟦2-5 on 0-5⟧"
        assert parts_words(parse_move("2-3"), Reason(parse_move("5-5"), 0, 10, 2.0, 0.0, 1.5)) \
            .startswith("⟦2-3 scores 0 now, 5-5 scores 10⟧; ⟦the others score 2 in reply to 2-3"
                        " and 0 in reply to 5-5⟧; ")
        assert parts_words(parse_move("2-3"), Reason(parse_move("5-5"), 0, 0, 2.0, 2.0, 1.5)) \
            .startswith("⟦Both moves score 0 now⟧; ⟦the others score 2 in reply either way⟧; ")
