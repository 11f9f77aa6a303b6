"""Pack the ``allfives`` package into one zip for the page's PyScript ``files`` (pyscript.json).

One archive, not a file list, so modules added later (new bot levels) reach
the browser without touching the config. ``scripts/vendor.py`` builds it and
``python -m allfives serve`` rebuilds it when a source file is newer.

The modules go in as bytecode (``game.pyc`` where ``game.py`` was), compiled
by the page's own Python (the pinned Pyodide, run by Node.js:
``compile_pyc.mjs``): importing them then skips compiling ~9,000 lines in the
page, about a third of the game's import time on a first visit
(bench/load_time.py), for about a quarter more bytes (277 kB against 216).
Without Node.js or Pyodide in node_modules/ the zip holds the sources, which
the page imports as well.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
VENDOR = ROOT / "static" / "vendor"
BUNDLE = VENDOR / "allfives.zip"
COMPILER = Path(__file__).with_name("compile_pyc.mjs")


# What the page never imports from the zip: the page's and the worker's
# scripts (PyScript fetches each by its own path), the build tools and the
# command line (with its review's table, the puzzle generator and where long runs
# play: ``executors``, which alone may import Dask).
NOT_FOR_THE_PAGE = ("site", "__main__.py", "cli/", "tournament.py", "executors.py",
                    "coach/report.py", "coach/mining.py", "web/app.py", "web/worker.py")
# Data the page reads from the package: the shipped puzzles (``coach.puzzles``) and the
# match-equity tables (``bots.game_stake``; shipped by bench/match_equity.py --ship: until
# then the judges go without, so a file not there is left out).
DATA = ("coach/puzzles.json", "bots/equity-tables.json")


def sources() -> list[Path]:
    """Every Python file of the package the page may import, its compiled
    catalogs (``.mo``, made by ``make catalogs``) and its data, in a stable order."""
    files = [*PACKAGE.rglob("*.py"), *PACKAGE.glob("locale/*/LC_MESSAGES/*.mo"),
             *(PACKAGE / name for name in DATA if (PACKAGE / name).exists())]
    return sorted(p for p in files if "__pycache__" not in p.parts
                  and not p.relative_to(PACKAGE).as_posix().startswith(NOT_FOR_THE_PAGE))


def is_stale(bundle: Path = BUNDLE) -> bool:
    """Whether a source is newer than the zip, or the zip holds other files
    than the sources (a module moved or removed keeps its old time)."""
    if not bundle.exists():
        return True
    built = bundle.stat().st_mtime
    if any(p.stat().st_mtime > built for p in sources()):
        return True
    with zipfile.ZipFile(bundle) as zf:
        held = sorted(zf.namelist())
    return held not in (sorted(_name(p) for p in sources()),
                        sorted(_name(p, compiled=True) for p in sources()))


def _name(path: Path, *, compiled: bool = False) -> str:
    name = path.relative_to(ROOT).as_posix()
    return name + "c" if compiled and path.suffix == ".py" else name


def compiled(files: list[Path]) -> dict[str, bytes] | None:
    """Each Python file's bytecode for the page's Python, by zip name, or None
    (with a line on stderr) when Node.js or the pinned Pyodide is missing or fails."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "package.json").exists():
        print("bundle: no Node.js or node_modules/pyodide: the page gets the sources",
              file=sys.stderr)
        return None
    sources = {_name(p): p.read_text(encoding="utf-8") for p in files if p.suffix == ".py"}
    try:
        out = subprocess.run([node, str(COMPILER)], input=json.dumps(sources), text=True,
                             capture_output=True, check=True, cwd=ROOT)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"bundle: compiling with Node.js failed ({e}): the page gets the sources",
              file=sys.stderr)
        return None
    return {name: base64.b64decode(pyc) for name, pyc in json.loads(out.stdout).items()}


def build(bundle: Path = BUNDLE) -> Path:
    """Write the zip (paths like ``allfives/game.pyc``, or ``allfives/game.py``
    without a compiler) and return its path."""
    bundle.parent.mkdir(parents=True, exist_ok=True)
    files = sources()
    pycs = compiled(files)
    tmp = bundle.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            name = _name(path)
            if pycs is not None and name in pycs:
                data, name = pycs[name], _name(path, compiled=True)
            else:
                data = path.read_bytes()
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    tmp.replace(bundle)
    return bundle
