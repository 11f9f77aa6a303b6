"""The bots' answers to JSON-like requests: a bot's move, and the expert's
analysis of one decision. The worker and the page's fallback both call
these, so they always agree."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from ...bots import make_bot
from ...bots.analysis import Moment, analysing
from ...moves import move_text
from ...view import PlayerView

# An analysis runs this long between pauses, in which the worker answers
# ``alive`` (the page asks while it waits) at a cost of a few percent.
SLICE_SECONDS = 0.1


def decide(request: dict[str, Any]) -> str:
    """``{"bot": name, "seed": ..., "view": PlayerView JSON}`` -> move text."""
    view = PlayerView.from_json(request["view"])
    bot = make_bot(request["bot"], request["seed"])
    return move_text(bot.choose(view))


async def analysis(request: dict[str, Any], slice_seconds: float = SLICE_SECONDS
                   ) -> dict[str, Any]:
    """``Moment`` JSON -> ``Decision`` JSON, computed in slices of about
    ``slice_seconds`` with a pause for the event loop after each."""
    steps = analysing(Moment.from_json(request))
    until = time.monotonic() + slice_seconds
    while True:
        try:
            next(steps)
        except StopIteration as done:
            answer: dict[str, Any] = done.value.to_json()
            return answer
        if time.monotonic() >= until:
            await asyncio.sleep(0)
            until = time.monotonic() + slice_seconds
