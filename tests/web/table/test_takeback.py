"""Taking a move back (``allfives.web.table.takeback``, ``Table.taken_back``): the
game rewound to the start of the person's last turn, counted, never in a
finished round or the daily deal."""

from __future__ import annotations

import json
from typing import Any

import pytest

from allfives.game import Game
from allfives.record import replay, to_record
from allfives.rules import Rules
from allfives.tiles import NAMES
from allfives.web.table.table import SaveError, Table
from allfives.web.table.takeback import can_take_back, last_turn, takebacks_of

from ...helpers import full_deal, hand, tiles
from ..tables import random_game, scripted_table


def take_back(record: dict[str, Any]) -> dict[str, Any] | None:
    """The take-back as the page makes it, on the table the record is read
    into (``Table.from_record``), saved again; None if nothing is taken back."""
    table = Table.from_record(record)
    back = table.taken_back()
    assert table.to_record() == Table.from_record(record).to_record()  # the table is unchanged
    return None if back is None else back.to_record()


def moves_of(record: dict[str, Any]) -> list[str]:
    return record["rounds"][-1]["moves"]


def drawing_game(*moves: str) -> Game:
    """Five tiles each; seat 1 leads 6-6, seat 0 holds only 0s, 1s and 5s:
    it draws 1-1 (no fit) and 3-6 and must play it, then after seat 1's
    3-4 on 3-6 it must draw 0-2, which fits nowhere either."""
    hands, boneyard = full_deal([["0-0", "0-1", "0-5", "1-5", "5-5"],
                                 ["6-6", "3-4", "2-2", "2-3", "2-4"]], ["1-1", "3-6", "0-2"])
    game = Game(Rules.make("standard", hand_size=5), seed=3, deal_first=False)
    game.start_round([hand(*h) for h in hands], tiles(*boneyard), starter=1)
    for move in moves:
        game.apply(move)
    return game


def test_take_back_undoes_the_persons_play_and_the_bots_reply():
    table = scripted_table()  # 5-5 (seat 1), 0-5>5-5 (seat 0, +10), 5-6>5-5 (seat 1)
    record = json.loads(table.to_save())
    back = take_back(record)
    assert back is not None
    assert moves_of(back) == ["5-5"] and back["takebacks"] == 1
    assert back["table"] == record["table"] and back["seed"] == record["seed"]
    assert replay(record).scores == [10, 10]
    game = replay(back)
    assert game.round.turn == 0 and game.scores == [0, 10]  # seat 0's 10 is undone
    assert NAMES.index("0-5") in [t for t in range(28) if game.round.hands[0] >> t & 1]
    assert take_back(back) is None  # seat 0 has made no move before this one
    assert moves_of(record) == ["5-5", "0-5>5-5", "5-6>5-5"]  # the record itself is unchanged


def test_a_turn_of_draws_is_taken_back_whole():
    record = to_record(drawing_game("6-6", "draw", "draw", "3-6>6-6", "3-4>3-6"))
    back = take_back(record)
    assert back is not None and moves_of(back) == ["6-6"]
    assert replay(back).round.legal_moves() == [-1]  # seat 0 must draw again, as before


def test_a_turn_in_progress_takes_back_the_turn_before_it():
    game = drawing_game("6-6", "draw", "draw", "3-6>6-6", "3-4>3-6", "draw")
    assert game.round.turn == 0  # seat 0 drew 0-2 and must draw again
    back = take_back(to_record(game))
    assert back is not None and moves_of(back) == ["6-6"]
    assert take_back(to_record(drawing_game("6-6", "draw"))) is None  # only a turn in progress


def test_nothing_to_take_back_before_the_persons_first_move_or_after_the_round():
    lead = Game(Rules.make("standard"), seed=7)  # seat 1 starts
    assert lead.round.starter == 1
    lead.apply(lead.legal_moves()[0])
    assert take_back(to_record(lead)) is None
    over = random_game("standard", 2, 4)
    assert over.round.over and take_back(to_record(over)) is None
    won = Game(Rules.make("standard", target=10), 5)
    while not won.over:
        won.next_round() if won.round.over else won.apply(won.legal_moves()[0])
    assert take_back(to_record(won)) is None


def test_only_the_current_round_is_cut():
    game = random_game("standard", 2, 4)
    game.next_round()
    while not any(s == 0 for s, _, _ in game.round.history[:-1]) or game.round.turn == 0:
        game.apply(game.legal_moves()[0])
    record = to_record(game)
    back = take_back(record)
    assert back is not None
    assert back["rounds"][0] == record["rounds"][0]
    cut = moves_of(back)
    first_mine = max(i for i, (s, _, _) in enumerate(game.round.history)
                     if s == 0 and (i == 0 or game.round.history[i - 1][0] != 0))
    assert len(cut) == first_mine and replay(back).round.turn == 0


def test_the_daily_deal_never_allows_it():
    daily = Game(Rules.make("standard"), "daily:2025-06-01")
    while not any(s == 0 for s, _, _ in daily.round.history) or daily.round.turn == 0:
        daily.apply(daily.legal_moves()[0])
    record = to_record(daily)
    assert take_back(record) is None
    assert take_back({**record, "seed": "2025-06-01"}) is not None  # the same game, not daily


def test_take_backs_are_counted_in_the_record():
    record = json.loads(scripted_table().to_save())
    assert takebacks_of(record) == 0
    for stored, after in ((2, 3), ("2", 1), (True, 1), (-4, 1), (10**9, 1)):
        back = take_back({**record, "takebacks": stored})
        assert back is not None and back["takebacks"] == after


def test_a_taken_back_record_is_a_save_the_page_reads():
    back = take_back(json.loads(scripted_table().to_save()))
    assert back is not None
    table = Table.from_save(json.dumps(back))
    assert table.names == ("You", "Anna") and table.game.round.turn == 0


def test_a_record_that_does_not_replay_is_refused():
    record = json.loads(scripted_table().to_save())
    record["rounds"][0]["moves"][1] = "6-6>5-5"
    with pytest.raises(SaveError):
        take_back(record)


def test_the_page_knows_without_a_replay_whether_a_take_back_is_offered():
    table = scripted_table()
    assert can_take_back(table.game) and last_turn(table.game) == 1
    assert not can_take_back(Game(Rules.make("standard"), seed=7))  # no move of the person's
    assert not can_take_back(drawing_game("6-6", "draw"))  # a turn in progress only
    assert last_turn(drawing_game("6-6", "draw", "draw", "3-6>6-6", "3-4>3-6", "draw")) == 1
    daily = Game(Rules.make("standard"), "daily:2025-06-01")
    while not any(s == 0 for s, _, _ in daily.round.history) or daily.round.turn == 0:
        daily.apply(daily.legal_moves()[0])
    assert last_turn(daily) is not None and not can_take_back(daily)
    over = random_game("standard", 2, 4)
    assert not can_take_back(over)
    for game in (table.game, drawing_game("6-6", "draw", "draw", "3-6>6-6", "3-4>3-6")):
        assert can_take_back(game) == (take_back(to_record(game)) is not None)


def test_a_taken_back_table_saves_with_its_mark():
    back = take_back(json.loads(scripted_table().to_save()))
    assert back is not None
    table = Table.from_save(json.dumps(back))
    assert table.takebacks == 1
    again = take_back(json.loads(table.to_save()))
    assert again is None  # seat 0 is back before its first move
    assert json.loads(table.to_save())["takebacks"] == 1


def test_taking_back_keeps_the_table_and_leaves_it_as_it_was():
    table = scripted_table()  # 5-5 (seat 1), 0-5>5-5 (seat 0), 5-6>5-5 (seat 1)
    table.coached = 2
    before = table.to_record()
    back = table.taken_back()
    assert back is not None and back.game is not table.game
    assert table.to_record() == before  # no replay, and nothing changed in place
    assert (back.names, back.bots, back.viewer, back.daily, back.coached, back.takebacks) == (
        table.names, table.bots, table.viewer, table.daily, 2, 1)
    assert back.game.round.history == table.game.round.history[:1]
    assert back.game.legal_moves() == Table.from_record(before).game.rewound(1, 1).legal_moves()
