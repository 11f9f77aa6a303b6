"""docs/RULES.md sections 2-4 and 8: dealing, turns, drawing, blocking, winning."""

import pytest

from allfives.game import DRAW, PASS, Game, IllegalMoveError, Round, deal
from allfives.layout import Layout
from allfives.moves import move_text, parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES, tiles_of

from ..helpers import make_round, play

STANDARD = Rules.make("standard")


def texts(moves):
    return [move_text(m) for m in moves]


# -- dealing -------------------------------------------------------------------

@pytest.mark.parametrize("players, size, boneyard", [(2, 9, 10), (3, 7, 7), (4, 5, 8)])
def test_deal_sizes(players, size, boneyard):
    rules = Rules.make("standard", players=players)
    hands, bone, starter = deal(rules, 1, 0)
    assert [h.bit_count() for h in hands] == [size] * players
    assert len(bone) == boneyard and 0 <= starter < players
    everything = sorted(t for h in hands for t in tiles_of(h)) + bone
    assert sorted(everything) == list(range(28))


def test_four_by_seven_leaves_no_boneyard():
    hands, bone, _ = deal(Rules.make("standard", players=4, hand_size=7), 1, 0)
    assert bone == [] and all(h.bit_count() == 7 for h in hands)


def test_same_seed_same_deal_always():
    assert deal(STANDARD, 42, 0) == deal(STANDARD, 42, 0)
    assert deal(STANDARD, 42, 0) != deal(STANDARD, 43, 0)
    assert deal(STANDARD, 42, 1) != deal(STANDARD, 42, 0)
    # Pinned: a change here would break every saved game and record seed.
    hands, bone, starter = deal(STANDARD, 42, 0)
    assert [NAMES[t] for t in tiles_of(hands[0])] == [
        "0-0", "1-2", "1-5", "2-6", "3-3", "4-4", "4-5", "5-6", "6-6"]
    assert [NAMES[t] for t in bone[:3]] == ["3-6", "2-4", "0-4"] and starter == 1
    g1, g2 = Game(STANDARD, seed=5), Game(STANDARD, seed=5)
    assert g1.round.dealt == g2.round.dealt and g1.round.starter == g2.round.starter


# -- the lead and must-play ----------------------------------------------------

def test_starter_may_lead_any_tile():
    rnd = make_round(STANDARD, [["1-2", "6-6", "0-3"], ["4-4"]], starter=0)
    assert texts(rnd.legal_moves()) == ["0-3", "1-2", "6-6"]
    assert rnd.why_illegal(parse_move("1-2>6-6")) == \
        "the first tile is led on its own (write just 1-2)"


def test_a_player_who_can_play_must_play():
    rnd = make_round(STANDARD, [["5-5", "1-1"], ["0-5", "2-3"]], ["4-4"])
    play(rnd, "5-5")
    assert texts(rnd.legal_moves()) == ["0-5>5-5"]
    assert rnd.why_illegal(DRAW) == "seat 1 may not draw: they can play"
    assert rnd.why_illegal(PASS) == "seat 1 may not pass: they can play"
    with pytest.raises(IllegalMoveError, match="2-3 does not fit an open end of 5-5"):
        play(rnd, "2-3>5-5")
    with pytest.raises(IllegalMoveError, match="seat 1 does not hold 1-1"):
        play(rnd, "1-1>5-5")
    with pytest.raises(IllegalMoveError, match="4-4 is not on the table"):
        play(rnd, "0-5>4-4")


def test_draw_until_playable_then_play_that_tile():
    rnd = make_round(STANDARD, [["6-6", "1-1"], ["0-1", "1-2"]], ["2-3", "0-4", "4-6", "3-3"])
    play(rnd, "6-6")
    assert texts(rnd.legal_moves()) == ["draw"]
    play(rnd, "draw")
    assert rnd.turn == 1 and texts(rnd.legal_moves()) == ["draw"]  # 2-3 does not fit
    play(rnd, "draw", "draw")  # 0-4, then 4-6 fits
    assert texts(rnd.legal_moves()) == ["4-6>6-6"]
    assert rnd.why_illegal(DRAW) == "seat 1 may not draw: they can play"
    assert play(rnd, "4-6>6-6") == [0]  # 12 (spinner, one side) + 4 = 16
    assert rnd.turn == 0 and rnd.boneyard_left == 1
    assert [NAMES[t] for t in tiles_of(rnd.hands[1])] == ["0-1", "0-4", "1-2", "2-3"]


def test_pass_only_when_the_boneyard_is_empty():
    rules3 = Rules.make("standard", players=3)
    rnd = make_round(rules3, [["6-6", "2-6", "1-1"], ["0-1", "0-2"], ["3-6", "0-0"]])
    play(rnd, "6-6")
    assert texts(rnd.legal_moves()) == ["pass"]
    play(rnd, "pass")
    assert rnd.turn == 2 and texts(rnd.legal_moves()) == ["3-6>6-6"]
    assert rnd.why_illegal(PASS) == "seat 2 may not pass: they can play"


def test_may_not_pass_while_able_to_draw():
    rnd = make_round(STANDARD, [["6-6", "1-1"], ["0-1"]], ["0-2"])
    play(rnd, "6-6")
    assert rnd.why_illegal(PASS) == "seat 1 may not pass: they must draw"


def test_domino_ends_the_round_and_scores_it():
    rnd = make_round(STANDARD, [["5-5", "0-5"], ["3-5", "2-3"]], ["6-6"])
    assert play(rnd, "5-5", "3-5>5-5", "0-5>5-5") == [10, 0, 0]
    assert (rnd.end, rnd.went_out) == ("domino", 0)
    assert rnd.result.points == (0, -5)
    assert rnd.scores == [10, -5]  # scores may go below zero
    assert rnd.legal_moves() == []
    assert rnd.why_illegal(DRAW) == "the round is over (domino)"


def test_blocked_as_soon_as_nobody_can_play_no_passes_recorded():
    rnd = make_round(STANDARD, [["6-6", "1-1", "0-0"], ["5-6", "2-2"]], [])
    play(rnd, "6-6", "5-6>6-6")
    # open ends: 6-6 (live spinner) and 5: nobody holds a 5 or a 6
    assert rnd.end == "blocked" and rnd.went_out is None
    assert [move_text(m) for _, m, _ in rnd.history] == ["6-6", "5-6>6-6"]
    assert rnd.result.points == (0, -5)  # seat 0: 2 pips -> 0; seat 1: 4 -> 5


def test_blocked_when_the_last_draw_fits_nowhere():
    rnd = make_round(STANDARD, [["6-6", "1-1"], ["0-1"]], ["0-2"])
    play(rnd, "6-6", "draw")
    assert rnd.end == "blocked"
    assert [move_text(m) for _, m, _ in rnd.history] == ["6-6", "draw"]


def test_partnership_points_go_to_the_side():
    rules = Rules.make("standard", players=4)
    rnd = make_round(rules, [["5-5", "1-1"], ["0-0", "2-2"], ["0-5", "1-2"], ["3-3", "2-4"]],
                     ["6-6", "4-6"])
    play(rnd, "5-5", "draw")
    assert rnd.scores == [10, 0]


# -- the target ------------------------------------------------------------------

def test_target_mid_round_ends_the_game_without_round_end_scoring():
    rules = Rules.make("standard", target=250)
    rnd = make_round(rules, [["5-5", "6-6"], ["0-5", "3-4"]], ["1-1"], scores=[245, 100])
    assert play(rnd, "5-5") == [10]
    assert (rnd.end, rnd.winner, rnd.result) == ("target", 0, None)
    assert rnd.scores == [255, 100]
    assert rnd.legal_moves() == []


def test_target_on_the_last_tile_skips_round_end():
    rules = Rules.make("standard", target=250)
    hands = [["5-5", "2-5"], ["3-5", "6-6"]]
    rnd = make_round(rules, hands, ["1-1"], scores=[236, 0])
    # 2-5 goes on an end of the closed spinner: 3 + 2 = 5, and it is seat 0's last tile
    assert play(rnd, "5-5", "3-5>5-5", "2-5>5-5") == [10, 0, 5]
    assert (rnd.end, rnd.winner, rnd.result) == ("target", 0, None)
    assert rnd.scores == [251, 0]  # seat 1's 6-6 is not subtracted
    rnd = make_round(rules, hands, ["1-1"], scores=[0, 0])
    play(rnd, "5-5", "3-5>5-5", "2-5>5-5")
    assert (rnd.end, rnd.scores) == ("domino", [15, -10])


def test_round_end_points_lift_a_side_to_the_target():
    rules = Rules.make("winner_takes", target=250)
    rnd = make_round(rules, [["5-5", "0-5"], ["3-5", "6-6"]], ["1-1"], scores=[230, 0])
    play(rnd, "5-5", "3-5>5-5", "0-5>5-5")  # 10, then domino: 12 pips -> 10
    assert rnd.end == "domino" and rnd.scores == [250, 0] and rnd.winner == 0


def test_exact_tie_at_the_target_plays_on_and_highest_wins():
    rules = Rules.make("winner_takes", players=3, target=100)
    # Blocked: seats 0 and 1 tie for fewest (2 pips each), share seat 2's 12 -> 6 -> 5 each.
    hands = [["6-6", "0-2"], ["5-6", "1-1"], ["3-3", "2-4"]]
    rnd = make_round(rules, hands, [], scores=[95, 95, 0])
    play(rnd, "6-6", "5-6>6-6")
    assert rnd.end == "blocked" and rnd.scores == [100, 100, 0] and rnd.winner is None
    rnd = make_round(rules, hands, [], scores=[96, 95, 0])
    play(rnd, "6-6", "5-6>6-6")
    assert rnd.scores == [101, 100, 0] and rnd.winner == 0


# -- games of several rounds -------------------------------------------------------

def test_went_out_starts_the_next_round():
    game = Game(Rules.make("standard", hand_size=1), seed=3)
    first = game.round
    game.apply(game.legal_moves()[0])  # a one-tile hand: the lead goes out
    assert first.end == "domino"
    game.next_round()
    assert game.round.starter == first.went_out == first.starter


def test_after_a_blocked_round_the_starter_is_random_again():
    rules = Rules.make("standard", hand_size=1)
    starters = set()
    for seed in range(30):
        game = Game(rules, seed, deal_first=False)
        rnd = make_round(rules, [["6-6", "1-1"], ["0-1"]], ["0-2"])
        game.rounds.append(rnd)
        play(rnd, "6-6", "draw")
        assert rnd.end == "blocked" and game.required_starter() is None
        game.next_round()
        assert game.round.starter == deal(rules, seed, 1)[2]
        starters.add(game.round.starter)
    assert starters == {0, 1}


def test_game_refuses_moves_after_it_is_over_and_new_rounds_mid_round():
    game = Game(Rules.make("standard", target=5), seed=1)
    with pytest.raises(IllegalMoveError, match="not finished"):
        game.next_round()
    while not game.over:
        if game.round.over:
            game.next_round()
        game.apply(game.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.apply("draw")


def test_apply_reports_what_happened():
    game = Game(Rules.make("standard"), seed=11)
    rnd = game.round
    result = game.apply(game.legal_moves()[0])
    assert result.seat == rnd.starter and result.move == rnd.history[0][1]
    assert result.points == rnd.history[0][2] and not result.round_over


def test_the_last_move_reports_the_round_score():
    game = Game(Rules.make("standard", hand_size=1), seed=3)
    assert game.legal_moves() == [parse_move("3-6")]  # seat 0 leads its only tile; 1 holds 4 pips
    result = game.apply("3-6")
    assert result.outcome is not None and result.round_over and not result.game_over
    assert (result.outcome.end, result.outcome.went_out) == ("domino", 0)
    assert result.outcome == game.round.outcome and result.outcome.score is game.round.result
    assert result.outcome.score.points == (0, -5)


def test_start_round_checks_the_deal_and_starter():
    game = Game(STANDARD, seed=1, deal_first=False)
    hands, bone, _ = deal(STANDARD, 1, 0)
    with pytest.raises(IllegalMoveError, match="exactly the 28 tiles"):
        game.start_round(hands, bone[:-1], 0)
    with pytest.raises(IllegalMoveError, match="starter must be a seat from 0 to 1"):
        game.start_round(hands, bone, 2)


def test_a_rounds_copy_has_every_slot_and_its_own_lists():
    rnd = Game(Rules.make("standard", players=3), 7).round
    rnd.play(rnd.legal_moves()[0])
    twin = rnd.copy()
    assert twin.layout is not rnd.layout
    slots = [name for name in Round.__slots__ if name != "layout"]
    assert [getattr(twin, name) for name in slots] == [getattr(rnd, name) for name in slots]
    assert [getattr(twin.layout, name) for name in Layout.__slots__] == \
        [getattr(rnd.layout, name) for name in Layout.__slots__]
    twin.play(twin.legal_moves()[0])
    assert len(twin.history) == len(rnd.history) + 1 and twin.hands != rnd.hands
    assert twin.layout.placements != rnd.layout.placements
