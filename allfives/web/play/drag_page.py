"""The pointer on the table: a click on a lit place, and dragging a tile
from the hand onto one. Pointer events in, the controller's answers out.
Whether a press is a drag, and what a drop means,
is decided by the controller (``pointer.drag_started``, ``Controller.drop``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import js
from pyodide.ffi import create_once_callable
from pyscript import document

from ...moves import parse_move
from ...tiles import parse_tile
from ..dom import at_point, closest, on
from .controller import Controller
from .pointer import drag_started
from .steps import Reply


@dataclass
class Held:
    """A tile pressed in the hand: its button, where the press began, and
    whether it has moved far enough to be a drag."""

    button: Any
    tile: int
    x: float
    y: float
    moved: bool = False


class Drag:
    def __init__(self, controller: Controller, answer: Callable[[Reply], None]) -> None:
        self.controller = controller
        self.answer = answer
        self.held: Held | None = None
        self.swallow_click = False  # the click that ends a drag is not a click on the tile

    def bind(self, hand: Any, board: Any) -> None:
        on(board, "click", self.click)
        on(hand, "pointerdown", self.down)
        on(document, "pointermove", self.move)
        on(document, "pointerup", self.up)
        on(document, "pointercancel", lambda _e: self.end())

    def click(self, evt: Any) -> None:
        place = closest(evt, "[data-target]")
        if place is not None:
            self.answer(self.controller.click_place(parse_move(str(place.dataset.move))))

    def takes_click(self) -> bool:
        """True once for the click that follows a drag (it must be ignored)."""
        swallowed, self.swallow_click = self.swallow_click, False
        return swallowed

    def down(self, evt: Any) -> None:
        button = closest(evt, "[data-tile]")
        if button is None:
            return
        tile = parse_tile(str(button.dataset.tile))
        if self.controller.can_drag(tile):
            self.held = Held(button, tile, evt.clientX, evt.clientY)

    def move(self, evt: Any) -> None:
        held = self.held
        if held is None:
            return
        dx, dy = evt.clientX - held.x, evt.clientY - held.y
        if not held.moved:
            if not drag_started(dx, dy):
                return
            held.moved = True
            self.answer(self.controller.drag_moved(held.tile))
            held.button.classList.add("dragging")
        held.button.style.transform = f"translate({dx}px, {dy}px)"
        for target in document.querySelectorAll("#board .target.drop"):
            target.classList.remove("drop")
        over = at_point(evt.clientX, evt.clientY, "[data-target]")
        if over is not None:
            over.classList.add("drop")

    def up(self, evt: Any) -> None:
        held = self.held
        if held is None or not held.moved:
            self.held = None
            return
        self.swallow_click = True
        js.setTimeout(create_once_callable(self._stop_swallowing), 0)  # freed once called
        place = at_point(evt.clientX, evt.clientY, "[data-target]")
        on_table = at_point(evt.clientX, evt.clientY, "#felt") is not None
        self.end()
        move = parse_move(str(place.dataset.move)) if place is not None else None
        self.answer(self.controller.drop(held.tile, move, on_table))

    def _stop_swallowing(self) -> None:
        self.swallow_click = False

    def end(self) -> None:
        if self.held is not None:
            self.held.button.classList.remove("dragging")
            self.held.button.style.transform = ""
            self.held = None
