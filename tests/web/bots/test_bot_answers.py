"""The bots' answers to the page's requests (``allfives.web.bots.decide``):
the worker and the page's fallback give the same (a move, the hint, an
analysis), and an analysis pauses
between slices so the worker can say it is alive meanwhile; how long the
page waits for a move (``allfives.web.bots.deadlines``)."""

from __future__ import annotations

import asyncio
import doctest
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from allfives.bots import LEVELS
from allfives.bots.analysis import EXACT, Best, Moment, analyse, moments
from allfives.bots.asks import BestAsk
from allfives.bots.greedy import GreedyBot
from allfives.errors import NotationError
from allfives.game import Game, Round
from allfives.rules import Rules
from allfives.view import PlayerView
from allfives.web import worker
from allfives.web.bots import deadlines, decide

from ...bots.test_analysis import bot_game


def run(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright
    keeps an event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_an_analysis_in_slices_is_the_analysis_in_one_go_and_pauses_between(monkeypatch):
    game = bot_game(3, players=4)  # four sides: outcomes in thirds, so the sums' order matters
    chosen = [m for m in moments(game) if len(m.view.legal_moves()) > 2][:2]
    assert chosen
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def noted(seconds: float) -> None:
        pauses.append(seconds)
        await real_sleep(seconds)

    monkeypatch.setattr(decide.asyncio, "sleep", noted)
    for moment in chosen:
        request = Moment.from_json(json.loads(json.dumps(moment.to_json())))  # as the worker
        sliced = run(decide.analysis(request, slice_seconds=0.0))
        assert sliced == analyse(moment)
    worlds = [max(30, 2000 // len(m.view.legal_moves())) for m in chosen]
    assert len(pauses) == sum(worlds)  # a pause after every sampled deal at slice 0
    pauses.clear()
    run(decide.analysis(chosen[0], slice_seconds=60.0))
    assert pauses == []  # within one slice: no pause at all


def test_the_hint_in_slices_is_the_move_review_calls_best_and_stops_once_not_wanted():
    game = bot_game(4, players=3)
    m = next(m for m in moments(game) if len(m.view.legal_moves()) > 2)
    ask = BestAsk(m.round, m.move, m.view)
    hinted = Best.from_json(json.loads(run(worker.hint(json.dumps(ask.to_json())))))
    assert hinted == run(decide.best(ask, slice_seconds=0.0))  # as the page finds it
    followed = analyse(Moment(m.round, m.move, m.view, hinted.move))
    assert followed.best == hinted.move and followed.loss == 0.0
    assert hinted.method == followed.method and hinted.method is not None
    # play has moved on (a move, a new game): the page stops at its first pause
    assert run(decide.best(ask, slice_seconds=0.0, wanted=lambda: False)) is None


def test_the_hint_says_how_it_was_valued_solved_where_nothing_is_hidden():
    # 2 players, the boneyard empty: each side knows the other's hand, the hint is solved
    game = bot_game(10, players=2)
    m = next(m for m in moments(game) if m.view.boneyard_left == 0
             and len(m.view.legal_moves()) > 1)
    ask = BestAsk(m.round, m.move, m.view)
    hinted = Best.from_json(json.loads(run(worker.hint(json.dumps(ask.to_json())))))
    assert hinted.method == EXACT and hinted == analysis_best(m)
    # one legal move (the first draw of the game): nothing is valued
    rnd = Game(Rules.make("standard", players=2), "10").round
    view = next(v for v in views_until_over(rnd) if len(v.legal_moves()) == 1)
    only = run(decide.best(BestAsk(1, len(view.history) + 1, view), slice_seconds=0.0))
    assert only == Best(view.legal_moves()[0], None)
    # an answer the page cannot read is refused, not taken for a move
    with pytest.raises(NotationError):
        Best.from_json({"move": "2-5>0-5", "method": "guessed"})


def views_until_over(rnd: Round) -> Iterator[PlayerView]:
    """Each mover's view of ``rnd``, played by greedy bots to its end."""
    while not rnd.over:
        view = PlayerView.of(rnd, rnd.turn)
        yield view
        rnd.apply(GreedyBot().choose(view))


def analysis_best(m: Moment) -> Best:
    """Review's best move of ``m`` and its method, from its own analysis."""
    decision = analyse(m)
    return Best(decision.best, decision.method)


def test_a_move_is_waited_for_long_enough_and_a_hang_noticed_within_5_s():
    assert doctest.testmod(deadlines).failed == 0
    waits = deadlines.Deadlines()
    for level in LEVELS:  # the slowest move of each level, three times over, within 5 s
        assert 3 * deadlines.SLOWEST_SECONDS.get(level, 0.154) <= waits.seconds(level) < 5.0
    assert waits.seconds("master") == 4.5
    # a device slower than ours shows in its ordinary moves: later ones may take longer
    waits.answered("master", 0.3)
    assert waits.seconds("master") == 4.5
    waits.answered("master", 2.5)
    waits.answered("master", 1.0)
    assert waits.seconds("master") == 7.5 and waits.seconds("easy") == 3.0
    waits.answered("master", 60.0)
    assert waits.seconds("master") == deadlines.LIMIT_SECONDS


def test_a_busy_worker_may_answer_alive_late_but_a_dead_one_is_noticed_within_5_s():
    waits = deadlines.Deadlines()
    assert waits.alive_seconds() == 2.5  # a fresh worker: twice the slowest seen (1.27 s)
    waits.alive_answered(0.4)
    assert waits.alive_seconds() == 2.5
    waits.alive_answered(0.9)  # three pages analysing on two cores: 1.3 s was seen
    assert waits.alive_seconds() == pytest.approx(2.7)
    waits.alive_answered(0.5)
    assert waits.alive_seconds() == pytest.approx(2.7)
    waits.alive_answered(4.0)
    assert waits.alive_seconds() == deadlines.ALIVE_LIMIT_SECONDS
    # asked after a second without an answer, a dead worker is given up within 5 s
    assert deadlines.ALIVE_EVERY_SECONDS + deadlines.ALIVE_LIMIT_SECONDS < 5.0
