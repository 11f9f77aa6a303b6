"""Keyboard focus at either table (thin): the one refocus helper of the page.
A redraw may replace or disable the element that had focus (or a dialog
closes): focus then goes where the table says, never left on the page. The
page's thread decides whether it had fallen (``focus.refocus``)."""

from __future__ import annotations

from ..paint.writer_page import page
from .focus import refocus as refocusing


def refocus(*selectors: str | None, always: bool = False) -> None:
    """Focus the first of ``selectors`` on the page, if focus was lost
    (``always``: wherever it is)."""
    page.write({}, refocusing(*selectors, always=always))
