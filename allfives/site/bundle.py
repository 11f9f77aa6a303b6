"""Pack the ``allfives`` package into one zip for the page's PyScript ``[files]``.

One archive, not a file list, so modules added later (new bot levels) reach
the browser without touching the config. ``scripts/vendor.py`` builds it and
``python -m allfives serve`` rebuilds it when a source file is newer.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
VENDOR = ROOT / "static" / "vendor"
BUNDLE = VENDOR / "allfives.zip"


def sources() -> list[Path]:
    """Every Python file of the package and its compiled catalogs (``.mo``, made
    by ``make catalogs``), in a stable order."""
    files = [*PACKAGE.rglob("*.py"), *PACKAGE.glob("locale/*/LC_MESSAGES/*.mo")]
    return sorted(p for p in files if "__pycache__" not in p.parts)


def is_stale(bundle: Path = BUNDLE) -> bool:
    """Whether a source is newer than the zip, or the zip holds other files
    than the sources (a module moved or removed keeps its old time)."""
    if not bundle.exists():
        return True
    built = bundle.stat().st_mtime
    if any(p.stat().st_mtime > built for p in sources()):
        return True
    with zipfile.ZipFile(bundle) as zf:
        return sorted(zf.namelist()) != sorted(_name(p) for p in sources())


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def build(bundle: Path = BUNDLE) -> Path:
    """Write the zip (paths like ``allfives/game.py``) and return its path."""
    bundle.parent.mkdir(parents=True, exist_ok=True)
    tmp = bundle.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sources():
            info = zipfile.ZipInfo(_name(path), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    tmp.replace(bundle)
    return bundle
