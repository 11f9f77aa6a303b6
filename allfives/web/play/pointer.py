"""When a press on a tile becomes a drag."""

from __future__ import annotations

DRAG_START_PX = 8  # a press that moves this far is a drag, not a click


def drag_started(dx: float, dy: float) -> bool:
    """A press that has moved this far (CSS px) is a drag."""
    return dx * dx + dy * dy >= DRAG_START_PX * DRAG_START_PX
