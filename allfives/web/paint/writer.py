"""The page's one writer, as values: every screen hands it a ``parts.Frame``
and the moment's ``parts.Effect`` values; it keeps what the page is known to
hold and sends only what differs (``parts.changes``), with the effects, as
one JSON message to whatever applies it in the page (``static/paint.mjs``).
Pure: the message crosses from the page's Python to the page's thread as
text, the same whether that Python runs beside the page or in a worker."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping

from .parts import Effect, Frame, Part, changes, effects_to_json, frame_to_json, merged


class Writer:
    """What the page is known to hold (``known``: the frames written so far,
    merged), so a redraw sends only what changed to ``send``."""

    def __init__(self, send: Callable[[str], object]) -> None:
        self.known: Frame = {}
        self._send = send

    def write(self, frame: Mapping[str, Part], effects: Iterable[Effect] = ()) -> None:
        acts = list(effects)
        diff = changes(self.known, frame)
        self.known = merged(self.known, frame)
        if diff or acts:
            self._send(message(dict(diff), acts))

    def forget(self, *keys: str) -> None:
        """Something else wrote these elements (or the page's language
        changed, with no keys: everything): the next frame writes them whole."""
        if not keys:
            self.known = {}
        for key in keys:
            self.known = {k: v for k, v in self.known.items()
                          if k != key and not k.startswith(f"{key} ")}


def message(frame: Mapping[str, Part], effects: Iterable[Effect] = ()) -> str:
    """What ``static/paint.mjs`` applies: the parts to write, then the effects."""
    return json.dumps({"changes": frame_to_json(frame), "effects": effects_to_json(effects)},
                      separators=(",", ":"), ensure_ascii=False)
