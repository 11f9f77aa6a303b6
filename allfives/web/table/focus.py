"""Where keyboard focus moves in a row of buttons (the hand, the lit places),
and where it goes when the table is drawn anew: as ``refocus`` effects,
which the page's thread applies by where focus is as they come (so the
page's Python never reads it)."""

from __future__ import annotations

from collections.abc import Sequence

from ...tiles import NAMES
from ..paint.parts import Effect
from .hand import HandState

FOCUS_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
ROW_KEYS = (*FOCUS_KEYS, "Home", "End")  # the keys that move focus in a row
TABLE = "#hand, #board, .controls"  # focus here is at the table


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


def step(row: Sequence[str], at: str, key: str) -> str | None:
    """The item of ``row`` (as drawn, in order) that ``key`` moves focus to
    from ``at`` (from the first item when ``at`` is none of them)."""
    to = next_focus(row.index(at) if at in row else 0, len(row), key)
    return None if to is None else row[to]


def refocus(*selectors: str | None, always: bool = False) -> list[Effect]:
    """Focus on the first of ``selectors`` on the page, if focus fell to the
    page (``always``: wherever it is)."""
    return [Effect("refocus", s, "*" if always else "") for s in selectors if s]


def at_table(selector: str | None) -> list[Effect]:
    """Focus on ``selector`` if focus is at the table or fell to the page."""
    return [Effect("refocus", selector, TABLE), Effect("refocus", selector)] if selector else []


def hand_drawn_anew(hand: HandState) -> list[Effect]:
    """Focus, when ``hand`` is drawn anew, if it was at the table or fell to
    the page: it stays on the tile that had it where it can, else goes where
    ``HandState.focus_after`` says (the effects go with the hand's frame,
    so where focus was is read before the hand is written)."""
    keep = [f'#hand [data-tile="{NAMES[t]}"]' for t in hand.tiles
            if hand.focus_after(t) == f'#hand [data-tile="{NAMES[t]}"]']
    return [Effect("refocus", s, s) for s in keep] + at_table(hand.focus_after(None))
