"""The hint's move (``analysis.best_move``): by construction the move Review
calls best for the same decision, in every preset and player count."""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from typing import TypeVar

import pytest

from allfives.bots.analysis import Moment, analyse, best_move, moments
from allfives.bots.asks import BestAsk
from allfives.game import Game
from allfives.rules import PRESETS, Rules
from allfives.view import PlayerView

FAST = 60  # playouts per decision in tests (the page uses REVIEW_PLAYOUTS)
T = TypeVar("T")


def run(steps: Generator[None, None, T]) -> T:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value


def random_round(preset: str, players: int, seed: int) -> Game:
    """A round played out at random (a seat's choices need not be good)."""
    game = Game(Rules.make(preset, players=players), seed)
    rng = random.Random(seed)
    while not game.round.over:
        game.apply(rng.choice(game.legal_moves()))
    return game


def spread(found: list[Moment], n: int = 3) -> list[Moment]:
    """``n`` decisions from the first to the last (the boneyard full to empty)."""
    return [found[i * (len(found) - 1) // (n - 1)] for i in range(n)] if len(found) >= n else found


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_hints_move_is_the_move_review_calls_best(preset: str, players: int) -> None:
    game = random_round(preset, players, seed=7 * players + len(preset))
    decisions = spread(list(moments(game)))
    assert decisions
    for m in decisions:
        hinted = run(best_move(m.round, m.move, m.view, FAST))
        assert hinted in m.view.legal_moves()
        made = analyse(m, FAST)
        followed = analyse(Moment(m.round, m.move, m.view, hinted), FAST)
        # had the person played the hint, Review would call it best, losing nothing
        assert followed.best == hinted and followed.loss == 0.0
        if made.best != m.played:  # the move made is not as good as the best
            assert made.best == hinted
        else:  # the move made was best, or tied with it
            assert made.best == hinted or made.loss == 0.0


def test_a_forced_move_is_the_hint_at_once() -> None:
    game = Game(Rules.make("standard"), 1)
    rnd = game.round
    while len(rnd.legal_moves()) > 1:  # the first forced move: a draw, a pass or one tile
        rnd.apply(rnd.legal_moves()[0])
    view = PlayerView.of(rnd, rnd.turn)
    steps = best_move(1, len(view.history) + 1, view)
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert done.value.value == rnd.legal_moves()[0]


def test_the_hints_request_crosses_to_the_worker_and_back() -> None:
    game = random_round("five_up", 3, seed=4)
    m = list(moments(game))[2]
    ask = BestAsk(m.round, m.move, m.view)
    again = BestAsk.from_json(json.loads(json.dumps(ask.to_json())))
    assert again == ask
    assert run(best_move(again.round, again.move, again.view, FAST)) == \
        run(best_move(m.round, m.move, m.view, FAST))
