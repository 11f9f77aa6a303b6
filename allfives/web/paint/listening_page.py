"""The page's listeners (``events.Listeners``) wired to the page's thread
(``static/events.mjs``, which index.html loads before Python starts): a
``Listen`` is passed on as JSON, and each event comes back as JSON, is read
(``events.event_from_json``) and answered; a handler that fails is reported
(``dom.oops``), never silent."""

from __future__ import annotations

import asyncio
import json

import js
from pyodide.ffi import create_proxy

from ..dom import STORAGE, oops, spawn
from ..storage.mirror import REFUSED
from .asking import ANSWER, Asks, Question
from .events import DOCUMENT, WINDOW, Handler, Listen, Listeners, event_from_json
from .writer_page import page

_listeners = Listeners(lambda one: js.allfivesEvents.listen(json.dumps(one.to_json())))


# When the last element's event heard happened (``PageEvent.at_ms``): a click's
# move waits for the coach from the click itself (``heard_at``).
_last: list[float | None] = [None]


def _heard(text: str) -> None:
    try:
        event = event_from_json(str(text))
        if event.at_ms is not None:
            _last[0] = event.at_ms
        for result in _listeners.handle(event):
            if asyncio.iscoroutine(result):
                spawn(result)
    except Exception as e:  # noqa: BLE001 - people get a message, the console the details
        oops(e)


_proxy = create_proxy(_heard)  # for the page's lifetime
js.allfivesEvents.connect(_proxy)


# Another window's write reaches the storage's mirror first: handlers run in
# the order they were added, so whoever answers the same event reads it kept.
_listeners.on(Listen("storage", WINDOW), lambda e: STORAGE.heard(e.key, e.value))
# A write not done (static/storage.mjs): the mirror takes what storage holds
# and tells its subscribers (the save).
_listeners.on(Listen(REFUSED, WINDOW), lambda e: STORAGE.refused(e.key, e.value, e.checked is True))


_asks = Asks()
_listeners.on(Listen(ANSWER, DOCUMENT), lambda e: _asks.answered(e.key, e.value))


async def ask(question: Question, argument: str = "") -> str:
    """The page's thread's answer to ``question`` (``asking``)."""
    effect, answer = _asks.ask(question, argument)
    page.write({}, [effect])
    return await answer


def listen(one: Listen, handler: Handler | None = None) -> None:
    """Answer what ``one`` lets through with ``handler`` (a value in, never a
    DOM event); none when ``one`` only prevents a default (``send=False``)."""
    _listeners.on(one, handler)


def heard_at() -> float | None:
    """When the last event of an element happened, in ms on the page's shared
    clock (``PageEvent.at_ms``; ``now_ms`` reads it here); None before any."""
    return _last[0]


def now_ms() -> float:
    """Now on the clock ``heard_at`` reads."""
    return float(js.performance.timeOrigin + js.performance.now())
