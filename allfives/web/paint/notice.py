"""The notice bar above the table as a frame: a plain message, an optional
button that acts on it and a button that closes it."""

from __future__ import annotations

from html import escape

from ..i18n.catalogs import _
from .parts import Frame, Part

NOTICE = "#notice"


def notice_frame(text: str, action: str | None = None) -> Frame:
    """The bar showing ``text``, with a button labelled ``action`` when given
    (``#notice-action``)."""
    button = (f'<button type="button" id="notice-action">{escape(action)}</button>'
              if action else "")
    # Translators: the button that closes a message shown above the table.
    dismiss = escape(_("Dismiss"))
    # Translators: the close button's label for screen readers.
    label = escape(_("Dismiss this message"), quote=True)
    html = (f"<span>{escape(text)}</span>{button}"
            f'<button type="button" class="close" aria-label="{label}">{dismiss}</button>')
    return {NOTICE: Part(html=html, attrs=(("hidden", None),))}


def closed_notice() -> Frame:
    """The bar hidden (what it said stays until the next notice)."""
    return {NOTICE: Part(attrs=(("hidden", ""),))}
