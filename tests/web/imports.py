"""The package's modules and what each imports, read from the source (AST),
for the tests of the page boundary and of the layers."""

from __future__ import annotations

import ast
from pathlib import Path

from ..helpers import ROOT

PACKAGE = ROOT / "allfives"
WEB = PACKAGE / "web"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_in(name: str, source: str, *, package: bool = False) -> set[str]:
    """Every module the module ``name`` (a package's ``__init__`` if
    ``package``) imports in ``source``, anywhere in it (functions and
    ``TYPE_CHECKING`` blocks included), as absolute names; ``from x import y``
    gives both ``x`` and ``x.y`` (``y`` may be a module)."""
    base_parts = name.split(".") if package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = base_parts[:len(base_parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


def imported(path: Path) -> set[str]:
    """What the module at ``path`` imports (see ``imported_in``)."""
    return imported_in(module_name(path), path.read_text(encoding="utf-8"),
                       package=path.name == "__init__.py")


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
