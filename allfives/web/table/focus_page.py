"""Keyboard focus at either table (thin): the one refocus helper of the page.
A redraw may replace or disable the element that had focus (or a dialog
closes): focus then goes where the table says, never left on the page."""

from __future__ import annotations

from pyscript import document

from ..dom import found
from ..paint.parts import Effect
from ..paint.writer_page import page


def lost() -> bool:
    """Whether focus fell to the page (its element was redrawn, or none had it)."""
    active = found(document.activeElement)
    return active is None or active == document.body or not active.isConnected


def within(selector: str) -> bool:
    """Whether focus is inside an element matching ``selector``."""
    active = found(document.activeElement)
    return active is not None and found(active.closest(selector)) is not None


def refocus(*selectors: str | None, always: bool = False) -> None:
    """Focus the first of ``selectors`` on the page, if focus was lost
    (``always``: wherever it is)."""
    if not always and not lost():
        return
    for selector in selectors:
        if selector and found(document.querySelector(selector)) is not None:
            page.write({}, [Effect("focus", selector)])
            return
