"""The app's PNG icons, made from ``static/icon.svg`` by the build.

``scripts/vendor.py`` (which ``make play`` and ``make test`` run) renders them
into ``static/vendor/icons/`` with ``scripts/icons.mjs`` (resvg, as
WebAssembly, pinned in package.json: the same on any machine Node.js runs
on); ``static/manifest.webmanifest`` names them, ``sw.js`` keeps them for
offline use. Nothing here is drawn or committed by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT / "static" / "icon.svg"
FOLDER = ROOT / "static" / "vendor" / "icons"
RENDERER = ROOT / "scripts" / "icons.mjs"
# A maskable icon's content keeps to the middle 80% circle (the "safe zone"):
# the tile is drawn at this share of the icon, on a square of the icon's green.
MASKABLE_SCALE = 0.75


class Icon(NamedTuple):
    name: str  # the file's name in FOLDER
    size: int  # width and height in pixels
    purpose: str  # as in the manifest: "any" or "maskable"


ICONS = (Icon("icon-192.png", 192, "any"), Icon("icon-512.png", 512, "any"),
         Icon("icon-maskable-512.png", 512, "maskable"))


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header (ValueError if it is no PNG).

    >>> png_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452000000c0000000c0"))
    (192, 192)
    """
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
