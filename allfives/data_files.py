"""The package's data files that the page's zip leaves out (issue 40): the
stake's tables (a file per preset and player count: a game reads only its
own), the shipped puzzles and the catalogs but English's.
A first visit needs none of them before the table is playable, so the site
serves each as a file of its own (``site/bundle.py`` writes them under
``static/vendor/data/``, compressed: ``served``), and the page fetches one
only when it is first needed and puts it where the package keeps it
(``put``): every reader then reads the package's own file, as in CPython,
where nothing is left out.

The zip holds their list (``data-files.json``): each file's place in the
package, its address on the site, its size and SHA-256. So the zip, whose
hash keys the page's memory snapshot (``static/boot.mjs``), changes when
any of them does, and a file the site serves for another build is refused.
Without the list (CPython, the tests, the command line) nothing is left out.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .errors import AllFivesError

PACKAGE = Path(__file__).resolve().parent
LIST = PACKAGE / "data-files.json"  # only in the page's zip
FORMAT = "allfives-data-files"
VERSION = 1
SITE_FOLDER = "static/vendor/data"  # where the site serves them, from its root
PUZZLES = "coach/puzzles.json"


def table(preset: str) -> str:
    """A preset's match-equity table (``bots.game_stake``), in the package."""
    return f"bots/equity-tables/{preset}.json"


def stake_table(name: str) -> str:
    """The stake's table of 3 or 4 players (``bots.game_stake.sides_name``), in the package."""
    return f"bots/stake-tables/{name}.json"


def catalog(code: str) -> str:
    """A language's compiled catalog, in the package."""
    return f"locale/{code}/LC_MESSAGES/allfives.mo"


class DataFileError(AllFivesError):
    """A data file the page fetches is not there, or not the one the zip names."""


@dataclass(frozen=True)
class DataFile:
    """One data file left out of the zip: ``path`` in the package, ``url``
    from the site's root (``./`` before it in the page), its ``size`` and
    ``sha256`` (hex)."""

    path: str
    url: str
    size: int
    sha256: str

    @property
    def file(self) -> Path:
        """Where the package reads it."""
        return PACKAGE / self.path

    def check(self, data: bytes) -> None:
        """DataFileError unless ``data`` is this file's content."""
        if len(data) != self.size or hashlib.sha256(data).hexdigest() != self.sha256:
            raise DataFileError(f"{self.url} is not this build's ({len(data)} bytes)")

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "size": self.size, "sha256": self.sha256}


def described(path: str, data: bytes) -> DataFile:
    """The entry of the package's ``path`` holding ``data``: served flat
    under SITE_FOLDER, compressed, named by its path but the top folder
    (``locale/de/LC_MESSAGES/allfives.mo`` as ``allfives-de.mo.zlib``).

    >>> entry = described(catalog("de"), b"Neue Partie")
    >>> entry.url, entry.size, entry.sha256[:12]
    ('static/vendor/data/allfives-de.mo.zlib', 11, '7e1618a52f03')
    >>> described(PUZZLES, b"[]").url
    'static/vendor/data/puzzles.json.zlib'
    >>> described(table("punt"), b"{}").url
    'static/vendor/data/equity-tables-punt.json.zlib'
    """
    parts = path.split("/")
    name = f"allfives-{parts[1]}.mo" if parts[0] == "locale" else "-".join(parts[1:])
    return DataFile(path, f"{SITE_FOLDER}/{name}.zlib", len(data),
                    hashlib.sha256(data).hexdigest())


def served(data: bytes) -> bytes:
    """A data file as the site serves it: compressed by us, as no host
    compresses a catalog (``.mo``) and the zip did (68 kB of German in 22)."""
    return zlib.compress(data, 9)


def dumps(files: list[DataFile]) -> str:
    """The list as the zip keeps it, in a stable order."""
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "files": {f.path: f.to_json() for f in sorted(files, key=lambda f: f.path)}},
                      indent=1, sort_keys=True) + "\n"


def loads(text: str) -> dict[str, DataFile]:
    """``dumps``' inverse, by path; DataFileError says what is wrong."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise DataFileError(f"not an {FORMAT} list of version {VERSION}")
        return {path: DataFile(path, str(entry["url"]), int(entry["size"]), str(entry["sha256"]))
                for path, entry in data["files"].items()}
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        raise DataFileError(f"the data files' list cannot be read ({e})") from e


@cache
def left_out() -> dict[str, DataFile]:
    """The data files the page's zip leaves out, by path (none in CPython)."""
    return loads(LIST.read_text(encoding="utf-8")) if LIST.exists() else {}


def missing(path: str) -> DataFile | None:
    """The entry of the package's ``path`` if it was left out and has not
    been put in place yet (fetched), else None: the file is there to read."""
    entry = left_out().get(path)
    return entry if entry is not None and not entry.file.exists() else None


def put(entry: DataFile, fetched: bytes) -> None:
    """Put a file fetched as the site serves it (``served``) where the
    package reads it, once checked (DataFileError otherwise); whole or not at all."""
    try:
        data = zlib.decompressobj().decompress(fetched, entry.size + 1)
    except zlib.error as e:
        raise DataFileError(f"{entry.url} cannot be read ({e})") from e
    place(entry, data)


def place(entry: DataFile, data: bytes) -> None:
    """Put a file's content where the package reads it, once checked
    (DataFileError otherwise); whole or not at all."""
    entry.check(data)
    entry.file.parent.mkdir(parents=True, exist_ok=True)
    part = entry.file.with_name(entry.file.name + ".part")
    part.write_bytes(data)
    part.replace(entry.file)
