"""The keyboard (thin): shortcut keys anywhere on the page, and arrows moving
focus within the hand and among the lit places. What a key means is decided
by the controller (``Controller.key``, ``Controller.row_focus``); the page's
thread hears only those keys, and prevents their default."""

from __future__ import annotations

from collections.abc import Callable

from ...moves import parse_move
from ..paint.events import Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..table.focus import ROW_KEYS
from .controller import SHORTCUTS, Controller
from .steps import Command, Reply

PRESS = ("Enter", " ")  # on a lit place: play there


class Keyboard:
    def __init__(self, controller: Controller, answer: Callable[[Reply], None]) -> None:
        self.controller = controller
        self.answer = answer

    def bind(self) -> None:
        listen(Listen("click", "#keys-button"), lambda _e: page.write({}, [Effect("open", "keys")]))
        # a shortcut, unless the person is typing, holds a modifier, or a dialog is open
        listen(Listen("keydown", "html", keys=SHORTCUTS, plain=True, unless="dialog[open]",
                      prevent=True), self.shortcut)
        listen(Listen("keydown", "#hand", keys=ROW_KEYS, prevent_when="#hand [data-tile]"),
               lambda e: self.arrow("hand", e.focus.data.get("tile", ""), e.key))
        listen(Listen("keydown", "#board", keys=(*PRESS, *ROW_KEYS), prevent=True),
               self.board_key)

    def shortcut(self, event: PageEvent) -> None:
        reply = self.controller.key(event.key)
        if reply == Command("keys"):
            page.write({}, [Effect("open", "keys")])
        else:
            self.answer(reply)

    def board_key(self, event: PageEvent) -> None:
        """Enter or Space on a lit place plays there; arrows move among the places."""
        move = event.focus.data.get("move", "")
        if event.key not in PRESS:
            self.arrow("board", move, event.key)
        elif move:
            self.answer(self.controller.click_place(parse_move(move)))

    def arrow(self, row: str, at: str, key: str) -> None:
        to = self.controller.row_focus(row, at, key)
        if to is not None:
            page.write({}, [Effect("focus", to)])
