"""docs/RULES.md section 10, calls: short and missed calls, and the old
books' "muggins" rule that gives the points missed to the opponents."""

import pytest

from allfives.errors import IllegalMoveError
from allfives.observed import ObservedGame
from allfives.rules import Rules


def two(calls: str, **options: object) -> ObservedGame:
    game = ObservedGame(Rules.make("standard", **options), ["Anna", "Ben"], calls=calls)
    game.start_round(starter=0)
    return game


def test_the_rule_books_example():
    game = two("muggins")
    assert game.play_text("5-5", called=10).points == 10
    entry = game.play_text("0-5>5-5", called=5)
    assert (entry.points, entry.called, entry.missed) == (5, 5, 5)
    assert game.scores == [15, 5]
    game = two("on")
    game.play_text("5-5", called=10)
    game.play_text("0-5>5-5", called=5)
    assert game.scores == [10, 5]


def test_no_call_is_a_missed_call():
    game = two("muggins")
    entry = game.play_text("5-5")
    assert (entry.points, entry.called, entry.missed) == (0, 0, 10)
    assert game.scores == [0, 10]


def test_with_partners_the_missed_points_go_to_the_other_side():
    game = ObservedGame(Rules.make("standard", players=4), calls="muggins")
    game.start_round(starter=3)
    game.play_text("5-5", called=5)
    assert game.scores == [5, 5]  # seat 3 (side 1) called 5 of 10; seat 0 (side 0) takes 5


def test_cribbage_calls_are_after_the_divisor():
    game = two("muggins", divisor=5, target=61)
    entry = game.play_text("5-5", called=1)
    assert (entry.points, entry.missed) == (1, 1)
    assert game.scores == [1, 1]


def test_muggins_points_can_win_the_game():
    game = ObservedGame(Rules.make("standard", target=10), calls="muggins")
    game.start_round(starter=1)
    game.play_text("5-5", called=0)
    assert game.winner == 0 and game.round.end == "target"


@pytest.mark.parametrize(("calls", "move", "called", "reason"), [
    ("muggins", "5-5", 15, "seat 0 called 15, but 5-5 scores 10"),
    ("muggins", "3-4", 5, "seat 0 called 5, but 3-4 scores 0"),
    ("on", "5-5", -5, "a call is a number of points from 0, not -5"),
    ("on", "5-5", 7, "a call of 7 is not a score: points come in fives"),
    ("off", "5-5", 10, "calls are off in this game"),
])
def test_calls_that_cannot_be(calls, move, called, reason):
    game = two(calls)
    with pytest.raises(IllegalMoveError, match=f"^{reason}$"):
        game.play_text(move, called=called)
    assert game.scores == [0, 0] and not game.round.history
