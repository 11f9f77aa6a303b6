"""Issue 40: the page's Python moves into a worker, which has no page: no
``document``, no ``window``, no storage, no elements. Read from the source
(AST): which modules still reach the page themselves rather than through the
page's thread layer (``paint.writer_page`` out, ``paint.listening_page`` in,
``storage.mirror`` for storage). ``STILL_ON_THE_PAGE`` may only shrink: a
module moved off the page leaves it (the test fails until it does), and the
page's Python moves into the worker once it is empty, as it now is: a module
that reaches the page again fails the test."""

from __future__ import annotations

import ast

import pytest

from .imports import MODULES, module_name
from .imports import WEB as PAGE_ROOM

# What exists only beside a page: js's globals of a window (a worker's js has
# none of them, or others of the same name: its location is the worker's).
WINDOW_ONLY = {"document", "window", "localStorage", "sessionStorage", "history", "location",
               "matchMedia", "innerWidth", "innerHeight", "getComputedStyle"}

STILL_ON_THE_PAGE: set[str] = set()


def reaches_page(source: str) -> list[str]:
    """Where ``source`` reaches the page itself: importing PyScript (its
    ``document`` and ``window``), or a window's global through ``js``."""
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
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "js" and node.attr in WINDOW_ONLY:
            out.append(f"line {node.lineno}: js.{node.attr}")
    return out


WEB = sorted(n for n in MODULES if n.startswith("allfives.web."))


def test_every_page_module_is_read():
    # the modules that may import js or pyscript (the house rules: *_page,
    # app, dom, worker), found on disk, are all among those checked
    pages = {module_name(p) for p in PAGE_ROOM.rglob("*.py")
             if p.stem.endswith("_page") or p.stem in ("app", "dom", "worker")}
    assert len(pages) > 20
    assert pages <= set(WEB)


def test_only_the_listed_modules_still_reach_the_page():
    reaching = {n for n in WEB if reaches_page(MODULES[n].read_text(encoding="utf-8"))}
    assert reaching - STILL_ON_THE_PAGE == set(), "new ways to the page"
    assert STILL_ON_THE_PAGE - reaching == set(), "moved off the page: take them off the list"


@pytest.mark.parametrize(("source", "found"), [
    ("from pyscript import document", ["line 1: from pyscript"]),
    ("import pyscript", ["line 1: import pyscript"]),
    ("import js\nx = js.document.body", ["line 2: js.document"]),
    ("from js import window, console", ["line 1: from js import ['window']"]),
    ("import js\njs.console.log(js.Date.new())\nfrom ..dom import spawn, store", []),
])
def test_what_reaches_the_page(source, found):
    assert reaches_page(source) == found
