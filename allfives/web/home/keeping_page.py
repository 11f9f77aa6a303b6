"""Keeping the page's storage, in the page (thin): after a game on this
device ends, ``navigator.storage.persist()`` is asked when ``keeping`` says
so, the answer kept (``allfives.keeping``), and where it is refused the
game-over panel offers a backup (``#keep-reminder``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

from ..dom import store, stored_json
from ..paint.events import Listen
from ..paint.listening_page import ask, listen
from ..paint.parts import Part, shown
from ..paint.writer_page import page
from ..storage.keys import KEEPING_KEY
from ..table.clock_page import today
from .keeping import Answer, Keeping


class KeepingPage:
    def __init__(self, backup: Callable[[], None]) -> None:
        self.backup = backup  # downloads the backup (Settings' own)

    def bind(self) -> None:
        listen(Listen("click", "#keep-reminder-download"), lambda _e: self.backup())
        for button in ("keep-reminder-download", "backup-download"):
            listen(Listen("click", f"#{button}"), lambda _e: self.backed_up())
        listen(Listen("close", "#game-over"),
               lambda _e: page.write({"#keep-reminder": Part(attrs=(shown(False),))}))

    def state(self) -> Keeping:
        return Keeping.from_json(stored_json(KEEPING_KEY))

    def keep(self, state: Keeping) -> None:
        store(KEEPING_KEY, json.dumps(state.to_json()))

    def backed_up(self) -> None:
        """A backup was downloaded: no reminder for a while."""
        self.keep(replace(self.state(), backed_up=today()))

    async def game_over(self) -> None:
        """A game on this device ended: ask to keep the storage, or remind."""
        day, state = today(), self.state()
        if state.ask(day):
            state = state.answered(await ask_browser(), day)
        if state.remind(day):
            page.write({"#keep-reminder": Part(attrs=(shown(True),))})
            state = replace(state, reminded=day)
        self.keep(state)


async def ask_browser() -> Answer:
    """The browser's answer to keeping this page's storage (asked in the page's thread)."""
    answer = await ask("persist")
    return "granted" if answer == "granted" else "refused" if answer == "refused" else "missing"
