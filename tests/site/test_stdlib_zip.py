"""The standard library the page is sent (static/vendor/stdlib.zip, built by
scripts/vendor.py with allfives/site/compile_stdlib.mjs): bytecode only, every
module the game's imports need, small.

What it needs is found here apart from the build's modulefinder: every import
statement of the page's Python (at any depth), then, through Pyodide's sources,
the imports each of those modules makes as it is imported (its lines that
start with ``import`` or ``from``)."""

from __future__ import annotations

import _imp
import ast
import re
import zipfile

from allfives.site import bundle

OURS = bundle.VENDOR / "stdlib.zip"
STOCK = bundle.VENDOR / "pyodide" / "python_stdlib.zip"
# The page's Python that is not in allfives.zip: its scripts.
SCRIPTS = (bundle.PACKAGE / "web" / "app.py", bundle.PACKAGE / "web" / "worker.py")
# Frozen into Python, never read from the zip (importlib's bootstrap under other names).
FROZEN = set(_imp._frozen_module_names()) | {"importlib._bootstrap",
                                            "importlib._bootstrap_external"}
# A line that imports as the module is imported (not in a block).
TOP_IMPORT = re.compile(r"^(?:import\s+(?P<names>[\w.]+(?:\s+as\s+\w+)?"
                        r"(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)"
                        r"|from\s+(?P<dots>\.*)(?P<module>[\w.]*)\s+import\s+\(?(?P<what>[\w\s,*]+))",
                        re.MULTILINE)
# stdlib.zip's size as sent, packed (stdlib.zip.zst; tests/site/test_packed.py):
# 724,332 bytes with Pyodide 314.0.7; 999,035 when each file was deflated, and
# 2,199,493 before only what the page imports was kept, as bytecode without docstrings.
BOUND = 780_000


def module_of(name: str) -> str:
    return name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")


def sources(zf: zipfile.ZipFile) -> dict[str, str]:
    """Each module of a standard library zip by name, with its file's name."""
    return {module_of(n): n for n in zf.namelist() if n.endswith(".py")}


def imported_by_the_page() -> set[str]:
    """Every module an import statement of the page's Python names, at any
    depth, with ``from X import y``'s ``X.y`` in case it is a module."""
    files = [p for p in bundle.sources() if p.suffix == ".py"] + list(SCRIPTS)
    names: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return names


def needed(stock: zipfile.ZipFile) -> set[str]:
    """The standard library's modules, in Pyodide's sources, that the page's
    imports need, and what they import as they are imported."""
    files = sources(stock)
    todo = [n for n in imported_by_the_page() if n in files]
    found: set[str] = set()
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        # a package's parents are imported first
        todo += [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        package = name if files[name].endswith("__init__.py") else name.rpartition(".")[0]
        for m in TOP_IMPORT.finditer(stock.read(files[name]).decode("utf-8")):
            if m["names"]:
                todo += [part.split()[0] for part in m["names"].split(",")]
                continue
            base = package
            for _ in range(len(m["dots"]) - 1):
                base = base.rpartition(".")[0]
            module = ".".join(p for p in (base if m["dots"] else "", m["module"]) if p)
            todo += [module] + [f"{module}.{w.split()[0]}" for w in m["what"].split(",")
                                if w.strip() not in ("", "*")]
        todo = [n for n in todo if n in files]
    return found


def test_the_zip_is_bytecode_for_the_pages_python_without_docstrings():
    ours = zipfile.ZipFile(OURS)
    names = ours.namelist()
    assert names and all(n.endswith(".pyc") for n in names)  # no sources beside them
    # the page's Python's bytecode (as in allfives.zip), without timestamps
    with zipfile.ZipFile(bundle.BUNDLE) as game:
        magic = game.read("allfives/game.pyc")[:4]
    for name in names:
        header = ours.read(name)[:16]
        assert header[:4] == magic and int.from_bytes(header[4:8], "little") == 1, name
    # docstrings dropped, asserts kept
    json_code = ours.read("json/__init__.pyc")
    assert b"JSON (JavaScript Object Notation)" not in json_code
    assert b"Set of Futures is empty." in ours.read("asyncio/tasks.pyc")
    assert b"dumps" in json_code


def test_it_holds_every_module_the_games_imports_need_and_what_no_page_runs_is_left_out():
    stock = zipfile.ZipFile(STOCK)
    held = {module_of(n) for n in zipfile.ZipFile(OURS).namelist()}
    wanted = needed(stock) - FROZEN
    assert {"asyncio", "gettext", "html.parser", "statistics", "urllib.parse", "datetime",
            "json.decoder", "re._parser", "enum", "asyncio.tasks"} <= wanted  # the walk works
    missing = sorted(wanted - held)
    assert not missing, (f"stdlib.zip lacks {missing}: run scripts/vendor.py (or take them out "
                         "of NEVER in allfives/site/compile_stdlib.mjs)")
    assert not held & FROZEN
    # what no page runs: the command lines, the web and mail clients, archives,
    # processes, Windows
    assert not held & {"argparse", "http.client", "urllib.request", "email", "tarfile",
                       "concurrent.futures.process", "asyncio.windows_events", "pdb",
                       "unittest", "xml", "pydoc", "_pydatetime"}
    assert len(held) < len(sources(stock)) / 3


def test_it_is_small():
    assert bundle.packed(OURS).stat().st_size < BOUND
