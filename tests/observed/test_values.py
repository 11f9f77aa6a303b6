"""Issue 39: a game kept at a real table speaks values (``Move``, ``Tile``);
text is read only at its edges (the ``*_text`` twins, the records). It is
copied, rewound and seated from another seat in the engine, and it reads as
``played.PlayedGame`` does, as a game dealt here does."""

import pytest

from allfives import observed, record
from allfives.errors import IllegalMoveError, RecordError
from allfives.game import Game
from allfives.moves import DRAW, PASS, move_text, play_move
from allfives.observed import ObservedGame, RoundEnd, Start, Turn, dumps, is_observed_record
from allfives.played import PlayedGame
from allfives.rules import Rules
from allfives.tiles import parse_tile as t
from allfives.tournament import play_game


def kept() -> ObservedGame:
    """One round of 2 tiles a hand, seat 0's hand known, entered as values:
    5-5 led (10), 0-5 on it (10), seat 0 draws 0-1 and lays it, seat 1
    draws two unknown tiles and lays 4-5 (5), seat 0 goes out with 1-2;
    seat 1 is left with 6-6 and 3-6 (21 pips)."""
    game = ObservedGame(Rules.make("standard", hand_size=2), ["Anna", "Ben"], known_seat=0)
    assert game.start_round(0, [t("5-5"), t("1-2")]).known == 1 << t("5-5") | 1 << t("1-2")
    assert game.lay(t("5-5")).points == 10
    assert game.places(t("0-5")) == [play_move(t("0-5"), t("5-5"))]
    assert game.play(play_move(t("0-5"), t("5-5"))).points == 10
    assert [p.move for p in game.draw(tiles=[t("0-1")])] == [DRAW]
    assert game.play(play_move(t("0-1"), t("0-5"))).count == 11
    assert [(p.seat, p.move) for p in game.draw(2)] == [(1, DRAW), (1, DRAW)]
    assert game.lay(t("4-5")).points == 5
    assert game.play(play_move(t("1-2"), t("0-1"))).seat == 0
    assert game.round.end == "domino" and game.round.went_out == 0
    assert game.settle([None, [t("6-6"), t("3-6")]]).points == (0, -20)
    return game


def test_each_public_method_takes_values():
    game = kept()
    assert game.scores == [10, -5]
    assert game.round.left == ((), (t("3-6"), t("6-6")))
    assert game.round.drawn == [t("0-1")]
    assert [e.move for e in game.entries if isinstance(e, Turn)][:2] == [
        play_move(t("5-5")), play_move(t("0-5"), t("5-5"))]
    table = ObservedGame(Rules.make("standard", players=4, hand_size=7))
    table.start_round(0)
    table.lay(t("6-6"))
    assert table.pass_turn().move == PASS and table.round.turn == 2
    table.undo(2)
    assert table.places(t("6-6")) == [play_move(t("6-6"))]


def test_the_text_twins_enter_what_the_values_enter():
    game = ObservedGame(Rules.make("standard", hand_size=2), ["Anna", "Ben"], known_seat=0)
    game.start_round_text(0, ["5-5", "1-2"])
    game.play_text("5-5")
    assert game.places_text("0-5") == ["0-5>5-5"]
    game.play_text("0-5>5-5")
    game.draw_text(tiles=["0-1"])
    game.play_text("0-1")
    game.draw_text(2)
    game.play_text("4-5")
    game.play_text("1-2>0-1")
    game.settle_text([None, ["6-6", "3-6"]])
    assert game.entries[:-1] == kept().entries[:-1] and dumps(game) == dumps(kept())


def test_a_tile_that_fits_in_two_places_is_refused_by_lay_and_named_by_places():
    game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    game.start_round(0)
    game.lay(t("3-4"))
    game.lay(t("4-6"))
    assert game.places(t("3-6")) == [play_move(t("3-6"), t("3-4")), play_move(t("3-6"), t("4-6"))]
    with pytest.raises(IllegalMoveError, match=r"^3-6 fits in 2 places \(3-6>3-4, 3-6>4-6\)"):
        game.lay(t("3-6"))
    assert game.play(play_move(t("3-6"), t("4-6"))).count == 6


def test_values_that_are_not_tiles_are_refused_with_the_reason():
    game = ObservedGame(Rules.make("standard", hand_size=1), ["Anna", "Ben"])
    game.start_round(0)
    game.lay(t("3-6"))  # seat 0 goes out
    with pytest.raises(IllegalMoveError, match=r"^seat 1: enter tiles like \['3-5'\] or a number"):
        game.settle([None, ["6-6"]])  # names are the text twin's
    with pytest.raises(IllegalMoveError, match="^seat 1: a tile is entered twice$"):
        game.settle([None, [t("6-6"), t("6-6")]])
    assert game.settle([None, [t("6-6")]]).points == (0, -10)


def test_a_copy_is_made_in_the_engine_and_kept_apart(monkeypatch):
    game = kept()
    game.undo(1)
    monkeypatch.setattr(observed.record, "to_record", None)  # not through the record format
    twin = game.copy()
    assert twin.entries == game.entries and twin is not game
    twin.settle([None, 21])
    assert twin.scores == [10, -5] and game.scores == [10, 15] and game.round.left is None


def test_rewound_replays_the_entries_up_to_a_position():
    game = kept()
    back = game.rewound(1, 2)
    assert len(back.round.played) == 2 and back.scores == [10, 10] and back.round.end is None
    assert game.rewound(1, 0).round.played == [] and len(game.entries) == 10
    end = game.rewound(1, 8)  # after the round's last move: with its round end
    assert end.round.left is not None and end.scores == [10, -5]
    assert back.entries == game.entries[:3]


def test_an_observed_game_seated_from_another_seat_turns_names_hands_and_scores():
    game = kept()
    turned = game.seated(1)
    assert turned.names == ("Ben", "Anna") and turned.known_seat == 1
    assert turned.round.starter == 1 and turned.round.went_out == 1
    assert turned.round.left == ((t("3-6"), t("6-6")), ())
    assert turned.scores == [-5, 10]
    assert [p.points for p in turned.round.played] == [p.points for p in game.round.played]
    assert turned.seated(1).entries == game.entries


def test_a_game_seated_from_another_seat_turns_deals_starters_and_sides():
    game = play_game(Rules.make("standard", players=4, partnership=True),
                     ["greedy", "random"] * 2, 5)
    turned = game.seated(3)
    assert turned.seed == game.seed and len(turned.rounds) == len(game.rounds)
    for old, new in zip(game.rounds, turned.rounds, strict=True):
        assert list(new.dealt) == [old.dealt[(s + 3) % 4] for s in range(4)]
        assert new.starter == (old.starter - 3) % 4
        assert [(s, m) for s, m, _ in new.history] == [((s - 3) % 4, m) for s, m, _ in old.history]
        assert new.scores == old.scores[::-1]  # seat 3's side (1) is side 0 now
    assert (game.scores, turned.scores) == ([200, -10], [-10, 200])
    assert (game.winner, turned.winner) == (0, 1)
    two = play_game(Rules.make("standard"), ["greedy", "random"], 8)
    assert two.seated(1).scores == two.scores[::-1] and two.seated(0).scores == two.scores
    assert record.dumps(two.seated(1).seated(1)) == record.dumps(two)


def test_both_games_read_alike_through_the_protocol():
    dealt: PlayedGame = Game(Rules.make("standard"), seed=7)
    table: PlayedGame = kept()
    assert (dealt.observed, dealt.seed, dealt.sees(1)) == (False, 7, True)
    assert (table.observed, table.seed, table.sees(1), table.sees(0)) == (True, None, False, True)
    assert table.seen_by(1).hand == () and table.seen_by(0).hand == ()  # seat 0 went out
    assert table.rounds[0].dealt_to(0) == (t("1-2"), t("5-5")) and table.rounds[0].dealt_to(1) == ()
    assert table.rounds[0].drawn_by(0) == (t("0-1"),) and table.rounds[0].drawn_by(1) == ()
    assert table.rounds[0].revealed() == ((), (t("3-6"), t("6-6")))
    assert [(r, i, move_text(m)) for r, i, _view, m in table.decisions({0})] == [
        (1, 1, "5-5"), (1, 3, "draw"), (1, 4, "0-1>0-5"), (1, 8, "1-2>0-1")]
    assert list(table.decisions({1})) == []


def test_one_check_says_what_is_a_record_of_a_game_kept_at_a_table():
    assert is_observed_record(kept().to_record()) and is_observed_record({"observed": 5})
    assert not is_observed_record(Game(Rules.make("standard"), seed=1).to_record())
    assert not is_observed_record([{"observed": {}}])
    with pytest.raises(RecordError, match="^record: a game observed at a real table"):
        record.replay({**kept().to_record(), "format": record.FORMAT})
    with pytest.raises(RecordError, match='^record: not a game observed at a table '
                                                 r'\("observed" must be an object'):
        observed.replay({**kept().to_record(), "observed": 5})


def test_entries_are_values():
    game = kept()
    assert game.entries[0] == Start(0, 1 << t("5-5") | 1 << t("1-2"))
    assert game.entries[3] == Turn(DRAW, t("0-1"))
    assert game.entries[-1] == RoundEnd([None, [t("6-6"), t("3-6")]])
