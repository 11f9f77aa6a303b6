"""What the browser's storage holds under the game's keys, kept in memory.

The page's Python reads its storage from here and writes through here, so it
never reads ``localStorage`` itself: a worker cannot (issue 40), and the page
reads it once at the start (``static/storage.mjs`` hands over every key with
the game's prefix). A write goes to the browser at once through ``keep``;
what the memory holds changes only when the browser took it, so a refused
write (storage full, or switched off) is never believed kept. Another
window's writes arrive as ``heard`` (its storage event)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

PREFIX = "allfives."

# Keep ``value`` under ``key`` in the browser (None: keep nothing there);
# whether the browser took it.
Keep = Callable[[str, str | None], bool]


class Mirror:
    def __init__(self, held: Mapping[str, str] | None, keep: Keep) -> None:
        """``held``: the game's keys as the browser holds them, or None where
        the browser's storage cannot be read (then every write is refused)."""
        self.available = held is not None
        self.values = {k: v for k, v in (held or {}).items() if k.startswith(PREFIX)}
        self.keep = keep

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> bool:
        """Keep ``value`` under ``key``; False when the browser refused it."""
        if not self.available or not self.keep(key, value):
            return False
        self.values[key] = value
        return True

    def remove(self, key: str) -> bool:
        """Keep nothing under ``key``; False when the browser refused."""
        if not self.available or not self.keep(key, None):
            return False
        self.values.pop(key, None)
        return True

    def heard(self, key: str, value: str | None) -> None:
        """Another window changed ``key`` to ``value`` (None: removed); the key
        ``""`` says it cleared the whole storage."""
        if key == "":
            self.values.clear()
        elif key.startswith(PREFIX):
            if value is None:
                self.values.pop(key, None)
            else:
                self.values[key] = value
