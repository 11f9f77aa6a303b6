"""A board drawn into its SVG element, for the element's shape: the one
drawing of the table's, Review's and the puzzles' boards (what each shows is
a ``BoardScene``, built by pure code)."""

from __future__ import annotations

from ..dom import el
from .board import BoardScene, scene_board


def draw(node_id: str, scene: BoardScene, whole_pixels: bool = False) -> None:
    """Draw ``scene`` into the SVG ``#node_id``, for the box it has now (so,
    in a dialog, once the dialog is open). ``whole_pixels``: the box measured
    in whole CSS pixels (``clientWidth``), as the dialogs' boards always were;
    the table's is measured exactly (their reference pictures hold both)."""
    node = el(node_id)
    if whole_pixels:
        width, height = float(node.clientWidth), float(node.clientHeight)
    else:
        shape = node.getBoundingClientRect()
        width, height = shape.width, shape.height
    drawn = scene_board(scene, width, height)
    node.setAttribute("viewBox", drawn.view_box)
    node.innerHTML = drawn.svg
