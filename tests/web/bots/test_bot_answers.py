"""The bots' answers to the page's requests (``allfives.web.bots.decide``):
the worker and the page's fallback give the same (a move, the hint, an
analysis), and an analysis pauses
between slices, beating, so the page can tell a busy worker from a dead
one; how long the page waits (``allfives.web.bots.deadlines``)."""

from __future__ import annotations

import asyncio
import doctest
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

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
        await real_sleep(0)

    monkeypatch.setattr(decide.asyncio, "sleep", noted)
    for moment in chosen:
        request = Moment.from_json(json.loads(json.dumps(moment.to_json())))  # as the worker
        sliced = run(decide.analysis(request, decide.Pace(0.0)))
        assert sliced == analyse(moment)
    worlds = [max(30, 2000 // len(m.view.legal_moves())) for m in chosen]
    assert len(pauses) == sum(worlds)  # a pause after every sampled deal at slice 0
    assert set(pauses) == {0}  # the worker's: a turn of the event loop
    pauses.clear()
    run(decide.analysis(chosen[0], decide.Pace(0.0, decide.PAGE_PACE.rest)))
    # the page's: a rest over Pyodide's 2 ms, a timer, so that another thread's message gets in
    assert set(pauses) == {decide.PAGE_PACE.rest} and decide.PAGE_PACE.rest > 0.002
    pauses.clear()
    run(decide.analysis(chosen[0], decide.Pace(60.0)))
    assert pauses == []  # within one slice: no pause at all


def test_the_hint_in_slices_is_the_move_review_calls_best_and_stops_once_not_wanted():
    game = bot_game(4, players=3)
    m = next(m for m in moments(game) if len(m.view.legal_moves()) > 2)
    ask = BestAsk(m.round, m.move, m.view)
    hinted = Best.from_json(json.loads(run(worker.hint(json.dumps(ask.to_json())))))
    assert hinted == run(decide.best(ask, decide.Pace(0.0)))  # as the page finds it
    followed = analyse(Moment(m.round, m.move, m.view, hinted.move))
    assert followed.best == hinted.move and followed.loss == 0.0
    assert hinted.method == followed.method and hinted.method is not None
    # play has moved on (a move, a new game): the page stops at its first pause
    assert run(decide.best(ask, decide.Pace(0.0), wanted=lambda: False)) is None


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
    only = run(decide.best(BestAsk(1, len(view.history) + 1, view), decide.Pace(0.0)))
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


def test_a_worker_is_waited_for_while_it_beats_and_given_up_within_5_s_of_falling_silent():
    assert doctest.testmod(deadlines).failed == 0
    silence, limit = deadlines.SILENT_SECONDS, deadlines.MOVE_SECONDS
    assert silence < 5.0  # issue 17: a worker that died is noticed within 5 s
    # the levels that never beat (easy, medium, hard: their slowest move in the
    # worker is 154 ms, bench/think_time.json) answer well within the silence
    assert 10 * 0.154 < silence
    # a master's move on a busy machine: 6 s, a beat every 0.25 s; waited for
    for k in range(1, 25):
        assert deadlines.left(0.25 * k, 0.25, silence, limit) == pytest.approx(2.75)
    # asked of a worker idle for a minute: silent since asked, not since it last spoke
    assert deadlines.left(1.0, 60.0, silence, limit) == 2.0
    assert deadlines.left(3.0, 60.0, silence, limit) == 0.0
    # it beat for 5 s, then stopped: given up 3 s after its last beat
    assert deadlines.left(6.5, 1.5, silence, limit) == 1.5
    assert deadlines.left(8.0, 3.0, silence, limit) == 0.0
    # however often it beats, a move is answered within its limit
    assert deadlines.left(29.5, 0.1, silence, limit) == 0.5
    assert deadlines.left(30.0, 0.1, silence, limit) == 0.0
