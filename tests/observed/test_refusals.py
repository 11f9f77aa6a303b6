"""docs/RULES.md section 10: every entry that cannot be is refused with its
reason, and a refused entry changes nothing."""

import importlib
import inspect
import json
import pkgutil
import re

import pytest

from allfives import observed
from allfives.errors import IllegalMoveError, RecordError, RulesError
from allfives.moves import DRAW, parse_move
from allfives.observed import (
    REASONS,
    ObservedGame,
    Refusal,
    RefusedError,
    RoundEnd,
    Turn,
    dumps,
    loads,
    replay,
    to_record,
)
from allfives.record import replay as replay_record
from allfives.rules import Rules


def game(*moves: str, known: list[str] | None = None, **options: object) -> ObservedGame:
    """A table game of ``options`` (standard, 2 players unless said), seat 0
    starting, with ``moves`` entered (``draw``, ``draw TILE`` for the known
    seat, ``pass``); ``known``: seat 1's hand, then entered."""
    players = options.pop("players", 2)
    table = ObservedGame(Rules.make("standard", players=players, **options),
                         known_seat=None if known is None else 1)
    table.start_round_text(starter=0, hand=known)
    for move in moves:
        if move == "draw":
            table.draw_text()
        elif move.startswith("draw "):
            table.draw_text(tiles=[move.removeprefix("draw ")])
        elif move == "pass":
            table.pass_turn()
        else:
            table.play_text(move)
    return table


def refused(table: ObservedGame, action, reason: str) -> None:
    before = dumps(table)
    with pytest.raises(RefusedError) as caught:
        action(table)
    assert str(caught.value) == reason
    assert caught.value.refusal.code in REASONS
    assert dumps(table) == before


SEVEN = {"players": 4, "hand_size": 7, "partnership": False}  # no boneyard
SPINNER = ("5-5", "0-5>5-5", "5-6>5-5")  # open: 0 (0-5), 6 (5-6), 5 (5-5's ends)
KNOWN = ["0-0", "0-1", "0-2", "0-3", "0-4", "1-1", "1-2", "1-3", "1-4"]  # no 5, no 6
DREW = ("5-6", "draw 2-2", "draw 4-5")  # seat 1 has no 5 or 6: draws, and 4-5 fits

PLAYS = [
    (game(*SPINNER), "5-5", "5-5 is already on the table"),
    (game("5-5"), "1-2", "1-2 fits no open end (they show 5)"),
    (game(*SPINNER), "0-6", "0-6 fits in 2 places (0-6>0-5, 0-6>5-6): name one"),
    (game(), "5-5>6-6", "the first tile is led on its own (write just 5-5)"),
    (game("5-5"), "3-4>6-6", "6-6 is not on the table"),
    (game("5-5"), "2-3>5-5", "2-3 does not fit an open end of 5-5"),
    (game("5-6", known=KNOWN), "2-5>5-6", "seat 1 does not hold 2-5"),
    (game(*DREW, "4-5>5-6", known=KNOWN), "1-4>4-5", "1-4 is in seat 1's hand"),
    (game(*DREW, known=KNOWN), "2-2>5-6", "2-2 does not fit an open end of 5-6"),
]


@pytest.mark.parametrize(("table", "tile", "reason"), PLAYS)
def test_plays_that_cannot_be(table, tile, reason):
    refused(table, lambda t: t.play_text(tile), reason)


DRAWS = [
    (game(), {}, "the table is empty: seat 0 leads any tile"),
    (game("5-5", **SEVEN), {}, "the boneyard is empty"),
    (game("5-5"), {"count": 11}, "only 10 tiles left to draw, not 11"),
    (game("5-5"), {"count": 0}, "a draw takes 1 tile or more, not 0"),
    (game("5-1", known=KNOWN), {"tiles": ["2-2"]},
     "seat 1 may not draw: they hold 0-1, which fits"),
    (game(*DREW, known=KNOWN), {"tiles": ["3-3"]},
     "seat 1 may not draw: they hold 4-5, which fits"),
    (game("5-6", known=KNOWN), {}, "enter the tile seat 1 drew"),
    (game("5-6", known=KNOWN), {"tiles": ["5-6"]}, "5-6 is already on the table"),
    (game("5-6", known=KNOWN), {"tiles": ["0-0"]}, "0-0 is already in seat 1's hand"),
    (game(*DREW, "4-5>5-6", known=KNOWN), {"tiles": ["3-3"]},
     "seat 0's hand is not entered: enter the draw without its tile"),
    # three draws of which the third cannot be: none is entered
    (game("5-6", known=KNOWN), {"tiles": ["2-2", "3-3", "0-0"]},
     "0-0 is already in seat 1's hand"),
]


@pytest.mark.parametrize(("table", "how", "reason"), DRAWS)
def test_draws_that_cannot_be(table, how, reason):
    refused(table, lambda t: t.draw_text(**how), reason)


MUST_HOLD = ("seat {} may not pass: they must hold a tile that fits (the other hands cannot "
             "hold every tile that fits, by who passed when)")
NO_FIVE = ["0-0", "0-1", "0-2", "0-3", "0-4", "0-6", "1-1", "1-2", "1-3", "1-4", "1-6", "2-2",
           "2-3", "2-4"]
PASSES = [
    (game(), "the table is empty: seat 0 leads any tile"),
    (game("5-5"), "seat 1 may not pass: the boneyard still holds 10 tiles (draw)"),
    (game("5-5", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "draw"),
     "seat 1 may not pass: the boneyard still holds 1 tile (draw)"),
    (game("5-5", "pass", "pass", "pass", **SEVEN), MUST_HOLD.format(0)),
    # seat 1's 14 tiles are known and hold no 5, so seat 0 holds the other 5s
    (game("5-5", "pass", hand_size=14, known=NO_FIVE), MUST_HOLD.format(0)),
]


@pytest.mark.parametrize(("table", "reason"), PASSES)
def test_passes_that_cannot_be(table, reason):
    refused(table, lambda t: t.pass_turn(), reason)


def test_the_known_seat_may_not_pass_holding_a_tile_that_fits():
    table = ObservedGame(Rules.make("standard", **SEVEN), known_seat=1)
    table.start_round_text(starter=0, hand=["0-0", "0-1", "0-2", "0-3", "0-4", "0-6", "1-5"])
    table.play_text("5-5")
    refused(table, lambda t: t.pass_turn(), "seat 1 may not pass: they hold 1-5, which fits")


def test_a_round_ends_blocked_when_no_tile_off_the_table_fits():
    # 4 x 7 tiles, so no boneyard: once every 6 is on the table and the 6-6
    # spinner's four points and the other arms show 6 only, nobody can play.
    table = game("6-6", "0-6>6-6", "1-6>6-6", "2-6>6-6", "3-6>6-6", "0-0>0-6",
                 "1-1>1-6", "2-2>2-6", **SEVEN)
    assert table.round.end is None  # 3-6 still shows a 3: 3-3 and others fit
    table.play_text("3-3>3-6")
    assert table.round.end is None
    refused(table, lambda t: t.settle_text([0, 0, 0, 0]), "the round is still being played")


ENTRIES = [
    (lambda t: t.play_text("5-5"), "no round has started"),
    (lambda t: t.start_round(), "say who starts: the rules leave it to the table"),
    (lambda t: t.start_round(2), "the starter must be a seat from 0 to 1, not 2"),
    (lambda t: t.start_round_text(0, ["0-0"]), "no seat's hand is entered in this game"),
    (lambda t: t.settle_text([0, 0]), "no round has started"),
    (lambda t: t.undo(), "there are 0 entries to undo, not 1"),
]


@pytest.mark.parametrize(("action", "reason"), ENTRIES)
def test_entries_before_a_round(action, reason):
    refused(ObservedGame(Rules.make("standard")), action, reason)


def test_rounds_start_as_the_rules_say():
    table = game(hand_size=1)
    table.play_text("3-6")  # seat 0's only tile: domino
    assert table.round.end == "domino" and table.required_starter() == 0
    refused(table, lambda t: t.play_text("5-5"), "the round is over (domino)")
    refused(table, lambda t: t.start_round(0), "round 1 is not finished")
    refused(table, lambda t: t.start_round(), "round 1 is not finished")
    table.settle_text([None, ["6-6"]])
    assert table.scores == [0, -10]  # 3 + 6 = 9 is no score; 6-6 comes off: 12 -> 10
    refused(table, lambda t: t.start_round(1), "seat 0 went out last round and must start, "
                                                "not seat 1")
    assert table.start_round().starter == 0


def test_the_known_seats_deal():
    rules = Rules.make("standard")
    table = ObservedGame(rules, known_seat=0)
    refused(table, lambda t: t.start_round(0), "enter the 9 tiles dealt to seat 0")
    refused(table, lambda t: t.start_round_text(0, ["0-0", "1-1"]),
            "seat 0 is dealt 9 tiles, not 2")
    with pytest.raises(IllegalMoveError, match="^seat 0: a tile is entered twice$"):
        table.start_round_text(0, ["0-0"] * 9)


SETTLES = [
    (2, [None], "enter what is left for each of the 2 players"),
    (2, "00", "enter what is left for each of the 2 players"),
    (2, [None, None], "enter what seat 1 holds"),
    (2, [5, ["6-6"]], "seat 0 holds nothing"),
    (2, [None, ["6-6", "5-5"]], "seat 1 holds 1 tile, not 2"),
    (2, [None, ["3-6"]], "3-6 is on the table, not in seat 1's hand"),
    (2, [None, 13], "seat 1's 1 tile cannot hold 13 pips (from 0 to 12)"),
    (2, [None, -1], "seat 1's 1 tile cannot hold -1 pips (from 0 to 12)"),
    (2, [None, "x"], "seat 1: enter tiles like ['3-5'] or a number of pips, not 'x'"),
    (2, [None, ["7-1"]], "seat 1: '7-1' is not a double-six tile"),
    (2, [None, ["1-1", "1-1"]], "seat 1: a tile is entered twice"),
    (3, [None, ["6-6"], ["6-6"]], "6-6 is entered for two hands"),
]


@pytest.mark.parametrize(("players", "left", "reason"), SETTLES)
def test_round_ends_that_cannot_be(players, left, reason):
    table = game("3-6", hand_size=1, players=players)
    refused(table, lambda t: t.settle_text(left), reason)


def test_pips_are_checked_against_the_tiles_still_free():
    # 3 players of one tile; with 3-6 on the table and 6-6 entered for seat 2,
    # seat 1's one tile holds at most 5-6 (11 pips).
    table = ObservedGame(Rules.make("standard", players=3, hand_size=1))
    table.start_round(0)
    table.play_text("3-6")
    refused(table, lambda t: t.settle_text([None, 12, ["6-6"]]),
            "seat 1's 1 tile cannot hold 12 pips (from 0 to 11)")
    assert table.settle_text([None, 11, ["6-6"]]).points == (0, -10, -10)


def test_a_known_hand_entered_at_the_end_must_be_what_it_holds():
    table = ObservedGame(Rules.make("standard", hand_size=2), known_seat=1)
    table.start_round_text(0, ["1-1", "2-2"])
    table.play_text("6-6")
    table.draw_text(tiles=["0-0"])
    table.draw_text(tiles=["0-6"])
    table.play_text("0-6>6-6")
    table.play_text("5-6>6-6")  # seat 0 goes out
    refused(table, lambda t: t.settle_text([None, ["1-1"]]), "seat 1 holds 0-0 1-1 2-2")
    refused(table, lambda t: t.settle_text([None, 5]), "seat 1 holds 0-0 1-1 2-2")
    assert table.settle_text([None, 6]).points == (0, -5)


def test_after_the_game_nothing_more():
    table = game("5-5", target=10)
    assert table.over and table.round.end == "target"
    refused(table, lambda t: t.play_text("0-5"), "the game is over")
    refused(table, lambda t: t.start_round(0), "the game is over")
    refused(table, lambda t: t.start_round(), "the game is over")
    refused(table, lambda t: t.settle_text([0, 0]), "the game is over")


def test_only_a_tile_laid_is_called():
    table = ObservedGame(Rules.make("standard"), calls="on")
    table.start_round(0)
    table.play_text("5-5", called=10)
    refused(table, lambda t: t.enter(Turn(DRAW, called=5)), "only a tile laid is called")


def test_a_lead_after_the_lead_in_a_record():
    table = game("5-5")
    refused(table, lambda t: t.enter(Turn(parse_move("1-1"))),
            "the round is already led: name the tile it joins")


@pytest.mark.parametrize(("make", "reason"), [
    (lambda: ObservedGame(Rules.make("standard"), ["Anna"]), "name each of the 2 players"),
    (lambda: ObservedGame(Rules.make("standard"), known_seat=2),
     "the known seat must be a seat from 0 to 1, not 2"),
    (lambda: ObservedGame(Rules.make("standard"), calls="always"),
     "calls must be one of off, on, muggins, not 'always'"),
])
def test_set_ups_that_cannot_be(make, reason):
    with pytest.raises(RulesError, match=f"^{reason}$"):
        make()


def test_records_with_unknown_hands():
    table = game("5-5", "0-5>5-5", "draw")
    data = to_record(table)
    assert data == {
        "format": "allfives-record/1", "rules": {"preset": "standard", "players": 2},
        "observed": {"names": ["", ""], "known_seat": None, "calls": "off"},
        "rounds": [{"hands": [None, None], "starter": 0, "moves": ["5-5", "0-5>5-5", "draw"]}]}
    with pytest.raises(RecordError, match="^record: a game observed at a real table, its hands "
                                          r"unknown \(allfives.observed reads it\)$"):
        replay_record(data)
    data["rounds"][0]["moves"].append("pass")
    with pytest.raises(RecordError, match=r"^round 1, move 4: seat 0 may not pass: the boneyard "
                                          r"still holds 9 tiles \(draw\)$"):
        replay(data)
    assert loads(json.dumps(to_record(table))).round.counts == [9, 8]


def test_a_record_names_no_hand_the_table_did_not_enter():
    data = to_record(game("5-5"))
    data["rounds"][0]["hands"][1] = ["0-0"]
    with pytest.raises(RecordError, match=r"^round 1: seat 1's hand was not entered at the "
                                          r"table \(write null\)$"):
        replay(data)


def test_why_not_says_it_without_entering():
    table = game("3-6", hand_size=1)
    why = table.why_not(RoundEnd([None, 13]))
    assert why == Refusal("pips_range", {"seat": 1, "count": 1, "pips": 13, "low": 0, "high": 12})
    assert str(why) == "seat 1's 1 tile cannot hold 13 pips (from 0 to 12)"
    assert table.why_not(RoundEnd([None, 12])) is None
    assert table.round.left is None


def test_every_reason_is_given_and_every_reason_given_has_its_words():
    """The page words refusals by code (``REASONS``): each code the module
    gives is there, and each one there is given."""
    source = "".join(inspect.getsource(importlib.import_module(f"allfives.observed.{m.name}"))
                     for m in pkgutil.iter_modules(observed.__path__))
    assert set(re.findall(r'\bno\("(\w+)"', source)) == set(REASONS)


# 4 x 7 tiles, no boneyard: seats 1, 2 and 3 pass on 6-6, so seat 0 holds
# every 6 still off the table, and after 0-6 and 0-0 its five tiles are the
# five 6s left.
SIXES = ("6-6", "pass", "pass", "pass", "0-6>6-6", "0-0>0-6")


def test_a_seat_cannot_lay_a_tile_it_passed_with():
    refused(game(*SIXES, **SEVEN), lambda t: t.play_text("1-6>6-6"),
            "seat 2 cannot hold 1-6: they passed when it would have fit")


def test_a_play_the_other_hands_cannot_allow():
    table = game(*SIXES, "pass", "pass", **SEVEN)
    refused(table, lambda t: t.play_text("0-1>0-0"),
            "seat 0 cannot lay 0-1: the other hands could not then hold the tiles still off "
            "the table, by who passed when")
    table.play_text("1-6>6-6")
