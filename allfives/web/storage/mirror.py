"""What the browser's storage holds under the game's keys, kept in memory.

The page's Python reads its storage from here and writes through here, so it
never reads ``localStorage`` itself: a worker cannot (issue 40), and the page
reads it once at the start (``static/storage.mjs`` hands over every key with
the game's prefix).

A write is one-way, as a worker's message to the page's thread is: it is
believed at once, and sent with what the mirror held before it (``was``).
The page's thread writes only if the storage still holds ``was`` (another
window may have written meanwhile, its storage event not heard here yet),
so nothing another window wrote is written over unseen. A write not done
(the browser refused it: storage full or switched off; or the storage held
something else) comes back as ``refused``: the mirror takes what the storage
holds, and tells whoever subscribed (``on_refused``: the save puts another
window's game aside and writes again). Another window's writes arrive as
``heard`` (its storage event)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

PREFIX = "allfives."
REFUSED = "allfives-refused"  # the window's event that brings a write not done (storage.mjs)

# Keep ``value`` under ``key`` in the browser (None: keep nothing there) if
# it still holds ``was`` there (None: nothing); no answer: a write not done
# comes back as ``Mirror.refused``.
Keep = Callable[[str, str | None, str | None], None]
# A write of ``key`` not done, what the storage holds there now (None:
# nothing), and whether the browser refused it (``full``) rather than
# another window having written first.
Refusal = Callable[[str, str | None, bool], None]


class Mirror:
    def __init__(self, held: Mapping[str, str] | None, keep: Keep) -> None:
        """``held``: the game's keys as the browser holds them, or None where
        the browser's storage cannot be read (then every write is refused)."""
        self.available = held is not None
        self.values = {k: v for k, v in (held or {}).items() if k.startswith(PREFIX)}
        self.keep = keep
        self.told: list[Refusal] = []

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> bool:
        """Keep ``value`` under ``key``, believed at once; False when the
        browser's storage cannot be used at all."""
        return self._write(key, value)

    def remove(self, key: str) -> bool:
        """Keep nothing under ``key``; False when storage cannot be used."""
        return self._write(key, None)

    def _write(self, key: str, value: str | None) -> bool:
        if not self.available:
            return False
        self.keep(key, value, self.values.get(key))
        self._put(key, value)
        return True

    def _put(self, key: str, value: str | None) -> None:
        if value is None:
            self.values.pop(key, None)
        else:
            self.values[key] = value

    def refused(self, key: str, now: str | None, full: bool) -> None:
        """A write of ``key`` was not done: the storage holds ``now`` there
        (None: nothing); ``full``: the browser refused it, else another
        window had written first. Each subscriber is told, in order."""
        if not key.startswith(PREFIX):
            return
        self._put(key, now)
        for tell in list(self.told):
            tell(key, now, full)

    def on_refused(self, tell: Refusal) -> None:
        self.told.append(tell)

    def replaced(self, values: Mapping[str, str | None]) -> None:
        """The page's thread kept ``values`` itself (a backup restored whole)."""
        for key, value in values.items():
            if key.startswith(PREFIX):
                self._put(key, value)

    def heard(self, key: str, value: str | None) -> None:
        """Another window changed ``key`` to ``value`` (None: removed); the key
        ``""`` says it cleared the whole storage."""
        if key == "":
            self.values.clear()
        elif key.startswith(PREFIX):
            self._put(key, value)
