#!/usr/bin/env python3
"""Build the static site as GitHub Pages serves it: ``python3 scripts/site.py [DIR]``.

What ``allfives.site.CONTENTS`` names (the page, the offline service
worker, ``static/`` with the vendored Pyodide, and the ``allfives``
package); nothing else. Default DIR: ``_site``. DIR is replaced only if it
is empty or a site this script built (it holds ``allfives.site.MARKER``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# `make site` runs this with the system python3, where no virtualenv has
# installed the package: find allfives in this checkout.
sys.path.insert(0, str(ROOT))

from allfives.site.contents import CONTENTS, IGNORED, MARKER  # noqa: E402


class NotASite(Exception):
    """The target exists and is not a site this script built: it is left alone."""


def build(target: Path) -> Path:
    built = target.is_dir() and (target / MARKER).is_file()
    empty = target.is_dir() and not any(target.iterdir())
    if target.exists() and not (built or empty):
        raise NotASite(f"site: {target} exists and is not a site built here (no {MARKER} "
                       f"in it); delete it yourself or name another folder")
    if not (ROOT / "static/vendor/pyodide").is_dir():
        raise SystemExit("site: static/vendor/ is missing: run `make vendor` first")
    if built:
        shutil.rmtree(target)
    target.mkdir(parents=True, exist_ok=True)
    for name in CONTENTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns(*IGNORED))
        else:
            shutil.copy2(source, target / name)
    (target / ".nojekyll").touch()  # serve every file as it is
    (target / MARKER).write_text("Built by scripts/site.py, which replaces this folder "
                                 "on the next build.\n", encoding="utf-8")
    return target


def main(argv: list[str]) -> int:
    try:
        print(build(Path(argv[0]) if argv else ROOT / "_site"))
    except NotASite as e:
        print(e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
