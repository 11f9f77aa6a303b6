"""The browser layer's page boundary, read from the source (AST): only modules
that say so in their name touch the page, so everything else imports and is
tested in plain CPython."""

from __future__ import annotations

import pytest

from .imports import MODULES, WEB, imported

BROWSER = {"js", "pyscript", "pyodide"}  # what exists only in the page (or its worker)
# The page's entry script, its DOM helpers and the bots' worker entry.
WIRING = {"allfives.web.app", "allfives.web.dom", "allfives.web.worker"}


def is_page(name: str) -> bool:
    return name in WIRING or name.endswith("_page")


def touches_browser(name: str) -> bool:
    return any(m.split(".")[0] in BROWSER for m in imported(MODULES[name]))


def test_the_boundary_sees_every_page_module():
    pages = {n for n in MODULES if is_page(n)}
    assert {"allfives.web.app", "allfives.web.play.screen_page",
            "allfives.web.bots.client_page"} <= pages
    assert len(pages) >= 15, sorted(pages)


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not is_page(n)))
def test_only_page_modules_touch_the_page(name):
    """A module that imports js, pyscript or pyodide, or any module of the
    page, is named ``*_page`` (or is app, dom or worker)."""
    imports = imported(MODULES[name])
    browser = sorted(m for m in imports if m.split(".")[0] in BROWSER)
    pages = sorted(m for m in imports if m in MODULES and is_page(m))
    assert not browser and not pages, f"{name} touches the page through {browser + pages}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.endswith("_page")))
def test_page_modules_say_true(name):
    """A ``*_page`` module does touch the page (directly or through another)."""
    imports = imported(MODULES[name])
    assert touches_browser(name) or any(m in MODULES and is_page(m) for m in imports), name


def test_the_web_folder_keeps_only_its_wiring():
    top = sorted(p.name for p in WEB.glob("*.py"))
    assert top == ["__init__.py", "app.py", "dom.py", "worker.py"]
    rooms = sorted(p.name for p in WEB.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert rooms == ["bots", "coach", "draw", "home", "i18n", "paint", "play", "puzzles",
                     "realtable", "review", "storage", "table"]
    for room in rooms:
        assert (WEB / room / "__init__.py").read_text(encoding="utf-8").startswith('"""'), room
