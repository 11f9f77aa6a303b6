"""The chance of winning from any scores, for any number of sides (issue 41):
exact numbers worked by hand, the two sides' tables of ``bots.equity``, and
the exact chain against games simulated on it."""

from __future__ import annotations

import math
import random

import pytest

from allfives.bots import make_bot
from allfives.bots.equity import Trajectory
from allfives.bots.game_chances import Sample, simulate, turned
from allfives.bots.game_stake import ChanceTable
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


def test_a_table_reads_a_state_by_distances_turned_so_that_the_starter_is_side_0() -> None:
    """Two distances (5 and 10) for 3 sides: cell = the three places in turn."""
    side0, side1 = [0.0] * 8, [0.0] * 8  # side 2: the rest (all but in cell 4)
    side0[4], side1[4] = 0.5, 0.375  # cell 4: places 1, 0, 0 (distances 10, 5, 5)
    table = ChanceTable(3, 5, 10, (side0, side1), 1e-9, 1)
    assert (table.size, table.place(5), table.place(10), table.place(40)) == (2, 0, 1, 1)
    assert (table.place(0), table.place(-5), table.place(7), table.place(8)) == (0, 0, 0, 1)
    assert table.chances((10, 15, 15), 0, 20) == (0.5, 0.375, 0.125)
    # side 1 starting from (15, 10, 15): turned, side 1 is side 0 at (10, 15, 15)
    assert table.chances((15, 10, 15), 1, 20) == (0.125, 0.5, 0.375)
    assert table.chances((15, 15, 10), 2, 20) == (0.375, 0.125, 0.5)
    # a target of 120 puts every score 100 further on; past the depth is the depth
    assert table.chances((110, 115, 115), 0, 120) == table.chances((-50, 15, 15), 0, 20)
    # the starter not known: side 0's 0.5 above, all with side 1 starting (it is
    # the turned state's side 2), none with side 2 starting
    assert table.chances((10, 15, 15), 1, 20) == (1.0, 0.0, 0.0)
    assert table.chance((10, 15, 15), 0, 20) == pytest.approx(1.5 / 3)
    assert table.chances((15, 15, 15), 0, 20) == (0.0, 0.0, 1.0)


def test_a_game_that_does_not_end_is_refused() -> None:
    nothing = Trajectory(0, (), (0, 0), None)
    with pytest.raises(ValueError, match="did not end"):
        simulate(Sample.of([nothing]), (0, 0), 0, 10, 1, random.Random(0))


def standard_rounds(players: int, count: int) -> list[Trajectory]:
    """Rounds between easy bots, standard rules, played to their end."""
    rules = Rules.make("standard", players=players, target=10 ** 6)
    return bot_rounds(rules, "easy", "chances-test", count)


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
