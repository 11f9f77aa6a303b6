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
from allfives.web.bots.decide import PAGE_SHARE, WORKER_SHARE

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


def shared(moment: Moment, shares: list[Share], playouts: int = FAST
           ) -> list[tuple[Share, Outcomes]]:
    """Each share with its outcomes of the moment's estimate."""
    return [(share, run(outcomes(moment.round, moment.move, moment.view, playouts,
                                 share=share))) for share in shares]


# Shares that hold every deal between them: halves and thirds, the page's and the
# worker's (decide), and uneven ones listed out of order
SPLITS = {"halves": [Share(0, 2), Share(1, 2)],
          "thirds": [Share(0, 3), Share(1, 3), Share(2, 3)],
          "the page's": [PAGE_SHARE, WORKER_SHARE],
          "2, 4 and 1 of 7": [Share(6, 7, 1), Share(0, 7, 2), Share(2, 7, 4)]}


@pytest.mark.parametrize("game", [
    pytest.param(lambda: bot_game(3, players=2), id="2 players"),
    pytest.param(lambda: bot_game(4, bots=("medium", "expert", "expert"), players=3), id="3"),
    pytest.param(lambda: bot_game(5, bots=("medium", "expert", "expert", "expert"), players=4),
                 id="4 alone"),
    pytest.param(partners_round, id="4 as partners"),
])
@pytest.mark.parametrize("split", SPLITS)
def test_an_estimate_in_shares_is_the_whole_decision_to_the_last_bit(game, split):
    moment = first_estimated(game())
    assert moment.view.boneyard_left > 0
    shares = shared(moment, SPLITS[split])
    # every share plays out its own deals: of each `of` in a row, its residues
    count = len(run(outcomes(moment.round, moment.move, moment.view, FAST))[0])
    assert [len(found[0]) for _, found in shares] == [
        sum(1 for k in range(count) if k % share.of in share.residues) for share, _ in shares]
    assert shared_decision(moment, shares) == analyse(moment, FAST)


def test_a_share_holds_its_deals_of_each_run_and_merged_puts_them_back_in_order():
    # deals 0..9 of two options, in shares of every 4: deals 0, 4, 8 / 1, 2, 5, 6, 9 / 3, 7
    whole = [[(float(k), -float(k)) for k in range(10)], [(10.0 + k, 0.5) for k in range(10)]]
    split = [Share(0, 4, 1), Share(1, 4, 2), Share(3, 4, 1)]
    shares = [(share, [[pair for k, pair in enumerate(option) if k % 4 in share.residues]
                       for option in whole]) for share in split]
    assert [[int(v) for v, _ in found[0]] for _, found in shares] == [
        [0, 4, 8], [1, 2, 5, 6, 9], [3, 7]]
    assert merged(shares) == whole
    assert merged(shares[::-1]) == whole  # in any order
    assert merged([(WHOLE, whole)]) == whole
    # shares that miss a deal, or hold one twice, are refused
    for wrong in (shares[:2], [*shares, shares[0]],
                  [(Share(0, 4, 2), whole), (Share(1, 4, 3), whole)]):
        with pytest.raises(ValueError, match="not every deal once"):
            merged(wrong)


def test_a_share_is_a_run_within_its_number():
    assert WHOLE == Share(0, 1) == Share(0, 1, 1)
    assert list(PAGE_SHARE.residues) + list(WORKER_SHARE.residues) == list(range(11))
    for index, of, width in ((1, 1, 1), (-1, 2, 1), (2, 2, 1), (0, 0, 1), (0, 3, 0),
                             (1, 3, 3), (0, 11, 12)):
        with pytest.raises(ValueError, match="no share"):
            Share(index, of, width)


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
    ask = MomentShare(moment, WORKER_SHARE)
    again = MomentShare.from_json(json.loads(json.dumps(ask.to_json())))
    assert again == ask and again.call == "review_share" and again.view == moment.view
    assert again.share == Share(5, 11, 6)
