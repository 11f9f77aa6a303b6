"""What a person does, as values: the page's thread listens where the page's
Python asks (a ``Listen``: an event kind at the elements a selector matches,
delegated from the document by ``static/events.mjs``) and sends each event
as a ``PageEvent``: the element's hook (its id and ``data-*`` attributes),
a field's value, a key, a form's fields; never a DOM object. So the Python
that decides runs the same beside the page or in a worker, and every screen's
answer to a click or a key is testable in CPython.

Whether the browser's own default is prevented is decided in the page's
thread when the event happens (a worker's answer would come too late), from
what the ``Listen`` says and what the page shows: ``prevent`` always,
``prevent_when`` while a selector matches in the page (a frame sets the
attribute it names)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

WINDOW = ":window"
DOCUMENT = ":document"
SIZE = "size"
DRAG = "drag"
MEDIA = "media"


@dataclass(frozen=True)
class Size:
    """An element's box: exact CSS pixels (``width``, ``height``) and whole
    ones (``client_width``, ``client_height``: what ``clientWidth`` says)."""

    width: float
    height: float
    client_width: int
    client_height: int


@dataclass(frozen=True)
class Draggable:
    """What a ``DRAG`` Listen drags (``static/drag.mjs``, on the page's thread:
    a drag follows the finger at the screen's pace): an element its selector
    matches, pressed and moved ``start_px``, follows the pointer; the element
    under it that ``targets`` matches gets the class ``light``. Events come
    as it starts (``value`` "start"), and as it is let go ("drop": the
    target's hook as ``PageEvent.target``, ``checked``: whether it ended over
    ``table``) or cancelled ("cancel"); the click after a drop is no click."""

    targets: str
    table: str
    light: str
    start_px: float

    def to_json(self) -> dict[str, Any]:
        return {"targets": self.targets, "table": self.table, "light": self.light,
                "start_px": self.start_px}


@dataclass(frozen=True)
class Listen:
    """``kind`` events at the element nearest the target that ``selector``
    matches, or at the window or the document itself (``WINDOW``,
    ``DOCUMENT``: another window's storage written, with its key, ``""``
    when cleared; the page hidden or shown, its visibility the value; a
    resize). The kind ``SIZE`` watches the box of each element the selector
    matches when it is asked: its size comes when it changes (and once at
    first), as ``PageEvent.size``; the kind ``MEDIA``, whether the page
    matches the media query its selector is (``PageEvent.checked``), at first
    and whenever that changes. ``keys``: only these keys (``KeyboardEvent.key``); ``plain``:
    not while a modifier is held or the person types in a field; ``unless``:
    not while the page has a match for this selector (an open dialog);
    ``prevent``/``prevent_when``: the default is prevented always, or while
    the page has a match for that selector; ``file_limit``: a file chosen in
    a file field or dropped comes along as text when it has at most this
    many bytes (its name and size always); ``send``: False when the Listen
    only prevents the default (a drag over the page, on every move) and
    nothing need answer; ``drag``: what a ``DRAG`` Listen drags."""

    kind: str
    selector: str
    keys: tuple[str, ...] = ()
    plain: bool = False
    unless: str = ""
    prevent: bool = False
    prevent_when: str = ""
    file_limit: int = 0
    send: bool = True
    drag: Draggable | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind, "selector": self.selector, "keys": list(self.keys),
            "plain": self.plain, "unless": self.unless, "prevent": self.prevent,
            "prevent_when": self.prevent_when, "file_limit": self.file_limit,
            "send": self.send}
        if self.drag is not None:
            out["drag"] = self.drag.to_json()
        return out


@dataclass(frozen=True)
class Hook:
    """An element as the page's Python may know it: its id and data attributes
    (``data-tile`` as ``data["tile"]``)."""

    id: str = ""
    data: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Control:
    """A field of the form the event happened in (one with a name or an id),
    as it stands."""

    name: str
    type: str
    value: str
    checked: bool = False
    disabled: bool = False
    id: str = ""
    data: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class File:
    """A file the person chose or dropped: its ``text`` when it is no longer
    than the ``Listen``'s ``file_limit`` (else None: too big to read)."""

    name: str
    size: int
    text: str | None


@dataclass(frozen=True)
class PageEvent:
    """One event a ``Listen`` let through: which (``kind``, ``selector``), the
    element it matched (``at``), a field's ``value`` and ``checked``, the
    ``key`` and Shift, the ``form`` it happened in (its named fields, in
    order) and the name of the ``field`` it happened at, a ``file`` chosen or
    dropped, an element's ``size`` (a ``SIZE`` Listen), the element that
    had the focus (``focus``: a key's arrows move from it), and the element a
    dragged one was let go over (``target``, a ``DRAG`` Listen's). ``keyed``:
    a click a key made (Enter or Space on a button: ``UIEvent.detail`` 0), so
    focus may move on as a keyboard's user expects. ``at_ms``: when an
    element's event happened, in milliseconds on the clock every thread of
    the page shares (``performance.timeOrigin`` plus the event's
    ``timeStamp``), so that what it waits for is timed from the person's act."""

    kind: str
    selector: str
    at: Hook = Hook()
    value: str | None = None
    checked: bool | None = None
    key: str = ""
    shift: bool = False
    form: tuple[Control, ...] = ()
    field: str = ""
    file: File | None = None
    size: Size | None = None
    focus: Hook = Hook()
    keyed: bool = False
    target: Hook = Hook()
    at_ms: float | None = None

    def submitted(self) -> dict[str, str]:
        """What the form would submit (the first value of each name): its
        enabled named fields, a check box or radio only when checked."""
        out: dict[str, str] = {}
        for c in self.form:
            if c.name and not c.disabled and (c.type not in ("checkbox", "radio") or c.checked):
                out.setdefault(c.name, c.value)
        return out


def event_from_json(text: str) -> PageEvent:
    """An event as ``static/events.mjs`` sends it; anything else is refused
    with ``ValueError``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"an event is JSON: {e}") from e
    if not isinstance(data, dict) or not all(
            isinstance(data.get(k), str) for k in ("kind", "selector")):
        raise ValueError("an event names its kind and selector")
    value, checked = data.get("value"), data.get("checked")
    if not (value is None or isinstance(value, str)) or not (
            checked is None or isinstance(checked, bool)):
        raise ValueError("an event's value is text and checked is true or false")
    form = data.get("form", [])
    if not isinstance(form, list):
        raise ValueError("a form is a list of its fields")
    return PageEvent(kind=data["kind"], selector=data["selector"], at=_hook(data.get("at")),
                     value=value, checked=checked, key=_text(data.get("key", "")),
                     shift=data.get("shift") is True,
                     form=tuple(_control(c) for c in form), field=_text(data.get("field", "")),
                     file=_file(data.get("file")), size=size_from_json(data.get("size")),
                     focus=_hook(data.get("focus")), keyed=data.get("keyed") is True,
                     target=_hook(data.get("target")), at_ms=_time(data.get("at_ms")))


def _time(data: Any) -> float | None:
    """An event's time: a finite number, else not known."""
    if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
        return None
    return float(data)


def _control(data: Any) -> Control:
    if not isinstance(data, dict) or not all(
            isinstance(data.get(k), str) for k in ("name", "type", "value")) or not all(
            isinstance(data.get(k, False), bool) for k in ("checked", "disabled")):
        raise ValueError("a form's field has a name, a type and a value")
    hook = _hook(data)
    return Control(name=data["name"], type=data["type"], value=data["value"],
                   checked=data.get("checked", False), disabled=data.get("disabled", False),
                   id=hook.id, data=hook.data)


def size_from_json(data: Any) -> Size | None:
    """A box as ``static/events.mjs`` and ``static/page.mjs`` send it
    ([width, height, clientWidth, clientHeight]); None for none;
    ``ValueError`` for anything else."""
    if data is None:
        return None
    if not (isinstance(data, list) and len(data) == 4 and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0 for x in data)):
        raise ValueError("a size is four numbers of pixels")
    return Size(float(data[0]), float(data[1]), int(data[2]), int(data[3]))


def _file(data: Any) -> File | None:
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not (
            isinstance(data.get("size"), int) and data["size"] >= 0) or not (
            data.get("text") is None or isinstance(data.get("text"), str)):
        raise ValueError("a file has a name, a size and maybe its text")
    return File(name=data["name"], size=data["size"], text=data.get("text"))


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("an event's key and field are text")
    return value


def _hook(data: Any) -> Hook:
    if data is None:
        return Hook()
    if not isinstance(data, dict) or not isinstance(data.get("id", ""), str):
        raise ValueError("an element's hook is an object with an id")
    attrs = data.get("data", {})
    if not isinstance(attrs, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in attrs.items()):
        raise ValueError("an element's data attributes are text")
    return Hook(id=data.get("id", ""), data=dict(attrs))


Handler = Callable[[PageEvent], object]


class Listeners:
    """Which handlers answer which ``Listen``: the page's thread is told each
    ``Listen`` once (``tell``), and sends back events naming its kind and
    selector; ``handle`` runs their handlers in the order they were added and
    returns what they returned (a coroutine is the caller's to run)."""

    def __init__(self, tell: Callable[[Listen], object]) -> None:
        self._tell = tell
        self._listens: dict[tuple[str, str], Listen] = {}
        self._handlers: dict[tuple[str, str], list[Handler]] = {}

    def on(self, listen: Listen, handler: Handler | None = None) -> None:
        """``handler`` answers what ``listen`` lets through (none: a Listen
        that only prevents a default, ``send=False``)."""
        if (handler is None) == listen.send:
            raise ValueError("a Listen that sends has a handler, and only it")
        key = (listen.kind, listen.selector)
        known = self._listens.get(key)
        if known is not None and known != listen:
            raise ValueError(f"{listen.kind} at {listen.selector} is listened for otherwise")
        if handler is not None:
            self._handlers.setdefault(key, []).append(handler)
        if known is None:
            self._listens[key] = listen
            self._tell(listen)

    def handle(self, event: PageEvent) -> list[object]:
        handlers = self._handlers.get((event.kind, event.selector))
        if not handlers:
            raise LookupError(f"no one listens for {event.kind} at {event.selector}")
        return [handler(event) for handler in handlers]
