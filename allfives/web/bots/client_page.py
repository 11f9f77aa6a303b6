"""The page's side of the bots' worker (``static/bots.mjs`` starts it,
``static/bots-worker.mjs`` runs ``worker.py`` in it): the one
client through which the page asks for bots' moves, the hint and Review's
and the coach's analyses.

The worker is started once the table is playable (``start``), so its
Pyodide does not compete with the page's own first load; until it has loaded
and answered a first request, moves and hints are found on the page and
analyses wait for it. If it cannot start or stops answering, everything is done on the
page, the worker is ended, the person is told once and play goes on.
``body[data-bots]`` says where bots think: loading, worker, page.

How each failure shows: the worker says whether it started (``started``:
its script or the package not fetched, a status or a network error; its
Python failing as it runs ``worker.py``), and a worker that cannot even load
(its module missing, or refused by the page's Content-Security-Policy) as an
error event, at once either way; a worker that starts must still answer a
first request before it is trusted. A worker that
dies or hangs later falls silent (a working one beats: ``deadlines``), so
every answer is waited for only while the worker is heard from. An error the
worker answers (a bug in its code, not a dead worker) keeps the worker: it is
reported (``WorkerError``, the console's details, a plain ``#notice``), never
hidden by thinking again on the page.

The stake's tables a request reads are fetched and handed to the worker
first (``tables_page``).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import js

from ...bots.analysis import (
    Best,
    Decision,
    Moment,
    MomentShare,
    Share,
    estimated,
    shared_decision,
)
from ...bots.asks import BestAsk, MoveAsk
from ...coach.tutor import CoachAsk, Coaching
from ...moves import Move, parse_move
from ...rules import Rules
from ..i18n.catalogs import _
from ..paint.notice_page import notice
from ..paint.parts import Part
from ..paint.writer_page import page
from ..table.setup import Setup
from ..table.table import Table
from .answers import read_best, read_coaching, read_review, read_share
from .deadlines import MOVE_SECONDS, SILENT_SECONDS, left
from .decide import (
    PAGE_PACE,
    CoachWork,
    Request,
    analysis,
    best,
    decide,
    share_outcomes,
    sliced,
)
from .tables_page import StakeTables

# A second Pyodide on a slow phone; the bots think on the page meanwhile.
WORKER_LOAD_SECONDS = 90.0
# The first request (the easy bot's) must be answered within SILENT_SECONDS, or
# as long as the worker took to start if that was longer: a fresh Python's first
# call is its slowest, and a device (or a moment) slow to start it is slow to
# answer too. Every later answer is waited for while the worker is heard from
# (``deadlines``), a move's for MOVE_SECONDS at most, an analysis' for
# REVIEW_SECONDS (one decision takes well under a second here:
# bench/review_time.json; far longer on a slow phone). So a worker that died
# or hangs is noticed within seconds of falling silent; a move it did not
# answer is made on the page: the same move, from the same seed.
REVIEW_SECONDS = 60.0
T = TypeVar("T")


def first_request() -> MoveAsk:
    """The request the worker must answer before it is trusted: the cheapest
    bot's first move of a fixed deal."""
    table = Table.new(Setup(), seed=0)
    return table.bot_request(table.game.round.turn, "easy")


class BotClient:
    def __init__(self, playing: Callable[[], Rules]) -> None:
        self.playing = playing  # the rules of the game on the table
        self.link: Any = None  # the worker started (static/bots.mjs), to be ended if given up
        self.worker: Any = None  # the same, once it has answered a first request
        self.failed = False
        self.loaded: asyncio.Future[None] | None = None  # set once started, done once settled
        self.coaching = CoachWork()  # the coach's analysis on the page, without a worker
        self.tables = StakeTables(self._keep_data)
        # stops the work asked while play waits (Review's analysis ahead):
        # anything else asked of the worker goes before it
        self.on_demand: Callable[[], None] | None = None

    def start(self) -> None:
        """Load the worker (once; later calls do nothing)."""
        if self.loaded is not None:
            return
        self.loaded = asyncio.get_event_loop().create_future()
        page.write({"body": Part(attrs=(("data-bots", "loading"),))})
        asyncio.ensure_future(self._load(self.loaded))

    async def _load(self, loaded: asyncio.Future[None]) -> None:
        try:
            self.link = js.allfivesBots.start()
            began = time.monotonic()
            try:
                problem = await asyncio.wait_for(self.link.started, WORKER_LOAD_SECONDS)
                if not problem:
                    first = first_request()
                    await asyncio.wait_for(
                        self.link.call(first.call, json.dumps(first.to_json())),
                        max(SILENT_SECONDS, time.monotonic() - began))
            except TimeoutError:
                self._fail("took too long to start", slow=True)
                return
            if problem:
                self._fail(str(problem))
                return
            self.worker = self.link
            page.write({"body": Part(attrs=(("data-bots", "worker"),))})
        except Exception as e:  # noqa: BLE001 - any failure means: think on the page
            self._fail(f"could not start ({type(e).__name__})")
        finally:
            loaded.set_result(None)
            await self.tables.ahead(self.playing(),
                                    lambda: self.worker is not None and not self.failed)

    def _fail(self, why: str, slow: bool = False, answered: bool = False) -> None:
        """The worker is given up: ``why`` for the console; the person is told
        (once) it did not start, took too long (``slow``) or stopped (``answered``)."""
        if not self.failed:
            self.failed = True
            if self.link is not None:
                self.link.end()
            page.write({"body": Part(attrs=(("data-bots", "page"),))})
            js.console.warn(f"allfives: bot worker {why}")
            if answered:
                said = _("The bots' background worker did not answer, so they now think on "
                         "this page; it may pause briefly while they do.")
            elif slow:
                said = _("The bots' background worker took too long to start, so they now "
                         "think on this page; it may pause briefly while they do.")
            else:
                said = _("The bots' background worker could not start, so they now think on "
                         "this page; it may pause briefly while they do.")
            notice(said)

    def working(self) -> bool:
        """Whether the worker has started and is trusted."""
        return self.worker is not None and not self.failed

    async def _ask(self, request: Request, seconds: float, read: Callable[[str], T],
                   posted: asyncio.Future[None] | None = None, ahead: bool = False) -> T | None:
        """The worker's answer to ``request`` (sent as its JSON to the
        worker's function named by its ``call``) within ``seconds``, read;
        None once there is no worker (then the caller works on the page). A
        worker silent too long (``_heard``) is given up: it died or hangs.
        An error the worker answers (a bug in its code) is no sign of a dead
        worker: it is reported and raised (``WorkerError``), never hidden by
        thinking again on the page. Unless asked ``ahead`` (while play
        waits), it stops the work asked so first (``on_demand``)."""
        if not self.working():
            return None
        if not ahead and self.on_demand is not None:
            stop, self.on_demand = self.on_demand, None
            stop()
        call = request.call
        try:
            await self.tables.handed_for(request)
            text = await self._heard(call, json.dumps(request.to_json()), seconds, posted)
        except TimeoutError:  # dead or hung: work on the page
            self._fail("did not answer (TimeoutError)", answered=True)
            return None
        except Exception as e:  # noqa: BLE001 - the worker's own error: a bug, reported
            if self.failed:  # given up meanwhile (another request's silence): ended by us
                return None
            raise worker_error(call, e) from e
        try:
            return read(text)
        except Exception as e:  # noqa: BLE001 - an answer that is not one: a bug, reported
            raise worker_error(call, e) from e

    async def _heard(self, call: str, text: str, seconds: float,
                     posted: asyncio.Future[None] | None = None) -> str:
        """The worker's answer to ``call`` with ``text``, waited for while the
        worker is heard from (an answer or a beat within ``SILENT_SECONDS``:
        ``deadlines.left``) and ``seconds`` at most; TimeoutError once not.
        ``posted`` is set as the request is sent."""
        async def called() -> str:
            answered = self.worker.call(call, text)
            if posted is not None and not posted.done():
                posted.set_result(None)
            return str(await answered)

        asked = time.monotonic()
        answer = asyncio.ensure_future(called())
        try:
            while not answer.done():
                wait = left(time.monotonic() - asked, float(self.worker.quiet()),
                            SILENT_SECONDS, seconds)
                if wait <= 0:
                    raise TimeoutError
                await asyncio.wait({answer}, timeout=wait)
            return answer.result()
        finally:
            answer.cancel()  # given up, or nobody waits for it any more (no-op once done)

    async def _keep_data(self, path: str, text: str) -> None:
        """Give the worker a data file (``tables_page``), while it is heard from."""
        await self._heard("keep_data", json.dumps([path, text]), MOVE_SECONDS)

    async def choose(self, request: MoveAsk) -> Move:
        """The move a bot chooses for ``request`` (see ``decide``), in the
        worker while it is heard from (``_heard``), else on the page."""
        await self.tables.fetched(request)
        move = await self._ask(request, MOVE_SECONDS, parse_move)
        if move is None:
            # No worker yet, or it has just been given up: think on the page, once the
            # page has shown what it just said (a master's move holds the page a while).
            await asyncio.sleep(0)
            return decide(request)
        return move

    async def hint(self, request: BestAsk, wanted: Callable[[], bool]) -> Best | None:
        """The move Review calls best and how it was valued (``decide.best``):
        in the worker, or until it is ready and without one, on the page in
        slices short enough for the person's clicks (``decide.PAGE_PACE``)
        and stopped once not ``wanted()`` (None then: play has moved on)."""
        await self.tables.fetched(request)
        found = await self._ask(request, REVIEW_SECONDS, read_best)
        if found is None:
            return await best(request, PAGE_PACE, wanted)
        return found

    async def review(self, request: Moment, waited: bool = False) -> Decision:
        """One decision analysed: in the worker, waiting while it loads; on
        the page without one. ``waited``: the person waits for this one
        (Review's first verdict or the one at its shown position, a puzzle's
        check), so an estimate (``estimated``) is shared with the page,
        which plays out every other deal meanwhile: the same decision to the
        last bit, in about half the time on a device with a core for each.
        The others are the worker's alone, so the page draws each verdict
        while the worker works on the next (with every decision shared, each
        waiting for a page that also draws, a whole game's review took 0.9 to
        1.7 times as long: 5 games)."""
        self.start()
        assert self.loaded is not None
        await asyncio.gather(asyncio.shield(self.loaded), self.tables.fetched(request))
        if waited and estimated(request.view) and self.worker is not None and not self.failed:
            return await self._shared_review(request)
        found = await self._reviewed(request, read_review)
        if found is None:
            # in slices: the page stays responsive
            return await analysis(request, PAGE_PACE)
        return found

    async def review_ahead(self, request: Moment) -> Decision | None:
        """``review``'s analysis asked while play waits: the worker's alone,
        stopped by anything else asked of it (``on_demand``); None without a
        worker (the page, whose clicks come first, does none of it)."""
        if not self.working():
            return None
        await self.tables.fetched(request)
        return await self._reviewed(request, read_review, ahead=True)

    async def _shared_review(self, request: Moment) -> Decision:
        """``review``'s estimate, the second share asked of the worker while
        the page plays out the first in slices short enough for the person's
        clicks (``decide.PAGE_PACE``); the worker's share too if it is
        given up meanwhile."""
        posted: asyncio.Future[None] = asyncio.get_event_loop().create_future()

        def settled(_theirs: object) -> None:  # no worker, given up, its error
            if not posted.done():
                posted.set_result(None)

        theirs = asyncio.ensure_future(
            self._reviewed(MomentShare(request, Share(1, 2)), read_share, posted))
        theirs.add_done_callback(settled)
        try:
            # the worker asked (its table handed first) before the page's first slice
            # holds the page's loop: asked after it, the worker's share started
            # 0.41-0.58 s after the page's in a fresh page (3 players), 0.04 s later on
            await posted
            mine = await sliced(share_outcomes(MomentShare(request, Share(0, 2))), PAGE_PACE)
            found = await theirs
        finally:
            theirs.cancel()  # the review closed: nobody waits for it
        if found is None:
            found = await sliced(share_outcomes(MomentShare(request, Share(1, 2))), PAGE_PACE)
        assert mine is not None and found is not None  # always wanted
        return shared_decision(request, [mine, found])

    async def _reviewed(self, request: Moment | MomentShare,
                        read: Callable[[str], tuple[T | None]],
                        posted: asyncio.Future[None] | None = None,
                        ahead: bool = False) -> T | None:
        """The worker's answer to one of Review's requests, read (``read``:
        None in its 1-tuple for ``decide.Stale``); None once there is no
        worker. ``posted`` is set once the request is sent (``_heard``);
        ``ahead`` as ``_ask``'s."""
        while True:
            answer = await self._ask(request, REVIEW_SECONDS, read, posted, ahead)
            if answer is None or answer[0] is not None:
                return None if answer is None else answer[0]
            # dropped (``drop_reviews``) for a review closed meanwhile, while this was
            # still wanted (a puzzle's check, say): asked again

    async def coach(self, request: CoachAsk) -> Coaching | None:
        """The coach's analysis of the person's decision (``decide.CoachWork``;
        None once stale): in the worker, waiting while it loads; without one,
        on the page, in slices short enough for the person's clicks
        (``decide.PAGE_PACE``), so a coach the person turned on keeps watching."""
        self.start()
        assert self.loaded is not None
        await asyncio.gather(asyncio.shield(self.loaded), self.tables.fetched(request))
        answer = await self._ask(request, REVIEW_SECONDS, read_coaching)
        if answer is None:
            return await self.coaching.analyse(request, PAGE_PACE)
        return answer[0]

    def drop_coaching(self) -> None:
        """The worker stops the coach's analysis under way (nobody waits for it)."""
        self._drop("drop")

    def drop_reviews(self) -> None:
        """The worker stops Review's analyses under way (the dialog closed, or
        shows another review, or play goes on): a request asked next does not
        wait behind them."""
        self._drop("drop_reviews")

    def _drop(self, control: str) -> None:
        """``control`` sent to the worker now, ahead of anything asked after it."""
        if self.working():
            asyncio.ensure_future(dropped(self.worker.call(control, "")))


async def dropped(answer: Awaitable[object]) -> None:
    """The worker's answer to a drop, waited for ``SILENT_SECONDS`` at most."""
    try:
        await asyncio.wait_for(answer, SILENT_SECONDS)
    except Exception:  # noqa: BLE001 - a worker that fails shows in its next answer
        return


class WorkerError(Exception):
    """The bots' worker answered with an error: a bug in its code, not a dead worker."""


def worker_error(call: str, error: Exception) -> WorkerError:
    """The worker's error in ``call``, its details in the console; the error
    raised to the caller (its task reports it to the person: ``dom.spawn``)."""
    js.console.error(f"allfives: the bots' worker failed in {call}: "
                     f"{type(error).__name__}: {error}")
    return WorkerError(f"the bots' worker failed in {call}")
