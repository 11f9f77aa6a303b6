"""The bots' answers to their requests: a bot's move, the expert's
analysis of one decision, the coach's (every move of the person's decision
judged) and the hint's (the move Review calls best). The worker and the
page's fallback both call them, so they always agree; the analyses run in
slices, in the worker or on the page without one.

Each request type names the worker's function that answers it (its ``call``;
``REQUESTS``); the worker exports exactly those and ``CONTROLS``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, TypedDict, TypeVar

from ...bots import make_bot
from ...bots.analysis import (
    REVIEW_PLAYOUTS,
    Best,
    Decision,
    Moment,
    MomentShare,
    Outcomes,
    analysing,
    best_of,
    outcomes,
)
from ...bots.asks import BestAsk, MoveAsk
from ...bots.game_stake import table_path
from ...bots.pulse import beat
from ...coach.tutor import CoachAsk, Coaching, coaching
from ...moves import Move

# An analysis runs this long between pauses, in which the worker beats
# (``pulse``) and takes the page's next call (a bot's move, ``drop_reviews``)
# at a cost of a few percent.
SLICE_SECONDS = 0.1
# The coach's analysis on the page (no worker) pauses this often, so the
# person's click waits at most about this long for it ...
PAGE_SLICE_SECONDS = 0.04
# ... if the pause rests this long. Pyodide resumes after ``asyncio.sleep(0)``
# by a message to itself, which the browser runs ahead of the messages from
# other threads: a Close clicked while the page played out its half of
# Review's first verdict took 182 ms at p50 to close it, pausing so; resting
# 3 ms (over Pyodide's 2 ms, a timer, behind the messages waiting), 35 ms
# (bench/click_lag.json). The worker's pauses do not rest: with them resting
# too, a whole game's review took 1.06x as long.
PAGE_REST_SECONDS = 0.003


class Pace(NamedTuple):
    """How an analysis shares its thread: ``slice`` seconds of work between
    pauses, each resting ``rest`` seconds (0: a turn of the event loop)."""

    slice: float
    rest: float = 0.0


WORKER_PACE = Pace(SLICE_SECONDS)
PAGE_PACE = Pace(PAGE_SLICE_SECONDS, PAGE_REST_SECONDS)
T = TypeVar("T")
# What the page asks the worker, each type naming the worker's function for it.
Request = MoveAsk | BestAsk | Moment | MomentShare | CoachAsk
REQUESTS: Final = (MoveAsk, BestAsk, Moment, MomentShare, CoachAsk)
# The worker's functions that take no request: a data file from the page
# (``worker.keep_data``), stop the coach, stop Review's analyses.
CONTROLS: Final = ("keep_data", "drop", "drop_reviews")


class StaleJSON(TypedDict):
    stale: Literal[True]


@dataclass(frozen=True)
class Stale:
    """The worker's answer to a coach's request that a newer one or ``drop``
    stopped (``CoachWork.analyse``'s None), or to Review's that ``drop_reviews``
    stopped (``ReviewWork.analyse``'s None)."""

    def to_json(self) -> StaleJSON:
        return {"stale": True}

    @staticmethod
    def answered(data: Mapping[str, Any]) -> bool:
        """Whether the worker's answer (JSON-like) is this one."""
        return data == {"stale": True}


STALE: Final = Stale()
# The bots whose search values a round by the game's stake (``bots.game_stake``;
# master-40, a yardstick, with 2 players);
# the others never read the stake's tables.
STAKED_LEVELS: Final = frozenset({"expert", "master", "master-40"})


def needs_table(request: Request) -> str | None:
    """The stake's table answering ``request`` reads, by its path in the
    package (``game_stake.table_path``: its rules' preset and players'), or
    None: an analysis (every judge values by the game's stake) or a staked
    level's move reads it, of rules that have one. The page puts it in place
    first (``data_files``: it is fetched)."""
    if isinstance(request, MoveAsk) and request.bot not in STAKED_LEVELS:
        return None
    return table_path(request.view.rules)

def decide(ask: MoveAsk) -> Move:
    """The move ``ask.bot`` chooses."""
    return make_bot(ask.bot, ask.seed).choose(ask.view)


async def analysis(moment: Moment, pace: Pace = WORKER_PACE) -> Decision:
    """The moment's decision analysed, in slices at ``pace`` (``sliced``)."""
    decision = await sliced(analysing(moment), pace)
    assert decision is not None  # always wanted
    return decision


async def best(ask: BestAsk, pace: Pace = WORKER_PACE,
               wanted: Callable[[], bool] = lambda: True) -> Best | None:
    """The hint: the move Review calls best for ``ask``'s decision and how it
    was valued, in slices as ``analysis``; None if ``wanted()`` turns false
    at a pause."""
    return await sliced(best_of(ask.round, ask.move, ask.view), pace, wanted)


class CoachWork:
    """The coach's analyses where they run (the worker keeps one, and so does
    the page without a worker): one wanted at a time, so a newer request (the
    person's next decision) or ``drop`` (the person has moved) stops an older one."""

    def __init__(self) -> None:
        self.wanted: int | None = None  # the id of the request worked on

    async def analyse(self, ask: CoachAsk, pace: Pace = WORKER_PACE) -> Coaching | None:
        """Every move of the person's decision judged, in slices as
        ``analysis``; None once a newer request or ``drop`` has made it stale."""
        self.wanted = ask.id
        steps = coaching(ask.round, ask.move, ask.view)
        return await sliced(steps, pace, lambda: self.wanted == ask.id)

    def drop(self) -> None:
        """Nobody waits for the coach's analysis under way any more."""
        self.wanted = None


class ReviewWork:
    """Review's analyses where they run (the worker keeps one): each decision
    is asked for in turn, and ``drop`` (the dialog closed, or shows another
    review) stops those under way, so a review opened next does not wait
    behind the one left."""

    def __init__(self) -> None:
        self.era = 0  # the analyses started before the last ``drop`` are stale

    async def analyse(self, moment: Moment) -> Decision | None:
        """The moment's decision analysed, in slices as ``analysis``; None
        once a ``drop`` has made it stale."""
        era = self.era
        return await sliced(analysing(moment), WORKER_PACE, lambda: self.era == era)

    async def share(self, ask: MomentShare) -> Outcomes | None:
        """The outcomes of ``ask``'s share of its decision's estimate, in
        slices as ``analysis``; None once a ``drop`` has made it stale."""
        era = self.era
        return await sliced(share_outcomes(ask), WORKER_PACE, lambda: self.era == era)

    def drop(self) -> None:
        """Nobody waits for Review's analyses under way any more."""
        self.era += 1


def share_outcomes(ask: MomentShare) -> Generator[None, None, Outcomes]:
    """``valuing.outcomes`` of ``ask``'s share, as Review's analysis draws its deals."""
    moment = ask.moment
    return outcomes(moment.round, moment.move, moment.view, REVIEW_PLAYOUTS, share=ask.share)


def outcomes_of(data: Mapping[str, Any]) -> Outcomes:
    """A share's outcomes from the worker's answer (``{"outcomes": ...}``,
    JSON-like: a float's JSON is the float to the last bit); TypeError,
    KeyError or ValueError for one that is not."""
    return [[(float(value), float(reply)) for value, reply in option]
            for option in data["outcomes"]]


async def sliced(steps: Generator[None, None, T], pace: Pace,
                 wanted: Callable[[], bool] = lambda: True) -> T | None:
    """Run ``steps`` to its value, pausing for the event loop every
    ``pace.slice`` seconds (with a beat: ``pulse``), ``pace.rest`` seconds
    long; None if ``wanted()`` turns false at a pause."""
    until = time.monotonic() + pace.slice
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value
        if time.monotonic() >= until:
            beat()
            await asyncio.sleep(pace.rest)
            if not wanted():
                return None
            until = time.monotonic() + pace.slice
