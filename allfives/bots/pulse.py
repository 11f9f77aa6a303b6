"""A long search says, between its steps, that it is still at work
(``beat``). In the bots' worker the beats go to the page
(``static/bots-worker.mjs`` listens), which takes a worker silent for
``web.bots.deadlines.SILENT_SECONDS`` for hung or dead, however long its
answer takes on a slow or busy device. Where nobody listens (CPython, the
page's own fallback) a beat does nothing.

>>> heard = []
>>> listen(lambda: heard.append("beat"), every=0.0)
>>> beat(); beat()
>>> heard
['beat', 'beat']
>>> listen(None)
>>> beat(); heard
['beat', 'beat']
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

# A listener hears at most one beat this often: a handful while the page
# allows a silence of ``SILENT_SECONDS``, few enough to cost the worker
# nothing it could measure.
EVERY_SECONDS = 0.25

_listener: Callable[[], object] | None = None
_every = EVERY_SECONDS
_last = -math.inf


def listen(listener: Callable[[], object] | None, every: float = EVERY_SECONDS) -> None:
    """Pass beats on to ``listener`` (None: to nobody), one per ``every`` seconds at most."""
    global _listener, _every, _last
    _listener, _every, _last = listener, every, -math.inf


def beat() -> None:
    """Still at work: called between the steps of a long search (a world
    played out, a slice of an analysis, a thousand positions solved)."""
    global _last
    if _listener is None:
        return
    now = time.monotonic()
    if now - _last >= _every:
        _last = now
        _listener()
