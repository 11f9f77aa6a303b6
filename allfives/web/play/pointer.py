"""Dragging a tile from the hand: when a press becomes a drag (the page's
thread measures it, ``static/drag.mjs``), and what a drag's start and end
mean (``Controller.drag_moved``, ``Controller.drop``)."""

from __future__ import annotations

from ...moves import parse_move
from ...tiles import parse_tile
from ..paint.events import DRAG, Draggable, Listen, PageEvent
from .controller import Controller
from .steps import Reply

DRAG_START_PX = 8  # a press that moves this far (CSS px) is a drag, not a click

# A playable tile of the hand dragged; the lit place under it glows
# (``.drop``); let go anywhere on the felt, a tile that fits one place goes there.
HAND_DRAG = Listen(DRAG, "#hand [data-playable=true]", drag=Draggable(
    targets="#board [data-target]", table="#felt", light="drop", start_px=DRAG_START_PX))


def dragged(controller: Controller, event: PageEvent) -> Reply:
    """A drag began (the tile's places light up), or ended: let go over a
    lit place or elsewhere, or cancelled (as let go off the table)."""
    tile = parse_tile(event.at.data.get("tile", ""))
    if event.value == "start":
        return controller.drag_moved(tile) if controller.can_drag(tile) else None
    move = event.target.data.get("move")
    return controller.drop(tile, parse_move(move) if move else None, event.checked is True)
