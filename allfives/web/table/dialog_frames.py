"""The table's own dialogs as frames (``paint.parts``): the question asked
before a game in progress ends (``#confirm``) and the game put aside
(``#aside``); ``confirm_page`` and ``tabs_page`` hand them to the page's
one writer."""

from __future__ import annotations

from ..paint.parts import Frame, Part


def confirm_frame(question: tuple[str, str, str]) -> Frame:
    """``#confirm`` asking ``question``: its title, its text and the
    go-ahead button's label (``ending`` words them)."""
    title, text, label = question
    return {"#confirm-title": Part(text=title), "#confirm-text": Part(text=text),
            "#confirm-go": Part(text=label)}


def aside_frame(described: str) -> Frame:
    """``#aside`` offering back the game put aside, as ``tabs.describe`` says it."""
    return {"#aside-game": Part(text=described)}
