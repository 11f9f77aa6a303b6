"""The page's JS proxies are released when done (issue 27): a notice shown
again and again keeps no proxy alive (a download and a drag are the page's
thread's own now: ``parts.download``, ``static/drag.mjs``). The page
modules run in CPython here against a fake ``js``, ``pyodide.ffi`` and
``pyscript`` that count the proxies alive."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest


class Proxies:
    """The fake ``pyodide.ffi``'s proxies: made, and released (``destroy``,
    or called once for a once-callable)."""

    def __init__(self) -> None:
        self.alive = 0

    def create_proxy(self, fn: Callable[..., Any]) -> Any:
        self.alive += 1
        return types.SimpleNamespace(fn=fn, destroy=self.released)

    def create_once_callable(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        self.alive += 1

        def once(*args: Any) -> Any:
            self.released()
            return fn(*args)
        return once

    def released(self) -> None:
        self.alive -= 1


class Node:
    """A DOM element as far as the page modules use it."""

    def __init__(self, id_: str = "") -> None:
        self.id, self.listeners, self.children = id_, 0, []
        self.attrs: dict[str, str] = {}
        self.classList = types.SimpleNamespace(add=lambda *_: None, remove=lambda *_: None)
        self.style = types.SimpleNamespace(transform="")
        self.innerHTML = ""

    def addEventListener(self, _event: str, _proxy: Any) -> None:
        self.listeners += 1

    def append(self, child: Any) -> None:
        self.children.append(child)

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def click(self) -> None:
        """As a ``<a download>``'s click."""

    def remove(self) -> None:
        """As an element's removal."""


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Proxies, list[Callable[[], Any]], Any]]:
    """Fake browser modules; yields the proxies, the timers set, and the page's nodes."""
    proxies, timers = Proxies(), []
    nodes: dict[str, Node] = {}
    document = types.SimpleNamespace(
        getElementById=lambda id_: nodes.setdefault(id_, Node(id_)),
        createElement=lambda _tag: Node(), body=Node("body"),
        querySelectorAll=lambda _sel: [], elementFromPoint=lambda _x, _y: None)
    js = types.SimpleNamespace(
        setTimeout=lambda fn, _ms: timers.append(fn), console=types.SimpleNamespace(),
        Blob=types.SimpleNamespace(new=lambda *_a: None),
        URL=types.SimpleNamespace(createObjectURL=lambda _b: "blob:x",
                                  revokeObjectURL=lambda _u: None),
        Object=types.SimpleNamespace(fromEntries=dict))
    ffi = types.SimpleNamespace(create_proxy=proxies.create_proxy, jsnull=object(),
                                create_once_callable=proxies.create_once_callable,
                                to_js=lambda value, **_kw: value)
    fakes = {"js": js, "pyodide": types.SimpleNamespace(ffi=ffi), "pyodide.ffi": ffi,
             "pyscript": types.SimpleNamespace(document=document, window=types.SimpleNamespace())}
    for name, module in fakes.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "allfives.web.dom", raising=False)
    yield proxies, timers, document


def test_notices_shown_again_and_again_keep_no_proxy_alive(page):
    # guards: two proxies (the buttons' listeners) made per notice and never released
    proxies, _timers, document = page
    dom = importlib.import_module("allfives.web.dom")
    pressed = []
    dom.notice("one")
    after_first = proxies.alive
    for n in range(20):
        dom.notice(f"notice {n}", ("Do it", lambda _e, n=n: pressed.append(n)))
    assert proxies.alive == after_first <= 1  # one listener on the bar, for good
    box = document.getElementById("notice")
    assert box.listeners == after_first
    action = box.children[-2]  # the latest notice: its text, its action, its close button
    assert action.id == "notice-action"
    dom._Notice.clicked(types.SimpleNamespace(
        target=types.SimpleNamespace(closest=lambda sel: action if sel == "#notice-action"
                                     else None)))
    assert pressed == [19]  # the latest notice's action
