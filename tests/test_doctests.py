"""The examples in the engine's docstrings run and stay true."""

import doctest
import importlib

import pytest

MODULES = ["allfives.scoring", "allfives.game", "allfives.tiles", "allfives.moves",
           "allfives.rules", "allfives.layout", "allfives.record", "allfives.view"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    failed, _ = doctest.testmod(importlib.import_module(name))
    assert failed == 0


def test_engine_imports_no_browser_code():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "allfives"
    for path in root.rglob("*.py"):
        if "web" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name.split(".")[0] not in {"js", "pyscript", "pyodide"}, path
