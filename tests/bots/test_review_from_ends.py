"""Review's estimate played from both ends of its deals at once (the page
from the first up, the bots' worker from the last down, ``from_ends``):
wherever the two meet, however their speeds and their news of each other
differ, the deals put back in order give the whole's decision to the last
bit, so the page and the command line still agree."""

from __future__ import annotations

import functools
import json
import random
from collections import deque
from collections.abc import Generator
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.bots import make_bot
from allfives.bots.analysis import (
    Deals,
    Moment,
    MomentFromEnd,
    Played,
    analyse,
    estimated,
    from_end,
    from_start,
    joined,
    moments,
    outcomes,
    shared_decision,
)
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


def met(moment: Moment, page_share: float, lag: int, seed: int
        ) -> tuple[int, list[Played], int, list[Played]]:
    """Both ends played in one thread, a step at a time: the page's step
    taken with probability ``page_share``, its reports of how far it has
    come reaching the worker ``lag`` steps late, the worker's answer reaching
    the page at once. The count, the page's deals, the first of the
    worker's and the worker's (each end draws its own deals, as each has its
    own Python)."""
    rng = random.Random(seed)
    page_deals = Deals(moment.round, moment.move, moment.view, FAST)
    worker_deals = Deals(moment.round, moment.move, moment.view, FAST)
    done: list[Played] = []
    heard, meeting = [0], [page_deals.count]
    in_flight: deque[int] = deque()
    page = from_start(page_deals, lambda: meeting[0], done)
    worker = from_end(worker_deals, lambda: heard[0])
    answer: tuple[int, list[Played]] | None = None
    while True:
        if answer is None and rng.random() >= page_share:
            try:
                next(worker)
            except StopIteration as stopped:
                answer = stopped.value
                meeting[0] = answer[0]
            continue
        try:
            next(page)
        except StopIteration:
            if len(done) == page_deals.count:  # all of them: the worker is not waited for
                return page_deals.count, done, page_deals.count, []
            assert answer is not None  # the page stops early only where the worker began
            return page_deals.count, done, answer[0], answer[1]
        in_flight.append(len(done))
        if len(in_flight) > lag:
            heard[0] = in_flight.popleft()


@pytest.mark.parametrize("game", [
    pytest.param(lambda: bot_game(3, players=2), id="2 players"),
    pytest.param(lambda: bot_game(4, bots=("medium", "expert", "expert"), players=3), id="3"),
    pytest.param(lambda: bot_game(5, bots=("medium", "expert", "expert", "expert"), players=4),
                 id="4 alone"),
    pytest.param(partners_round, id="4 as partners"),
])
def test_an_estimate_played_from_both_ends_is_the_whole_decision_to_the_last_bit(game):
    moment = first_estimated(game())
    assert moment.view.boneyard_left > 0
    whole = run(outcomes(moment.round, moment.move, moment.view, FAST))
    for page_share, lag in ((0.5, 0), (0.2, 3), (0.8, 6)):
        count, start, low, end = met(moment, page_share, lag, seed=1)
        assert 0 < low <= len(start) or (low, end) == (count, [])
        assert joined(count, start, low, end) == whole
    assert shared_decision(moment, whole) == analyse(moment, FAST)


@settings(max_examples=25, deadline=None)
@given(page_share=st.floats(0.05, 0.95), lag=st.integers(0, 12), seed=st.integers(0, 2**32))
def test_wherever_the_ends_meet_every_deal_is_played_and_put_back_in_order(
        page_share, lag, seed):
    moment = first_estimated(bot_game(4, bots=("medium", "expert", "expert"), players=3))
    count, start, low, end = met(moment, page_share, lag, seed)
    whole = run(outcomes(moment.round, moment.move, moment.view, FAST))
    assert joined(count, start, low, end) == whole
    # where both played a deal, theirs is the same: at most the reports' lag apart
    assert len(start) - low <= lag + 1


def test_joined_puts_the_deals_in_order_and_refuses_a_gap():
    # deals 0..4 of two options: 0..2 from the first, 2..4 from the last (deal 2 by both)
    deals = [[(float(k), -float(k)), (10.0 + k, 0.5)] for k in range(5)]
    assert joined(5, deals[:3], 2, deals[2:]) == [[(float(k), -float(k)) for k in range(5)],
                                                   [(10.0 + k, 0.5) for k in range(5)]]
    assert joined(5, deals, 5, []) == joined(5, [], 0, deals) == joined(5, deals[:3], 2, deals[2:])
    with pytest.raises(ValueError, match="not every one of 5 deals"):
        joined(5, deals[:2], 3, deals[3:])  # deal 2 played by neither
    with pytest.raises(ValueError, match="not every one of 5 deals"):
        joined(5, deals[:3], 3, deals[3:4])  # deal 4 missing


def test_estimated_decisions_are_those_neither_solved_nor_judged():
    # where the boneyard is not empty nothing is solved or judged (valuing's
    # first two ways), so an estimate's deals may be played from both ends
    seen = 0
    for game in (bot_game(1, rounds=2), bot_game(4, bots=("medium", "expert", "expert"),
                                                 players=3), partners_round()):
        for moment in moments(game):
            if estimated(moment.view):
                seen += 1
                assert solved(moment.view) is None and judge(moment.view) is None
    assert seen > 20


def test_a_moment_from_the_end_crosses_to_the_worker_as_json():
    moment = first_estimated(bot_game(3, players=2))
    ask = MomentFromEnd(moment, 7)
    again = MomentFromEnd.from_json(json.loads(json.dumps(ask.to_json())))
    assert again == ask and again.call == "review_from_end" and again.view == moment.view
