"""A fake of the page's thread's storage (``static/storage.mjs``) for the
CPython tests: a write comes as a message (``keep``) and is done later, in
order (``settle``), only where the storage still holds what the writer
believed; a write not done comes back as ``Mirror.refused``, as the window's
``allfives-refused`` event brings it."""

from __future__ import annotations

from allfives.web.storage.mirror import Mirror


class PageThread:
    def __init__(self, held: dict[str, str], full: tuple[str, ...] = ()) -> None:
        self.held = dict(held)  # what the browser's storage holds
        self.full = full  # keys the browser refuses to take
        self.sent: list[tuple[str, str | None, str | None]] = []  # every write asked, in order
        self.waiting: list[tuple[str, str | None, str | None]] = []
        self.mirror: Mirror | None = None

    def keep(self, key: str, value: str | None, was: str | None) -> None:
        self.sent.append((key, value, was))
        self.waiting.append((key, value, was))

    def attach(self, held: dict[str, str] | None = None) -> Mirror:
        """The page's Python's mirror of this storage (``held``: handed over)."""
        self.mirror = Mirror(dict(self.held) if held is None else held, self.keep)
        return self.mirror

    def other_window(self, key: str, value: str) -> None:
        """Another window writes ``key`` (its storage event not heard yet)."""
        self.held[key] = value

    def settle(self) -> list[tuple[str, str | None, bool]]:
        """Do every write waiting, tell each refusal (which may send more
        writes, done in turn); the refusals told, in order."""
        told: list[tuple[str, str | None, bool]] = []
        for _ in range(20):
            if not self.waiting:
                return told
            told += self.step()
        raise AssertionError(f"the writes never settle: {told[-6:]}")

    def step(self) -> list[tuple[str, str | None, bool]]:
        """Do the writes waiting now, then tell their refusals."""
        writes, self.waiting = self.waiting, []
        refusals = [r for r in (self.write(*w) for w in writes) if r is not None]
        for key, now, full in refusals:
            assert self.mirror is not None
            self.mirror.refused(key, now, full)
        return refusals

    def write(self, key: str, value: str | None, was: str | None
              ) -> tuple[str, str | None, bool] | None:
        now = self.held.get(key)
        if now != was:
            return key, now, False
        if key in self.full:
            return key, now, True
        if value is None:
            self.held.pop(key, None)
        else:
            self.held[key] = value
        return None
