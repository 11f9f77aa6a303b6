"""The bots' PyScript worker: a request (JSON text) in, a move or an
analysis (text) out: Review's of one decision, or the coach's of the
person's decision under way (``drop`` stops it). ``alive`` answers at once,
also while an analysis runs (it pauses every ``decide.SLICE_SECONDS``), so
the page can tell a busy worker from a dead one."""

import json

from allfives.web.bots.decide import analysis, coach_analysis, decide, drop_coaching


def choose(request: str) -> str:
    """A bot's move for ``{"bot", "seed", "view"}``."""
    return decide(json.loads(request))


async def review(request: str) -> str:
    """The expert's analysis of one decision (``Moment`` JSON) as ``Decision`` JSON."""
    return json.dumps(await analysis(json.loads(request)))


async def coach(request: str) -> str:
    """Every move of the person's decision judged (``tutor.Coaching`` JSON),
    or ``{"stale": true}`` once a newer request or ``drop`` stopped it."""
    return json.dumps(await coach_analysis(json.loads(request)))


def drop() -> str:
    drop_coaching()
    return "dropped"


def alive() -> str:
    return "alive"


__export__ = ["choose", "review", "coach", "drop", "alive"]
