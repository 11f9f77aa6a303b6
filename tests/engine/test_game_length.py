"""Issue 27: no preset or player count lets a game between equal bots run on
without end. bench/game_length.py measures the same with more games."""

import math

import pytest

from allfives.rules import PRESETS, Rules
from allfives.tournament import MAX_ROUNDS, play_game

GAMES = 20  # per preset and player count
LIMIT = 60  # rounds: the 99th percentile stays below


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_game_between_equal_bots_ends(preset, players):
    rules = Rules.make(preset, players=players)
    games = [play_game(rules, ["hard"] * players, f"length-test:{i}") for i in range(GAMES)]
    assert all(game.over for game in games), f"{sum(not g.over for g in games)} of {GAMES} " \
        f"games still running after {MAX_ROUNDS} rounds"
    rounds = sorted(len(game.rounds) for game in games)
    p99 = rounds[math.ceil(0.99 * GAMES) - 1]  # nearest rank: with 20 games, the longest
    assert p99 < LIMIT, rounds
