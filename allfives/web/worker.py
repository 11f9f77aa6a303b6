"""The bots' PyScript worker: a request (JSON text) in, a move or an
analysis (text) out; ``alive`` answers at once, also while an analysis runs
(it pauses every ``decide.SLICE_SECONDS``), so the page can tell a busy
worker from a dead one."""

import json

from allfives.web.bots.decide import analysis, decide


def choose(request: str) -> str:
    """A bot's move for ``{"bot", "seed", "view"}``."""
    return decide(json.loads(request))


async def review(request: str) -> str:
    """The expert's analysis of one decision (``Moment`` JSON) as ``Decision`` JSON."""
    return json.dumps(await analysis(json.loads(request)))


def alive() -> str:
    return "alive"


__export__ = ["choose", "review", "alive"]
