"""The game saved after every move, never over another window's game
(``tabs.before_write``: it is put aside first), through the storage's
mirror: a write is believed at once and may come back refused
(``Mirror.on_refused``). Pure: the page module (``saves_page``) only
passes the mirror and the warning in.

A save refused because the browser would not take it (storage full or
switched off) is said once (``warn``), and ``mine`` goes back to what it
was before that write. A save refused because another window wrote first
is written again, once per refusal, as any save is: that window's game goes
aside first, unless it is this one's own game further on or back. The games
put aside, refused because another window changed them first, are read
again with this save's game put aside among them."""

from __future__ import annotations

import json
from collections.abc import Callable

from ..storage.keys import ASIDE_KEY, SAVE_KEY
from ..storage.mirror import Mirror
from .table import Table
from .tabs import aside_list, before_write


class Saver:
    def __init__(self, storage: Mirror, warn: Callable[[], None]) -> None:
        """``warn``: says that the browser would not save the game (once)."""
        self.storage = storage
        self.warn = warn
        self.warned = False
        self.mine = storage.get(SAVE_KEY)  # the save this window last read or wrote
        self.before = self.mine  # ``mine`` before the last write: back to it if refused
        self.text: str | None = None  # the last save written: again if another came first
        # the save the last write put aside, and ``mine`` then: put aside again
        # if another window changed the games put aside first
        self.over: tuple[str | None, str | None] | None = None
        storage.on_refused(self.refused)

    def save(self, table: Table) -> None:
        self.write(table.to_save())

    def write(self, text: str) -> None:
        now = self.storage.get(SAVE_KEY)
        self.over = None
        if now != text:
            self.put_aside(text, now, self.mine)
        self.text = text
        if self.storage.set(SAVE_KEY, text):
            self.before, self.mine = self.mine, text
        else:
            self.refuse()

    def put_aside(self, text: str, now: str | None, mine: str | None) -> None:
        """What ``text`` written over ``now`` puts aside (``before_write``)."""
        aside = aside_list(self.storage.get(ASIDE_KEY))
        kept = before_write(text, now, mine, aside)
        if kept != aside:
            self.over = (now, mine)
            self.storage.set(ASIDE_KEY, json.dumps(kept))

    def refused(self, key: str, now: str | None, full: bool) -> None:
        """A write of ``key`` not done (``Mirror.refused``); the mirror holds ``now``."""
        if key == ASIDE_KEY and not full and self.text is not None and self.over is not None:
            # another window changed the games put aside first: this save's goes in theirs
            self.put_aside(self.text, *self.over)
        if key != SAVE_KEY or self.text is None:
            return
        if now == self.text:
            self.mine = now  # what this window wrote is there after all
            return
        self.mine = self.before
        if full:
            self.refuse()
        else:
            self.write(self.text)  # over what came first, put aside if it is another game

    def refuse(self) -> None:
        if not self.warned:
            self.warned = True  # say it once, not after every move
            self.warn()
