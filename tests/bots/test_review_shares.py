"""Review's estimate in shares (two workers at once, ``valuing.outcomes``'
``share``): the shares put back together give the whole's decision to the
last bit, so the page and the command line still agree."""

from __future__ import annotations

import functools
import json
from collections.abc import Generator
from typing import TypeVar

import pytest

from allfives.bots import make_bot
from allfives.bots.analysis import (
    WHOLE,
    Moment,
    MomentShare,
    Outcomes,
    Share,
    analyse,
    estimated,
    moments,
    outcomes,
    shared_decision,
)
from allfives.bots.analysis.valuing import merged
from allfives.bots.expert import solved
from allfives.bots.worlds import judge
from allfives.game import Game
from allfives.rules import Rules
from allfives.view import PlayerView

from .test_analysis import FAST, bot_game

T = TypeVar("T")


def first_estimated(game: Game, seat: int = 0) -> Moment:
    return next(m for m in moments(game, [seat]) if estimated(m.view))


@functools.cache
def partners_round() -> Game:
    """One round of four as partners between bots (``bot_game`` seats them alone)."""
    game = Game(Rules.make("standard", players=4, partnership=True), 6)
    seated = [make_bot(b, f"6:{i}") for i, b in enumerate(("medium", "expert") * 2)]
    rnd = game.round
    while not rnd.over:
        rnd.apply(seated[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
    return game


def run(steps: Generator[None, None, T]) -> T:
    """The generator's value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def shared(moment: Moment, n: int, playouts: int = FAST) -> list[Outcomes]:
    """The outcomes of each of ``n`` shares of the moment's estimate."""
    return [run(outcomes(moment.round, moment.move, moment.view, playouts,
                           share=Share(i, n))) for i in range(n)]


@pytest.mark.parametrize("game", [
    pytest.param(lambda: bot_game(3, players=2), id="2 players"),
    pytest.param(lambda: bot_game(4, bots=("medium", "expert", "expert"), players=3), id="3"),
    pytest.param(lambda: bot_game(5, bots=("medium", "expert", "expert", "expert"), players=4),
                 id="4 alone"),
    pytest.param(partners_round, id="4 as partners"),
])
@pytest.mark.parametrize("n", [2, 3])
def test_an_estimate_in_shares_is_the_whole_decision_to_the_last_bit(game, n):
    moment = first_estimated(game())
    assert moment.view.boneyard_left > 0
    shares = shared(moment, n)
    # every share plays out its own deals: every n-th, from its index
    count = len(run(outcomes(moment.round, moment.move, moment.view, FAST))[0])
    assert [len(s[0]) for s in shares] == [len(range(i, count, n)) for i in range(n)]
    assert shared_decision(moment, shares) == analyse(moment, FAST)


def test_a_share_holds_every_nth_deal_and_merged_puts_them_back_in_order():
    # deals 0..6 of two options, in three shares (0,3,6 / 1,4 / 2,5)
    whole = [[(float(k), -float(k)) for k in range(7)], [(10.0 + k, 0.5) for k in range(7)]]
    shares = [[option[i::3] for option in whole] for i in range(3)]
    assert [len(s[0]) for s in shares] == [3, 2, 2]
    assert merged(shares) == whole
    assert merged([whole]) == whole


def test_a_share_is_one_of_its_number():
    assert WHOLE == Share(0, 1)
    for index, of in ((1, 1), (-1, 2), (2, 2), (0, 0)):
        with pytest.raises(ValueError, match="no share"):
            Share(index, of)


def test_estimated_decisions_are_those_neither_solved_nor_judged():
    # where the boneyard is not empty nothing is solved or judged (valuing's
    # first two ways), so an estimate's deals may be shared
    seen = 0
    for game in (bot_game(1, rounds=2), bot_game(4, bots=("medium", "expert", "expert"),
                                                 players=3), partners_round()):
        for moment in moments(game):
            if estimated(moment.view):
                seen += 1
                assert solved(moment.view) is None and judge(moment.view) is None
    assert seen > 20


def test_a_moment_share_crosses_to_the_worker_as_json():
    moment = first_estimated(bot_game(3, players=2))
    ask = MomentShare(moment, Share(1, 2))
    again = MomentShare.from_json(json.loads(json.dumps(ask.to_json())))
    assert again == ask and again.call == "review_share" and again.view == moment.view
