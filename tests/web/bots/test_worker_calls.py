"""The bots' worker and its client agree on the calls: each request type
names the worker's function that answers it (``call``), the worker exports
exactly those and its controls, and each answers its own request; a
coach's request stopped by a newer one, and Review's stopped by
``drop_reviews``, are answered with one immutable value."""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import json

import pytest

from allfives.bots.analysis import Best, Decision, Moment, MomentShare, Share, moments
from allfives.bots.asks import BestAsk, MoveAsk
from allfives.coach.tutor import CoachAsk, Coaching
from allfives.moves import parse_move
from allfives.web import worker
from allfives.web.bots.decide import (
    CONTROLS,
    REQUESTS,
    STALE,
    WORKER_PACE,
    Request,
    Stale,
    outcomes_of,
    share_outcomes,
    sliced,
)

from ...bots.test_analysis import bot_game
from .test_bot_answers import run


def test_the_worker_exports_one_function_per_request_type_and_the_controls():
    assert [r.call for r in REQUESTS] == ["choose", "hint", "review", "review_share", "coach"]
    assert worker.__export__ == [*(r.call for r in REQUESTS), *CONTROLS]
    for name in worker.__export__:
        assert callable(getattr(worker, name)), name


def solved_moment() -> Moment:
    """A decision with nothing hidden (2 players, the boneyard empty): solved at once."""
    return next(m for m in moments(bot_game(10, players=2))
                if m.view.boneyard_left == 0 and len(m.view.legal_moves()) > 1)


def answer(request: Request) -> str:
    """The worker's answer to ``request``, through the function its type names."""
    said = getattr(worker, request.call)(json.dumps(request.to_json()))
    return str(run(said) if inspect.isawaitable(said) else said)


def test_each_request_is_answered_by_the_function_its_type_names():
    m = solved_moment()
    move = parse_move(answer(MoveAsk("easy", "seed", m.view)))
    assert move in m.view.legal_moves()
    best = Best.from_json(json.loads(answer(BestAsk(m.round, m.move, m.view))))
    decision = Decision.from_json(json.loads(answer(m)))
    assert (decision.round, decision.move, decision.best) == (m.round, m.move, best.move)
    coached = Coaching.from_json(json.loads(answer(CoachAsk(1, m.round, m.move, m.view))))
    assert coached.judged(m.played) == decision


def test_a_coach_request_overtaken_by_a_newer_one_is_answered_stale():
    # an estimate (the boneyard not empty) pauses, and the newer request takes over
    m = next(m for m in moments(bot_game(3, players=2)) if m.view.boneyard_left > 0
             and len(m.view.legal_moves()) > 2)

    async def both() -> list[str]:
        asks = [CoachAsk(i, m.round, m.move, m.view) for i in (1, 2)]
        return list(await asyncio.gather(*(worker.coach(json.dumps(a.to_json()))
                                           for a in asks)))

    older, newer = (json.loads(text) for text in run(both()))
    assert older == {"stale": True} and Stale.answered(older)
    assert not Stale.answered(newer) and Coaching.from_json(newer).move == m.move
    with pytest.raises(dataclasses.FrozenInstanceError):
        STALE.stale = False  # type: ignore[attr-defined]


def test_reviews_under_way_stop_at_drop_reviews_and_a_review_asked_after_is_answered():
    # an estimate (the boneyard not empty) pauses between slices, where the drop is seen
    m = next(m for m in moments(bot_game(3, players=2)) if m.view.boneyard_left > 0
             and len(m.view.legal_moves()) > 2)
    text = json.dumps(m.to_json())

    async def dropped_then_asked() -> list[str]:
        under_way = asyncio.ensure_future(worker.review(text))
        await asyncio.sleep(0)  # it has started, and runs its first slice
        assert worker.drop_reviews() == "dropped"
        return [await under_way, await worker.review(text)]

    stopped, answered = (json.loads(t) for t in run(dropped_then_asked()))
    assert Stale.answered(stopped)
    decision = Decision.from_json(answered)
    assert (decision.round, decision.move) == (m.round, m.move) and decision.best is not None


def test_a_share_of_an_estimate_is_answered_with_its_outcomes_and_dropped_like_a_review():
    m = next(m for m in moments(bot_game(3, players=2)) if m.view.boneyard_left > 0
             and len(m.view.legal_moves()) > 2)
    ask = MomentShare(m, Share(1, 2))
    text = json.dumps(ask.to_json())
    expected = run(sliced(share_outcomes(ask), WORKER_PACE))
    found = outcomes_of(json.loads(answer(ask)))
    assert found == expected and len(found) == len(m.view.legal_moves())

    async def dropped_then_asked() -> list[str]:
        under_way = asyncio.ensure_future(worker.review_share(text))
        await asyncio.sleep(0)
        assert worker.drop_reviews() == "dropped"
        return [await under_way, await worker.review_share(text)]

    stopped, answered = (json.loads(t) for t in run(dropped_then_asked()))
    assert Stale.answered(stopped) and outcomes_of(answered) == expected
