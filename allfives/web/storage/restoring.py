"""A backup's values kept whole or not at all. The page's thread writes
them (``static/paint.mjs``'s question ``keep-all``: every key, each rolled
back if the browser refuses one) and answers how it went, so the Python,
which may run in a worker, knows before it says anything; the mirror then
takes the values too (the page's own writes bring it no storage event)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping

from .backup import not_kept, restored
from .keys import KEYS
from .mirror import Mirror

KEEP_ALL = "keep-all"  # the question: JSON {key: value, or null to keep nothing there}
KEPT = "kept"  # its answer when every key was kept ("refused": none was)

Ask = Callable[[str, str], Awaitable[str]]  # a question and its argument; the answer


async def restore(name: str, values: Mapping[str, str], ask: Ask, storage: Mirror,
                  reopen: Callable[[], None]) -> str:
    """Keep the backup ``name``'s ``values`` (a key it does not hold: nothing
    there), then ``reopen`` the page on them; the words that say how it went."""
    wanted = {key: values.get(key) for key in KEYS}
    if not storage.available or await ask(KEEP_ALL, json.dumps(wanted)) != KEPT:
        return not_kept()
    storage.replaced(wanted)
    reopen()
    return restored(name)
