"""The bots' answers to JSON-like requests: a bot's move, the expert's
analysis of one decision, and the coach's (every move of the person's
decision judged). The worker and the page's fallback both call the first
two, so they always agree; the coach's runs in the worker, or on the page
without one."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from ...bots import make_bot
from ...bots.analysis import Moment, analysing
from ...coach.tutor import coaching
from ...moves import move_text
from ...view import PlayerView

# An analysis runs this long between pauses, in which the worker answers
# ``alive`` (the page asks while it waits) at a cost of a few percent.
SLICE_SECONDS = 0.1
# The coach's analysis on the page (no worker) pauses this often, so the
# person's click waits at most about this long for it.
PAGE_SLICE_SECONDS = 0.04
T = TypeVar("T")
# The coach's request the worker works on: a newer one (the person's next
# decision) or ``drop_coaching`` (the person has moved) stops an older one.
_coaching: dict[str, object] = {"wanted": None}
STALE = {"stale": True}  # the answer to a coach's request stopped so


def decide(request: dict[str, Any]) -> str:
    """``{"bot": name, "seed": ..., "view": PlayerView JSON}`` -> move text."""
    view = PlayerView.from_json(request["view"])
    bot = make_bot(request["bot"], request["seed"])
    return move_text(bot.choose(view))


async def analysis(request: dict[str, Any], slice_seconds: float = SLICE_SECONDS
                   ) -> dict[str, Any]:
    """``Moment`` JSON -> ``Decision`` JSON, computed in slices of about
    ``slice_seconds`` with a pause for the event loop after each."""
    decision = await sliced(analysing(Moment.from_json(request)), slice_seconds)
    assert decision is not None  # always wanted
    answer: dict[str, Any] = decision.to_json()
    return answer


async def coach_analysis(request: dict[str, Any], slice_seconds: float = SLICE_SECONDS
                         ) -> dict[str, Any]:
    """``{"id", "round", "move", "view"}`` -> ``tutor.Coaching`` JSON, in
    slices as ``analysis``; ``STALE`` once a newer request or
    ``drop_coaching`` has made it stale."""
    ident = request["id"]
    _coaching["wanted"] = ident
    steps = coaching(int(request["round"]), int(request["move"]),
                     PlayerView.from_json(request["view"]))
    found = await sliced(steps, slice_seconds, lambda: _coaching["wanted"] == ident)
    return STALE if found is None else found.to_json()


def drop_coaching() -> None:
    """Nobody waits for the coach's analysis under way any more."""
    _coaching["wanted"] = None


async def sliced(steps: Generator[None, None, T], slice_seconds: float,
                 wanted: Callable[[], bool] = lambda: True) -> T | None:
    """Run ``steps`` to its value, pausing for the event loop every
    ``slice_seconds``; None if ``wanted()`` turns false at a pause."""
    until = time.monotonic() + slice_seconds
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value
        if time.monotonic() >= until:
            await asyncio.sleep(0)
            if not wanted():
                return None
            until = time.monotonic() + slice_seconds
