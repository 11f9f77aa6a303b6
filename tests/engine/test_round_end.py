"""docs/RULES.md section 7: rounding and the three round-end scorings."""

import pytest

from allfives.rules import Rules
from allfives.scoring import round5, score_round

from ..helpers import make_round, play


@pytest.mark.parametrize("pips, rounded", [
    (0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (7, 5), (8, 10), (26, 25), (168, 170)])
def test_round5_remainders_1_2_down_3_4_up(pips, rounded):
    assert round5(pips) == rounded


def test_round5_shares_round_halves_up():
    assert round5(25, 2) == 15  # 12.5
    assert round5(14, 3) == 5  # 4.67
    assert round5(12, 2) == 5  # 6
    assert round5(35, 4) == 10  # 8.75


def test_subtract_rounds_each_player_separately():
    rules = Rules.make("standard", players=3)
    result = score_round(rules, [0, 13, 3], went_out=0)
    assert result.points == (0, -15, -5)
    assert [(ln.seats, ln.pips, ln.rounded, ln.side, ln.points) for ln in result.lines] == [
        ((1,), 13, 15, 1, -15), ((2,), 3, 5, 2, -5)]


def test_subtract_partnership_and_blocked():
    rules = Rules.make("standard", players=4)
    # seats 0 and 2 are side 0; each player rounded separately: 3 -> 5, 7 -> 5
    assert score_round(rules, [3, 8, 7, 2], went_out=None).points == (-10, -10)


def test_subtract_with_divisor_5():
    rules = Rules.make("cribbage")
    assert score_round(rules, [0, 13], went_out=0).points == (0, -3)


def test_winner_takes_rounds_the_sum_once():
    rules = Rules.make("winner_takes", players=3)
    assert score_round(rules, [0, 3, 3], went_out=0).points == (5, 0, 0)  # 6 -> 5, not 5 + 5
    assert score_round(rules, [7, 0, 8], went_out=1).points == (0, 15, 0)


def test_winner_takes_blocked_fewest_pips_takes_the_rest():
    rules = Rules.make("winner_takes", players=3)
    assert score_round(rules, [4, 9, 12], went_out=None).points == (20, 0, 0)  # 21 -> 20


def test_winner_takes_blocked_tie_shares():
    rules = Rules.make("winner_takes", players=3)
    result = score_round(rules, [5, 5, 12], went_out=None)
    assert result.points == (5, 5, 0)  # 12 / 2 = 6 -> 5 each
    assert [ln.shared_by for ln in result.lines] == [2, 2]
    assert score_round(rules, [5, 5, 25], went_out=None).points == (15, 15, 0)  # 12.5 -> 15
    four = Rules.make("winner_takes", players=4, partnership=False)
    assert score_round(four, [3, 3, 3, 14], went_out=None).points == (5, 5, 5, 0)  # 4.67 -> 5
    assert score_round(rules, [6, 6, 6], went_out=None).points == (0, 0, 0)


def test_winner_takes_partnership():
    rules = Rules.make("winner_takes", players=4)
    # Going out wins for the side; the partner's 30 pips never score for it.
    assert score_round(rules, [10, 0, 20, 30], went_out=1).points == (0, 30)
    # Blocked: sides compared by combined pips (10 against 11).
    assert score_round(rules, [4, 9, 6, 2], went_out=None).points == (10, 0)
    # A tie between sides scores nothing.
    assert score_round(rules, [5, 5, 5, 5], went_out=None).points == (0, 0)


def test_winner_takes_with_divisor():
    rules = Rules.make("winner_takes", divisor=5, target=61)
    assert score_round(rules, [0, 14], went_out=0).points == (3, 0)


def test_blocked_bonus_worked_example():
    rules = Rules.make("punt", players=4, partnership=False)
    result = score_round(rules, [3, 5, 11, 13], went_out=None)
    assert result.points == (5, 0, 0, 0)  # 29 - 3 = 26 -> 25 -> 5
    assert (result.lines[0].pips, result.lines[0].rounded) == (26, 25)


def test_blocked_bonus_nothing_for_a_domino_or_a_tie():
    rules = Rules.make("punt", players=3)
    assert score_round(rules, [0, 20, 30], went_out=0).points == (0, 0, 0)
    assert score_round(rules, [4, 4, 30], went_out=None).points == (0, 0, 0)


def test_blocked_bonus_partnership_compares_sides():
    rules = Rules.make("punt", players=4)
    # side 0: 3 + 11 = 14, side 1: 5 + 13 = 18 -> 4 -> 5 -> 1 point
    assert score_round(rules, [3, 5, 11, 13], went_out=None).points == (1, 0)


def test_muggins_scores_as_the_old_books_do():
    # docs/RULES.md section 8: Muggins (Hoyle, pagat's English page) gives the
    # player who goes out the others' pips; a blocked round as winner_takes has it.
    two = Rules.make("muggins")
    assert score_round(two, [0, 13], went_out=0).points == (15, 0)  # 13 -> 15
    assert score_round(two, [4, 9], went_out=None).points == (10, 0)  # 9 -> 10
    assert score_round(two, [7, 7], went_out=None).points == (0, 0)  # nobody has fewer
    four = Rules.make("muggins", players=4)
    # seats 0 and 2 hold 10 + 20 = 30; partner seat 3's 31 never score for side 1
    assert score_round(four, [10, 0, 20, 31], went_out=1).points == (0, 30)
    assert score_round(four, [4, 9, 6, 2], went_out=None).points == (10, 0)  # 10 against 11
    three = Rules.make("muggins", players=3)
    assert score_round(three, [5, 5, 12], went_out=None).points == (5, 5, 0)  # 6 -> 5 each


def test_a_muggins_round_played_out_scores_the_others_pips():
    two = make_round(Rules.make("muggins"), [["5-5", "2-5"], ["3-5", "6-6"]])
    # 5-5 leads (10); 3-5 on it leaves the double open on its other side (10 + 3);
    # 2-5 covers that side (3 + 2 = 5) and goes out: seat 1's 6-6, 12 -> 10, is seat 0's.
    assert play(two, "5-5", "3-5>5-5", "2-5>5-5") == [10, 0, 5]
    assert (two.end, two.result.points, two.scores) == ("domino", (10, 0), [25, 0])
    four = make_round(Rules.make("muggins", players=4),
                      [["5-5", "1-1"], ["0-5"], ["6-6"], ["1-2"]])
    # seat 1 goes out: side 1 takes side 0's 2 + 12 pips (-> 15); seat 3's 1-2 does not count.
    assert play(four, "5-5", "0-5>5-5") == [10, 10]
    assert (four.end, four.went_out, four.result.points, four.scores) == (
        "domino", 1, (0, 15), [10, 25])
