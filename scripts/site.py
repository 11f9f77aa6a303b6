#!/usr/bin/env python3
"""Build the static site as GitHub Pages serves it: ``python3 scripts/site.py [DIR]``.

The page, its config, the offline service worker (``sw.js``), ``static/``
(with the vendored PyScript and Pyodide) and the ``allfives`` package;
nothing else. Default DIR: ``_site``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENTS = ("index.html", "sw.js", "pyscript.toml", "static", "allfives")


def build(target: Path) -> Path:
    if not (ROOT / "static/vendor/pyodide").is_dir():
        raise SystemExit("site: static/vendor/ is missing: run `make vendor` first")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in CONTENTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / name)
    (target / ".nojekyll").touch()  # serve every file as it is
    return target


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_site"))
