"""Pack the ``allfives`` package into one zip that the page's worker and the bots' unpack.

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

The zip stores its files as they are and the site sends it packed whole
(``pack``: ``allfives.zip.zst``, Zstandard), which the workers unpack.

Each of those runs starts a Pyodide in Node.js (~4 s), so what it gives is
kept in ``node_modules/.cache/`` under a hash of what it was given, the
script and the pinned Pyodide (``_kept``): a build of the same sources (the
tests', the site builder's, ``make vendor`` run again) runs neither.

The data nobody needs before the first move (the match-equity tables, the
shipped puzzles, the catalogs but English's: ``allfives.data_files``) stays
out of the zip, in files of their own under ``static/vendor/data/`` that the
page fetches when first needed; the zip holds their list with each one's
SHA-256, so its own hash (the memory snapshot's key) changes with them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

from .. import data_files
from ..bots.game_stake import SIDES_NAMES
from ..rules import PRESETS

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
VENDOR = ROOT / "static" / "vendor"
BUNDLE = VENDOR / "allfives.zip"
COMPILER = Path(__file__).with_name("compile_pyc.mjs")
PACKER = Path(__file__).with_name("pack.mjs")
DATA_DIR = ROOT / data_files.SITE_FOLDER
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide" / "package.json"
KEPT_DIR = ROOT / "node_modules" / ".cache" / "allfives-bundle"
KEPT = 8  # what the latest runs of each script gave, kept


# What the page never imports from the zip: the page's and the worker's
# scripts (their workers fetch each by its own path), the build tools and the
# command line (with its review's table, the puzzle generator and where long runs
# play: ``executors``, which alone may import Dask), and the chain the stake's
# tables are made from (``bots.game_chances``: the page reads the tables).
NOT_FOR_THE_PAGE = ("site", "__main__.py", "cli/", "tournament.py", "executors.py",
                    "coach/report.py", "coach/mining.py", "web/app.py", "web/worker.py",
                    "bots/game_chances.py")
# Data the page reads from the package, fetched when first needed (``allfives.data_files``):
# the stake's tables, a file per preset and player count (``bots.game_stake``), the shipped
# puzzles (``coach.puzzles``) and the compiled catalogs (``.mo``, made by ``make catalogs``;
# English needs none).
DATA = (*(data_files.table(preset) for preset in PRESETS),
        *(data_files.stake_table(name) for name in SIDES_NAMES), data_files.PUZZLES)


def data() -> list[Path]:
    """The package's data files the zip leaves out, in a stable order."""
    return sorted([*(PACKAGE / name for name in DATA),
                   *PACKAGE.glob(data_files.catalog("*"))])


def sources() -> list[Path]:
    """Every Python file of the package the page may import, in a stable order."""
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts
                  and not p.relative_to(PACKAGE).as_posix().startswith(NOT_FOR_THE_PAGE))


def data_list() -> str:
    """The list of the data files the zip holds in their place (``data_files.dumps``)."""
    return data_files.dumps([data_files.described(p.relative_to(PACKAGE).as_posix(),
                                                  p.read_bytes()) for p in data()])


def is_stale(bundle: Path = BUNDLE) -> bool:
    """Whether a source or a data file is newer than the zip, or the zip
    holds other files than the sources (a module moved or removed keeps its
    old time), or another list of the data files (or the files it names are
    not beside it)."""
    if not bundle.exists() or not packed(bundle).exists():
        return True
    built = bundle.stat().st_mtime
    if packed(bundle).stat().st_mtime < built:
        return True
    if any(p.stat().st_mtime > built for p in [*sources(), *data()]):
        return True
    with zipfile.ZipFile(bundle) as zf:
        held = sorted(zf.namelist())
        listed = zf.read(LIST).decode() if LIST in held else ""
    if listed != data_list() or any(not _served(bundle, entry).exists()
                                    for entry in data_files.loads(listed).values()):
        return True
    return sorted(set(held) - {LIST}) not in (sorted(_name(p) for p in sources()),
                                              sorted(_name(p, compiled=True) for p in sources()))


LIST = "allfives/" + data_files.LIST.name  # the data files' list, in the zip


def _served(bundle: Path, entry: data_files.DataFile) -> Path:
    """Where a data file is written for the site: ``static/vendor/data/`` beside the zip."""
    return bundle.parent / Path(entry.url).relative_to(Path(data_files.SITE_FOLDER).parent)


def _name(path: Path, *, compiled: bool = False) -> str:
    name = path.relative_to(ROOT).as_posix()
    return name + "c" if compiled and path.suffix == ".py" else name


def _node() -> str | None:
    """Node.js, if it and the pinned Pyodide are there to run this folder's scripts."""
    node = shutil.which("node")
    return node if node is not None and PYODIDE_PACKAGE.exists() else None


def _kept(script: Path, given: bytes, run: Callable[[], bytes]) -> bytes:
    """What ``run`` (``script`` run by Node.js on ``given``) gives, kept under
    a hash of the three (the pinned Pyodide by its package.json): the same
    run again reads it back. Only the latest ``KEPT`` of a script are kept."""
    key = hashlib.sha256()
    for part in (PYODIDE_PACKAGE.read_bytes(), script.read_bytes(), given):
        key.update(hashlib.sha256(part).digest())
    kept = KEPT_DIR / f"{script.stem}-{key.hexdigest()}"
    try:
        out = kept.read_bytes()
        _used(kept)
        return out
    except OSError:
        out = run()
    try:
        KEPT_DIR.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(out)
        tmp.replace(kept)
        _used(kept)
        runs = sorted(KEPT_DIR.glob(f"{script.stem}-*"), key=lambda p: p.stat().st_mtime_ns)
        for old in runs[:-KEPT]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # not kept: the next build runs it again
    return out


def _used(path: Path) -> None:
    """Stamp ``path`` as used now, to the nanosecond (a file's own times may
    only move on every few milliseconds)."""
    now = time.time_ns()
    os.utime(path, ns=(now, now))


def compiled(files: list[Path]) -> dict[str, bytes] | None:
    """Each Python file's bytecode for the page's Python, by zip name, or None
    (with a line on stderr) when Node.js or the pinned Pyodide is missing or fails."""
    node = _node()
    if node is None:
        print("bundle: no Node.js or node_modules/pyodide: the page gets the sources",
              file=sys.stderr)
        return None
    sources = json.dumps({_name(p): p.read_text(encoding="utf-8")
                          for p in files if p.suffix == ".py"}, sort_keys=True)

    def run() -> bytes:
        return subprocess.run([node, str(COMPILER)], input=sources.encode(),
                              capture_output=True, check=True, cwd=ROOT).stdout

    try:
        out = _kept(COMPILER, sources.encode(), run)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"bundle: compiling with Node.js failed ({e}): the page gets the sources",
              file=sys.stderr)
        return None
    return {name: base64.b64decode(pyc) for name, pyc in json.loads(out).items()}


def build(bundle: Path = BUNDLE) -> Path:
    """Write the zip (paths like ``allfives/game.pyc``, or ``allfives/game.py``
    without a compiler) with the data files' list, packed beside it
    (``pack``), and the data files beside it (``static/vendor/data/``);
    return the zip's path."""
    bundle.parent.mkdir(parents=True, exist_ok=True)
    listed = data_list()
    for entry in data_files.loads(listed).values():
        served = _served(bundle, entry)
        served.parent.mkdir(parents=True, exist_ok=True)
        served.write_bytes(data_files.served((PACKAGE / entry.path).read_bytes()))
    files = sources()
    pycs = compiled(files)
    tmp = bundle.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zf:
        for path in files:
            name = _name(path)
            if pycs is not None and name in pycs:
                data, name = pycs[name], _name(path, compiled=True)
            else:
                data = path.read_bytes()
            zf.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
        zf.writestr(zipfile.ZipInfo(LIST, (1980, 1, 1, 0, 0, 0)), listed)
    tmp.replace(bundle)
    pack(bundle)
    return bundle


def packed(path: Path) -> Path:
    """The file the site sends for ``path``: packed beside it (``pack``)."""
    return path.with_name(path.name + ".zst")


def pack(path: Path) -> Path:
    """Write ``path`` packed as the site sends it (``packed``): Zstandard by
    ``pack.mjs``; without Node.js or Pyodide, in a Zstandard frame that
    keeps it as it is (``stored_zstd``), which the page unpacks all the same."""
    node = _node()
    if node is not None:
        def run() -> bytes:
            subprocess.run([node, str(PACKER), str(path)], capture_output=True, check=True,
                           cwd=ROOT)
            return packed(path).read_bytes()

        try:
            packed(path).write_bytes(_kept(PACKER, path.read_bytes(), run))
            return packed(path)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"bundle: packing with Node.js failed ({e}): {path.name} is sent stored",
                  file=sys.stderr)
    packed(path).write_bytes(stored_zstd(path.read_bytes()))
    return packed(path)


ZSTD_MAGIC = 0xFD2FB528
BLOCK = 128 * 1024  # a Zstandard block's largest size


def stored_zstd(data: bytes) -> bytes:
    """``data`` in one Zstandard frame of raw (uncompressed) blocks, its size
    in the header (RFC 8878: a single segment, an 8-byte content size).

    >>> stored_zstd(b"ab").hex()  # magic, header, size 2, one last raw block of 2
    '28b52ffde002000000000000001100006162'
    """
    frame = bytearray(ZSTD_MAGIC.to_bytes(4, "little"))
    frame.append(0b1110_0000)  # content size in 8 bytes, a single segment, no checksum
    frame += len(data).to_bytes(8, "little")
    starts = range(0, len(data), BLOCK) if data else range(1)
    for at in starts:
        block = data[at:at + BLOCK]
        last = at + BLOCK >= len(data)
        frame += (len(block) << 3 | int(last)).to_bytes(3, "little")  # block type 0: raw
        frame += block
    return bytes(frame)
