"""The page's side of the bots' PyScript worker (``worker.py``).

Bots think in the worker. Until it has loaded and answered a first request
they think on the page (so a bot that moves first does not wait for a second
Pyodide); if it cannot start or stops answering, they stay on the page, the
worker is ended and the person is told. ``body[data-bots]`` says where they
think: loading, worker, page.

How each failure shows, all at once but the last: PyScript fetches the
worker's file itself, and a failed fetch surfaces only as an unhandled
promise rejection naming the file; a worker the page's Content-Security-
Policy refuses, only as a ``securitypolicyviolation``; a worker whose
Pyodide fails posts its error back and ``create_named_worker`` raises; a
worker whose own code fails loads but cannot answer the first request (its
``choose`` is missing). A worker that dies or hangs later is silent, so
every answer has a deadline (WORKER_ANSWER_SECONDS).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import create_named_worker, document, window

from ...moves import Move, parse_move
from ..dom import found, notice
from ..i18n.catalogs import _
from ..play.setup import Setup
from ..play.table import Table
from .decide import decide

WORKER_SRC = "./allfives/web/worker.py"
WORKER_NAME = "bots"
# A second Pyodide on a slow phone; the bots think on the page meanwhile.
WORKER_LOAD_SECONDS = 90.0
# The slowest move measured in the worker is an expert's, 154 ms (bench/
# think_time.json): 3 s leaves a slow phone about 20 times that, and a worker
# that died is noticed within 5 s of being asked (a late answer is dropped
# and the bot's move is made on the page: the same move, from the same seed).
WORKER_ANSWER_SECONDS = 3.0
# Where a worker that cannot start shows, if not in create_named_worker itself.
WATCHED = ("unhandledrejection", "securitypolicyviolation")


def first_request() -> dict[str, Any]:
    """The request the worker must answer before it is trusted: the cheapest
    bot's first move of a fixed deal."""
    table = Table.new(Setup(), seed=0)
    return table.bot_request(table.game.round.turn, "easy")


class BotClient:
    def __init__(self) -> None:
        self.worker: Any = None
        self.failed = False

    def start(self) -> None:
        document.body.dataset.bots = "loading"
        asyncio.ensure_future(self._load())

    async def _load(self) -> None:
        broken: asyncio.Future[str] = asyncio.get_event_loop().create_future()

        def watch(evt: Any) -> None:
            if broken.done():
                return
            if evt.type == "securitypolicyviolation":  # the page's own policy refused it
                if evt.effectiveDirective == "worker-src" and str(evt.blockedURI) == "blob":
                    broken.set_result("refused")
            elif WORKER_SRC.lstrip(".") in str(getattr(evt, "reason", "") or ""):
                evt.preventDefault()  # PyScript could not fetch the file; handled here
                broken.set_result("not found")

        listener = create_proxy(watch)
        for event in WATCHED:
            window.addEventListener(event, listener)
        loading = asyncio.ensure_future(
            create_named_worker(src=WORKER_SRC, name=WORKER_NAME, config="./pyscript.toml"))
        try:
            done, _pending = await asyncio.wait({loading, broken}, timeout=WORKER_LOAD_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            if loading in done:
                worker = loading.result()
                await ask(worker, first_request())
                self.worker = worker
                document.body.dataset.bots = "worker"
            else:
                loading.cancel()
                self._fail("could not start" if done else "took too long to start", slow=not done)
        except Exception as e:  # noqa: BLE001 - any failure means: think on the page
            self._fail(f"could not start ({type(e).__name__})")
        finally:
            for event in WATCHED:
                window.removeEventListener(event, listener)
            listener.destroy()

    def _fail(self, why: str, slow: bool = False, answered: bool = False) -> None:
        """The worker is given up: ``why`` for the console; the person is told
        it did not start, took too long (``slow``) or stopped (``answered``)."""
        if not self.failed:
            self.failed = True
            end_worker()
            document.body.dataset.bots = "page"
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

    async def choose(self, request: dict[str, Any]) -> Move:
        """The move a bot chooses for ``request`` (see ``decide``)."""
        if self.worker is not None and not self.failed:
            try:
                return parse_move(await ask(self.worker, request))
            except asyncio.CancelledError:
                raise  # a new game: nobody waits for this answer any more
            except Exception as e:  # noqa: BLE001
                self._fail(f"did not answer ({type(e).__name__})", answered=True)
        return parse_move(decide(request))


async def ask(worker: Any, request: dict[str, Any]) -> str:
    """The worker's move for ``request``; TimeoutError past the deadline."""
    answer = await asyncio.wait_for(worker.choose(json.dumps(request)), WORKER_ANSWER_SECONDS)
    return str(answer)


def end_worker() -> None:
    """Terminate the worker PyScript made, if any: one stuck in a move, or
    still loading, would go on using a core and memory."""
    script = found(document.querySelector(f"script[worker][name={WORKER_NAME}]"))
    xworker = found(getattr(script, "xworker", None)) if script is not None else None
    if xworker is not None:
        xworker.terminate()
