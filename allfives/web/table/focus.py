"""Where keyboard focus moves in a row of buttons (the hand, the lit places)."""

from __future__ import annotations

FOCUS_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


def next_focus(index: int, count: int, key: str) -> int | None:
    """The element an arrow, Home or End key moves to in a row of ``count``
    (the hand, or the lit places), wrapping round; None for other keys."""
    if count <= 0:
        return None
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    step = FOCUS_KEYS.get(key)
    return None if step is None else (index + step) % count
