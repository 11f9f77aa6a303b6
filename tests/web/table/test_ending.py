"""Whether ending a game asks first (``allfives.web.table.ending``)."""

from __future__ import annotations

from allfives.game import Game
from allfives.rules import Rules
from allfives.web.table.ending import discard_aside, end_game, end_table_game, in_progress
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from ..tables import table_of


def test_a_game_with_no_move_yet_or_over_is_not_in_progress():
    table = Table.new(Setup(), "4")
    assert not in_progress(table)
    table.game.apply(table.game.legal_moves()[0])
    assert in_progress(table)
    game = Game(Rules.make("standard", target=10), 5)
    while not game.over:
        game.next_round() if game.round.over else game.apply(game.legal_moves()[0])
    assert not in_progress(table_of(game))


def test_a_round_over_with_the_game_going_on_is_in_progress():
    game = Game(Rules.make("standard", target=10_000), 5)
    while not game.round.over:
        game.apply(game.legal_moves()[0])
    game.next_round()
    assert not game.round.history and in_progress(table_of(game))


def test_the_questions_words():
    assert end_game() == ("End the game in progress?",
                          "Your game in progress will end, and its moves will be lost. "
                          "Download record keeps a copy.", "End it and play")
    assert end_table_game()[2] == "Start a new one"
    assert discard_aside()[2] == "Discard it"
