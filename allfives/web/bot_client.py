"""The page's side of the bots' PyScript worker (``worker.py``).

Bots think in the worker. Until it has loaded they think on the page (so a
bot that moves first does not wait for a second Pyodide); if it cannot start
or stops answering, they stay on the page and the person is told.
``body[data-bots]`` says where they think: loading, worker, page.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import create_named_worker, document, window

from .decide import decide
from .dom import notice

WORKER_SRC = "./allfives/web/worker.py"
WORKER_LOAD_SECONDS = 90.0
WORKER_ANSWER_SECONDS = 30.0


class BotClient:
    def __init__(self) -> None:
        self.worker: Any = None
        self.failed = False

    def start(self) -> None:
        document.body.dataset.bots = "loading"
        asyncio.ensure_future(self._load())

    async def _load(self) -> None:
        broken: asyncio.Future[str] = asyncio.get_event_loop().create_future()

        def watch(evt: Any) -> None:  # PyScript reports a worker it cannot fetch only here
            reason = str(getattr(evt, "reason", "") or "")
            if WORKER_SRC.lstrip(".") in reason and not broken.done():
                broken.set_result(reason)

        listener = create_proxy(watch)
        window.addEventListener("unhandledrejection", listener)
        loading = asyncio.ensure_future(
            create_named_worker(src=WORKER_SRC, name="bots", config="./pyscript.toml"))
        try:
            done, _ = await asyncio.wait({loading, broken}, timeout=WORKER_LOAD_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            if loading in done:
                self.worker = loading.result()
                document.body.dataset.bots = "worker"
            else:
                loading.cancel()
                self._fail("could not start" if done else "took too long to start")
        except Exception as e:  # noqa: BLE001 - any failure means: think on the page
            self._fail(f"could not start ({type(e).__name__})")
        finally:
            window.removeEventListener("unhandledrejection", listener)
            listener.destroy()

    def _fail(self, why: str) -> None:
        if not self.failed:
            self.failed = True
            document.body.dataset.bots = "page"
            js.console.warn(f"allfives: bot worker {why}")
            notice(f"The bots' background worker {why}, so they now think on this page; "
                   "it may pause briefly while they do.")

    async def choose(self, request: dict[str, Any]) -> str:
        """The move text a bot chooses for ``request`` (see ``decide``)."""
        if self.worker is not None and not self.failed:
            try:
                answer = await asyncio.wait_for(self.worker.choose(json.dumps(request)),
                                                WORKER_ANSWER_SECONDS)
                return str(answer)
            except asyncio.CancelledError:
                raise  # a new game: nobody waits for this answer any more
            except Exception as e:  # noqa: BLE001
                self._fail(f"did not answer ({type(e).__name__})")
        return decide(request)
