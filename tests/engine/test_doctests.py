"""The examples in the engine's docstrings run and stay true; the engine
modules that have none are listed here, so the list only shrinks."""

import doctest
import importlib

import pytest

from ..helpers import ROOT

PACKAGE = ROOT / "allfives"
# The engine: the package less the browser layer, the site's tools and the command line.
ENGINE = sorted(
    ".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
    for p in PACKAGE.rglob("*.py")
    if not {"web", "site", "cli", "__pycache__"} & set(p.relative_to(PACKAGE).parts)
    and p.name != "__main__.py")
# Engine modules with no example yet: bots and tools whose use is a whole game.
WITHOUT_EXAMPLES = {"allfives", "allfives.errors", "allfives.tournament", "allfives.bots",
                    "allfives.bots.analysis", "allfives.bots.analysis.decisions",
                    "allfives.bots.analysis.moments", "allfives.bots.analysis.plain_reason",
                    "allfives.bots.analysis.valuing", "allfives.bots.asks", "allfives.bots.easy",
                    "allfives.bots.expert",
                    "allfives.bots.greedy", "allfives.bots.hard", "allfives.bots.knowledge",
                    "allfives.bots.random_bot"}


@pytest.mark.parametrize("name", ENGINE)
def test_docstring_examples(name):
    failed, tried = doctest.testmod(importlib.import_module(name))
    assert failed == 0
    assert (tried == 0) == (name in WITHOUT_EXAMPLES), \
        f"{name}: {tried} examples; WITHOUT_EXAMPLES lists the modules that have none"


def test_engine_imports_no_browser_code():
    import ast

    root = PACKAGE
    for path in root.rglob("*.py"):
        if "web" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name.split(".")[0] not in {"js", "pyscript", "pyodide"}, path
