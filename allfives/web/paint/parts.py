"""What a screen shows, as values: a ``Frame`` maps a CSS selector to the
``Part`` the element should hold (its HTML or text, attributes, classes,
properties); ``Effect`` values are the moment's acts (focus, a dialog opened
or closed, a list scrolled to its end). Screens make frames from state alone;
the one writer (``writer.Writer``) puts in the page only what ``changes``
says differs from the frame it wrote last, as chessground redraws a board.

Everything here is plain data (``to_json``/``from_json``), so the page's
Python can make frames in a worker and send them to the page's thread.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

Attr = tuple[str, str | None]  # a name and its value; None: the attribute is removed
Prop = tuple[str, str | bool]  # a DOM property (``value``, ``checked``, ``open``)


@dataclass(frozen=True)
class Part:
    """One element as a screen wants it. ``html`` and ``text`` (at most one)
    replace the element's content; ``attrs``, ``classes`` and ``props`` name
    only what the screen manages: what a part does not name is left as it is.
    ``keep_open``: a ``<details>`` inside that the person had opened stays open
    when the content is written again (the same verdict comes back with its
    analysis)."""

    html: str | None = None
    text: str | None = None
    attrs: tuple[Attr, ...] = ()
    classes: tuple[tuple[str, bool], ...] = ()
    props: tuple[Prop, ...] = ()
    keep_open: bool = False

    def __post_init__(self) -> None:
        if self.html is not None and self.text is not None:
            raise ValueError("a part holds HTML or text, not both")

    @property
    def empty(self) -> bool:
        return self.html is None and self.text is None and not (
            self.attrs or self.classes or self.props)


Frame = dict[str, Part]

EffectKind = Literal["focus", "open", "close", "scroll-start", "scroll-end", "say", "hush",
                     "download", "copy-link", "drop-query", "ask", "sound", "refocus",
                     "slide", "mark-shown"]
EFFECT_KINDS: frozenset[str] = frozenset(get_args(EffectKind))


@dataclass(frozen=True)
class Effect:
    """A moment's act on the page, done once: ``focus`` the element at
    ``target`` (a selector), ``open``/``close`` the dialog with id ``target``
    (opening an open dialog does nothing), ``scroll-start``/``scroll-end``
    the element at ``target`` to its top or its end, ``say`` ``text`` to
    screen readers in the live region ``target``, ``hush`` it, ``download``
    ``text`` (JSON) as a file named ``target``; ``copy-link``: ``text`` (an
    address of this page's, ``?deal=...``) made whole against the page's
    own address, put in the field ``target``, selected and copied to the
    clipboard where there is one; ``drop-query``: the page's address without
    its query (``target`` empty), so a reload does not ask again; ``ask`` the
    page's thread the question ``target`` (``asking.Asks``); ``sound``: play
    the notes ``text`` holds (``play.cues.sound_effect``) and, if heard, mark
    the element at ``target`` with the sound's name; ``refocus``: ``focus``, only
    when, as the message came, focus had fallen to the page (``text`` empty)
    or was within an element ``text`` matches (``*``: anywhere, the page's
    body too), and no earlier effect of the message has moved it (so a row
    of them focuses the first that applies and finds its element);
    ``slide``: the element at ``target`` slides in from where the element
    ``text`` names was (``slide_effect``), unless the person asks for
    reduced motion; ``mark-shown``: each marked text at ``target`` notes the
    words it shows (``home.language_frame.MARK_SHOWN``)."""


    kind: EffectKind
    target: str
    text: str = ""


def slide_effect(target: str, source: str, ms: int) -> Effect:
    """``target`` (an element of an SVG, drawn a moment later: the board)
    slides in over ``ms`` milliseconds from where ``source`` is as the
    message comes."""
    return Effect("slide", target, json.dumps({"from": source, "ms": ms}))


def download(filename: str, text: str) -> Effect:
    """``text`` (JSON) saved by the browser as the file ``filename``."""
    return Effect("download", filename, text)


def copy_link(field: str, link: str) -> Effect:
    """``link`` (``?deal=...``) as a whole address of this page, in ``field``
    (a selector), selected and on the clipboard."""
    return Effect("copy-link", field, link)


def flag(present: bool) -> str | None:
    """A boolean attribute's value: present (``""``) or removed (None)."""
    return "" if present else None


def shown(present: bool) -> Attr:
    """The ``hidden`` attribute of an element shown when ``present``."""
    return ("hidden", flag(not present))


def changes(last: Mapping[str, Part], now: Mapping[str, Part]) -> list[tuple[str, Part]]:
    """What to write to go from ``last`` to ``now``: for each selector of
    ``now`` in order, a part holding only what differs (none when nothing
    does). An element whose content is written anew loses what was set
    inside it, so a selector inside it (``"#hand"`` then ``"#hand .x"``) is
    written whole."""
    out: list[tuple[str, Part]] = []
    rewritten: list[str] = []
    for key, part in now.items():
        before = last.get(key)
        if before is None or any(key.startswith(f"{r} ") for r in rewritten):
            diff = part
        else:
            diff = _difference(before, part)
        if diff.html is not None or diff.text is not None:
            rewritten.append(key)
        if not diff.empty:
            out.append((key, diff))
    return out


def _difference(before: Part, now: Part) -> Part:
    was_attrs = dict(before.attrs)
    was_classes = dict(before.classes)
    was_props = dict(before.props)
    return replace(
        now,
        html=now.html if now.html != before.html else None,
        text=now.text if now.text != before.text else None,
        attrs=tuple(a for a in now.attrs if a[0] not in was_attrs or was_attrs[a[0]] != a[1]),
        classes=tuple(c for c in now.classes
                      if c[0] not in was_classes or was_classes[c[0]] != c[1]),
        props=tuple(p for p in now.props if p[0] not in was_props or was_props[p[0]] != p[1]))


def merged(last: Mapping[str, Part], now: Mapping[str, Part]) -> Frame:
    """The page as known after writing ``now`` over ``last``: a part's
    attributes, classes and properties add to what was known of the element."""
    out = dict(last)
    for key, part in now.items():
        before = out.get(key)
        if before is None:
            out[key] = part
            continue
        content_new = part.html is not None or part.text is not None
        out[key] = Part(
            html=part.html if content_new else before.html,
            text=part.text if content_new else before.text,
            attrs=_union(before.attrs, part.attrs),
            classes=_union(before.classes, part.classes),
            props=_union(before.props, part.props),
            keep_open=part.keep_open)
    rewritten = [k for k, p in now.items() if p.html is not None or p.text is not None]
    for key in list(out):
        if key not in now and any(key.startswith(f"{r} ") for r in rewritten):
            del out[key]  # its element was made anew: what was known of it is gone
    return out


def _union(before: Iterable[tuple[str, Any]], now: Iterable[tuple[str, Any]]) -> tuple[Any, ...]:
    both = dict(before)
    both.update(now)
    return tuple(both.items())


# -- as JSON, to cross from a worker to the page ------------------------------


def frame_to_json(frame: Mapping[str, Part]) -> list[Any]:
    return [[key, _part_to_json(part)] for key, part in frame.items()]


def frame_from_json(data: Any) -> Frame:
    """A frame sent as JSON; anything else is refused with ``ValueError``."""
    if not isinstance(data, list):
        raise ValueError("a frame is a list of [selector, part] pairs")
    out: Frame = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            raise ValueError("a frame's entry is [selector, part]")
        out[item[0]] = _part_from_json(item[1])
    return out


def effects_to_json(effects: Iterable[Effect]) -> list[list[str]]:
    return [[e.kind, e.target, e.text] for e in effects]


def effects_from_json(data: Any) -> list[Effect]:
    if not isinstance(data, list) or not all(
            isinstance(e, list) and len(e) == 3 and all(isinstance(x, str) for x in e)
            and e[0] in EFFECT_KINDS for e in data):
        raise ValueError("effects are [kind, target, text] lists of known kinds")
    return [Effect(e[0], e[1], e[2]) for e in data]


def _part_to_json(part: Part) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if part.html is not None:
        out["html"] = part.html
    if part.text is not None:
        out["text"] = part.text
    for name in ("attrs", "classes", "props"):
        if getattr(part, name):
            out[name] = [list(pair) for pair in getattr(part, name)]
    if part.keep_open:
        out["keep_open"] = True
    return out


def _part_from_json(data: Any) -> Part:
    if not isinstance(data, dict):
        raise ValueError("a part is an object")
    html, text = data.get("html"), data.get("text")
    if not (html is None or isinstance(html, str)) or not (text is None or isinstance(text, str)):
        raise ValueError("a part's html and text are strings")
    return Part(html=html, text=text,
                attrs=_pairs(data.get("attrs", []), (str, type(None))),
                classes=_pairs(data.get("classes", []), (bool,)),
                props=_pairs(data.get("props", []), (str, bool)),
                keep_open=data.get("keep_open") is True)


def _pairs(data: Any, kinds: tuple[type, ...]) -> tuple[Any, ...]:
    if not isinstance(data, list) or not all(
            isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
            and isinstance(p[1], kinds) for p in data):
        raise ValueError("a part's attributes, classes and properties are [name, value] pairs")
    return tuple((p[0], p[1]) for p in data)
