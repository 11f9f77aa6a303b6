"""The one writer of the page: every screen hands it a ``parts.Frame`` and
the moment's ``parts.Effect`` values; it writes only what differs from what
it wrote before (``parts.changes``) and does the effects. Screens never put
HTML or text in the page themselves (``tests/web/test_one_writer.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import js
from pyscript import document

from ..dom import found
from .parts import Effect, Frame, Part, changes, merged


class Writer:
    """What the page is known to hold (``known``: the frames written so far,
    merged), so a redraw writes only what changed."""

    def __init__(self) -> None:
        self.known: Frame = {}

    def write(self, frame: Mapping[str, Part], effects: Iterable[Effect] = ()) -> None:
        for key, part in changes(self.known, frame):
            node = found(document.querySelector(key))
            if node is None:
                js.console.warn(f"allfives: nothing on the page matches {key}")
                continue
            _put(node, part)
        self.known = merged(self.known, frame)
        for effect in effects:
            _do(effect)

    def forget(self, *keys: str) -> None:
        """Something else wrote these elements (or the page's language
        changed, with no keys: everything): the next frame writes them whole."""
        if not keys:
            self.known = {}
        for key in keys:
            self.known = {k: v for k, v in self.known.items()
                          if k != key and not k.startswith(f"{key} ")}


def _put(el: Any, part: Part) -> None:
    was_open = part.keep_open and found(el.querySelector("details[open]")) is not None
    if part.html is not None:
        el.innerHTML = part.html
    if part.text is not None:
        el.textContent = part.text
    if was_open:
        details = found(el.querySelector("details"))
        if details is not None:
            details.open = True
    for name, value in part.attrs:
        if value is None:
            el.removeAttribute(name)
        else:
            el.setAttribute(name, value)
    for name, on in part.classes:
        el.classList.toggle(name, on)
    for prop, setting in part.props:
        setattr(el, prop, setting)


def _do(effect: Effect) -> None:
    if effect.kind == "say":
        node = found(document.querySelector(effect.target))
        if node is not None:  # the same words twice in a row are changed a little, or not read
            same = str(node.textContent) == effect.text
            node.textContent = effect.text + "\u00a0" if same else effect.text
        return
    if effect.kind == "hush":
        node = found(document.querySelector(effect.target))
        if node is not None:
            node.textContent = ""
        return
    if effect.kind in ("open", "close"):
        node = found(document.getElementById(effect.target))
        if node is not None and effect.kind == "open" and not node.open:
            node.showModal()
        elif node is not None and effect.kind == "close" and node.open:
            node.close()
        return
    node = found(document.querySelector(effect.target))
    if node is None:
        return
    if effect.kind == "focus":
        node.focus()
    else:  # scroll-end
        node.scrollTop = node.scrollHeight


page = Writer()  # the page's one writer
