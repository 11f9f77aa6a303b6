"""The keyboard: shortcut keys anywhere on the page, and arrows moving focus
within the hand and among the lit places. What a key means is decided by
the controller (``Controller.key``, ``focus.next_focus``); this only listens and
moves focus."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from ...moves import parse_move
from ..dom import closest, el, found, on, show_dialog
from ..table.focus import next_focus
from .controller import Controller
from .steps import Command, Reply

TYPING = ("INPUT", "SELECT", "TEXTAREA")


class Keyboard:
    def __init__(self, controller: Controller, answer: Callable[[Reply], None]) -> None:
        self.controller = controller
        self.answer = answer

    def bind(self) -> None:
        on(el("keys-button"), "click", lambda _e: show_dialog("keys"))
        on(document, "keydown", self.shortcut)
        on(el("hand"), "keydown", lambda e: self.arrow(e, "#hand [data-tile]"))
        on(el("board"), "keydown", self.board_key)

    def shortcut(self, evt: Any) -> None:
        """A shortcut, unless the person is typing, holds a modifier, or a dialog is open."""
        target = found(evt.target)
        typing = target is not None and str(target.tagName) in TYPING
        if typing or evt.ctrlKey or evt.metaKey or evt.altKey or evt.defaultPrevented:
            return
        if found(document.querySelector("dialog[open]")) is not None:
            return
        reply = self.controller.key(str(evt.key))
        if reply is not None:
            evt.preventDefault()
            if reply == Command("keys"):
                show_dialog("keys")
            else:
                self.answer(reply)

    def board_key(self, evt: Any) -> None:
        """Enter or Space on a lit place plays there; arrows move among the places."""
        place = closest(evt, "[data-target]")
        if evt.key in ("Enter", " ") and place is not None:
            evt.preventDefault()
            self.answer(self.controller.click_place(parse_move(str(place.dataset.move))))
        else:
            self.arrow(evt, "#board [data-target]")

    def arrow(self, evt: Any, selector: str) -> None:
        nodes = list(document.querySelectorAll(selector))
        current = found(document.activeElement)
        index = next((i for i, n in enumerate(nodes) if n == current), 0)
        to = next_focus(index, len(nodes), str(evt.key))
        if to is not None:
            evt.preventDefault()
            nodes[to].focus()
