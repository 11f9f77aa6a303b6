"""The chance of winning from any scores, for any number of sides (issue 41):
exact numbers worked by hand, the two sides' tables of ``bots.equity``, and
the exact chain against games simulated on it."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from allfives.bots import make_bot
from allfives.bots.equity import Trajectory, build
from allfives.bots.game_chances import Sample, exact, simulate, turned
from allfives.game import Round, deal
from allfives.rules import Rules
from allfives.view import PlayerView
from tests.helpers import bot_rounds

# One round: the side that starts it scores 5, and the next starter is drawn
# at random (a blocked round's). Turned round the table, every round is won
# by a side drawn at random.
COIN = Trajectory(0, ((0, 5),), (0, 0, 0), None)


def test_turning_a_round_round_the_whole_table_gives_it_back() -> None:
    t = Trajectory(1, ((1, 10), (2, 5), (0, 15)), (-5, 0, 20), 2)
    assert turned(t, 3, 3) == t
    assert turned(turned(t, 1, 3), 2, 3) == t
    assert turned(t, 2, 3) == Trajectory(0, ((0, 10), (1, 5), (2, 15)), (0, 20, -5), 1)


def test_a_sample_counts_each_round_once_per_turn_of_the_sides() -> None:
    sample = Sample.of([COIN])
    assert sample.sides == 3
    assert [[t.events for t in b] for b in sample.by_starter] == [
        [((0, 5),)], [((1, 5),)], [((2, 5),)]]
    with pytest.raises(ValueError, match="different numbers of sides"):
        Sample.of([COIN, Trajectory(0, (), (0, 0), 0)])


def test_three_sides_each_scoring_five_at_random_to_ten() -> None:
    """From 5, 0, 0 side 0 needs one round, the others two: by hand,
    P(5,5,0) = 1/3 + 1/3 * 1/3 = 4/9, P(5,0,0) = 1/3 + 2/3 * 4/9 = 17/27, and
    P(0,5,5) = 1/3 * 1/3 = 1/9 (side 0 must win the next two rounds)."""
    table = exact([COIN], 10, floor=0)
    for scores, side0 in (((5, 0, 0), Fraction(17, 27)), ((5, 5, 0), Fraction(4, 9)),
                          ((5, 5, 5), Fraction(1, 3)), ((0, 5, 5), Fraction(1, 9))):
        # the starter scores: the chance with it unknown is the mean over the three
        mean = [sum(table.chances(scores, s)[side] for s in range(3)) / 3 for side in range(3)]
        assert mean[0] == pytest.approx(float(side0), abs=1e-6)
        assert sum(mean) == pytest.approx(1.0, abs=1e-6)
    assert table.chances((5, 0, 0), 0) == pytest.approx((1.0, 0.0, 0.0), abs=1e-6)
    estimate = simulate(Sample.of([COIN]), (5, 0, 0), None, 10, 6000, random.Random(4))
    assert abs(estimate.chances[0] - 17 / 27) < 3 * estimate.errors[0]
    assert estimate.chances[1] + estimate.chances[2] == pytest.approx(10 / 27, abs=0.03)


def test_a_game_that_does_not_end_is_refused() -> None:
    nothing = Trajectory(0, (), (0, 0), None)
    with pytest.raises(ValueError, match="did not end"):
        simulate(Sample.of([nothing]), (0, 0), 0, 10, 1, random.Random(0))


def test_too_many_states_are_refused_not_solved() -> None:
    with pytest.raises(ValueError, match="too many to solve"):
        exact([COIN], 1000, floor=0, max_states=10_000)


def standard_rounds(players: int, count: int) -> list[Trajectory]:
    """Rounds between easy bots, standard rules, played to their end."""
    rules = Rules.make("standard", players=players, target=10 ** 6)
    return bot_rounds(rules, "easy", "chances-test", count)


def test_with_two_sides_the_table_is_the_match_equity_table() -> None:
    rounds = standard_rounds(2, 30)
    two = exact(rounds, 60)
    equity = build(rounds, 60)
    assert two.grid == equity.grid
    for x in range(two.grid.floor, two.grid.top + 1, two.grid.step):
        for y in range(two.grid.floor, two.grid.top + 1, two.grid.step):
            for s in (0, 1):
                side0, side1 = two.chances((x, y), s)
                assert side0 == pytest.approx(equity.win_probability(x, y, s), abs=1e-5)
                assert side0 + side1 == pytest.approx(1.0, abs=1e-5)


THREE = standard_rounds(3, 60)
THREE_TABLE = exact(THREE, 60, floor=0)


def test_three_players_the_chances_are_symmetric_round_the_table() -> None:
    table = THREE_TABLE
    for scores in ((0, 0, 0), (40, 25, 10), (55, 0, 30)):
        for s in range(3):
            here = table.chances(scores, s)
            turned_scores = (scores[2], scores[0], scores[1])  # each side one place on
            there = table.chances(turned_scores, (s + 1) % 3)
            assert there == pytest.approx((here[2], here[0], here[1]), abs=1e-5)
            assert sum(here) == pytest.approx(1.0, abs=1e-5)


@pytest.mark.parametrize("scores,starter", [((50, 30, 20), 1), ((35, 45, 0), 0),
                                            ((55, 55, 40), 2)])
def test_three_players_the_exact_chain_agrees_with_games_simulated_on_it(scores, starter) -> None:
    estimate = simulate(Sample.of(THREE), scores, starter, 60, 3000, random.Random(7))
    for side, chance in enumerate(THREE_TABLE.chances(scores, starter)):
        assert abs(estimate.chances[side] - chance) < 3 * estimate.errors[side] + 1e-9


def played_on(rules: Rules, scores: tuple[int, ...], starter: int, seed: str) -> int:
    """The side that wins a game played on from ``scores`` by easy bots, by
    the engine's own rules (rounds dealt from ``seed``, and the bots' choices
    drawn from it; after a blocked round the deal's starter): the chain's
    assumptions play no part."""
    bots = [make_bot("easy", f"{seed}:{seat}") for seat in range(rules.players)]
    first: int | None = starter
    for index in range(1000):
        hands, boneyard, dealt = deal(rules, seed, index)
        rnd = Round(rules, hands, boneyard, dealt if first is None else first, list(scores))
        while not rnd.over:
            rnd.play(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
        if rnd.winner is not None:
            return rnd.winner
        scores, first = tuple(rnd.scores), rnd.went_out
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("scores,starter", [((80, 60, 40), 0), ((90, 95, 50), 2)])
def test_three_players_the_chain_agrees_with_games_played_on_by_the_engine(scores, starter):
    """The model from a sample of rounds (played at an unreachable target)
    against games played on from the scores by the same bots, to 100."""
    rules = Rules.make("standard", players=3, target=100)
    games = 300
    wins = [0, 0, 0]
    for g in range(games):
        wins[played_on(rules, scores, starter, f"played-on:{scores}:{g}")] += 1
    model = simulate(Sample.of(standard_rounds(3, 300)), scores, starter, 100, 20_000,
                     random.Random(3))
    for side, chance in enumerate(model.chances):
        direct = wins[side] / games
        # the direct count's error if the model is right (a side that never
        # won in 300 games still has one), and the simulation's own
        error = math.hypot(math.sqrt(chance * (1 - chance) / games), model.errors[side])
        assert abs(direct - chance) < 2 * error, (side, direct, model.chances)
