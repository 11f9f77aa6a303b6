"""Issue 40: the page's Python moves into a worker, which has no page: no
``document``, no ``window``, no storage, no elements. Read from the source
(AST): which modules still reach the page themselves rather than through the
page's thread layer (``paint.writer_page`` out, ``paint.listening_page`` in,
``storage.mirror`` for storage). ``STILL_ON_THE_PAGE`` may only shrink: a
module moved off the page leaves it (the test fails until it does), and the
page's Python moves into the worker once it is empty."""

from __future__ import annotations

import ast

import pytest

from .imports import MODULES

# What exists only beside a page: js's globals of a window (a worker's js has
# none of them, or others of the same name: its location is the worker's).
WINDOW_ONLY = {"document", "window", "localStorage", "sessionStorage", "history", "location",
               "matchMedia", "innerWidth", "innerHeight", "getComputedStyle"}
# dom's helpers that reach the page (elements, listeners on them, window facts).
DOM_REACHES = {"el", "found", "closest", "at_point", "on", "toggle", "close_dialogs",
               "show_dialog", "reduced_motion"}

STILL_ON_THE_PAGE = {
    "allfives.web.dom",
    "allfives.web.draw.board_page",
    "allfives.web.home.language_page",
    "allfives.web.play.drag_page",
    "allfives.web.play.keyboard_page",
    "allfives.web.play.screen_page",
    "allfives.web.play.table_page",
    "allfives.web.table.focus_page",
}


def reaches_page(source: str) -> list[str]:
    """Where ``source`` reaches the page itself: importing PyScript (its
    ``document`` and ``window``), a window's global through ``js``, or one of
    dom's helpers that touch elements."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [f"line {node.lineno}: import {a.name}" for a in node.names
                    if a.name.split(".")[0] == "pyscript"]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = {a.name for a in node.names}
            if module.split(".")[0] == "pyscript":
                out.append(f"line {node.lineno}: from {module}")
            elif module == "js" and names & WINDOW_ONLY:
                out.append(f"line {node.lineno}: from js import {sorted(names & WINDOW_ONLY)}")
            elif module.split(".")[-1] == "dom" and names & DOM_REACHES:
                out.append(f"line {node.lineno}: dom's {sorted(names & DOM_REACHES)}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in ("js", "dom") and node.attr in (
                    WINDOW_ONLY if node.value.id == "js" else DOM_REACHES):
            out.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return out


WEB = sorted(n for n in MODULES if n.startswith("allfives.web."))


def test_only_the_listed_modules_still_reach_the_page():
    reaching = {n for n in WEB if reaches_page(MODULES[n].read_text(encoding="utf-8"))}
    assert reaching - STILL_ON_THE_PAGE == set(), "new ways to the page"
    assert STILL_ON_THE_PAGE - reaching == set(), "moved off the page: take them off the list"


@pytest.mark.parametrize(("source", "found"), [
    ("from pyscript import document", ["line 1: from pyscript"]),
    ("import pyscript", ["line 1: import pyscript"]),
    ("import js\nx = js.document.body", ["line 2: js.document"]),
    ("from js import window, console", ["line 1: from js import ['window']"]),
    ("from ..dom import el, spawn", ["line 1: dom's ['el']"]),
    ("from .. import dom\ndom.on(x, 'click', f)", ["line 2: dom.on"]),
    ("import js\njs.console.log(js.Date.new())\nfrom ..dom import spawn, store", []),
])
def test_what_reaches_the_page(source, found):
    assert reaches_page(source) == found
