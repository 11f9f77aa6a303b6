"""The installed app's manifest in every language of the page.

``static/manifest.webmanifest`` is written in English and is the template:
its texts a person reads (the app's name in full, its description, the
screenshots' labels, the shortcuts' names and descriptions) are gettext
messages, which ``extract`` hands to Babel (``babel.cfg``) like the page's
own. The build (``scripts/vendor.py``) writes one manifest per other
language into ``static/vendor/manifests/`` from the compiled catalogs; the
page links the one of its language (``page_text.manifest_href``). The app's
``id``, start and scope stay the same, so it is one app in any language.
"""

from __future__ import annotations

import gettext
import json
import posixpath
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from ..web.i18n import catalogs as i18n
from ..web.i18n.page_text import MANIFEST, MANIFESTS

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / MANIFEST
FOLDER = ROOT / MANIFESTS
URL_FIELDS = ("start_url", "scope")
# Where each list of the manifest keeps its paths (relative to the manifest).
PATHS = {"icons": "src", "screenshots": "src", "shortcuts": "url"}
# The texts a person reads: fields of the manifest, and fields of each item
# of its lists; each with the note its translators get.
FIELDS = ("name", "description")
ITEM_FIELDS = {"screenshots": ("label",), "shortcuts": ("name", "description")}
NOTES = {
    "name": "the installed app's full name, as the page's title",
    "description": "the installed app's description, shown when it is installed",
    "screenshots label": "a label of a screenshot shown when the app is installed",
    "shortcuts name": "an action in the installed app's shortcut menu (its icon, long-pressed)",
    "shortcuts description": "what that shortcut of the installed app opens",
}


def places(manifest: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str, str]]:
    """Where each text to translate is: the object holding it, its key, and
    the note for its translators."""
    for key in FIELDS:
        yield manifest, key, NOTES[key]
    for field, keys in ITEM_FIELDS.items():
        for item in manifest.get(field, ()):
            for key in keys:
                if key in item:
                    yield item, key, NOTES[f"{field} {key}"]


def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for the manifest: each text with its line."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = source.splitlines()
    for holder, key, note in places(json.loads(source)):
        text = holder[key]
        quoted = json.dumps(text, ensure_ascii=False)
        line = next((n for n, row in enumerate(lines, 1) if quoted in row), 0)
        yield line, "", text, [f"Translators: {note}"]


def rebased(path: str, folder: str) -> str:
    """A path relative to the template (in ``static/``) made relative to
    ``folder`` (relative to the site) instead."""
    site_path = posixpath.normpath(posixpath.join(posixpath.dirname(MANIFEST), path))
    moved = posixpath.relpath(site_path, folder)
    return moved + ("/" if path.endswith("/") and not moved.endswith("/") else "")


def translated(manifest: Mapping[str, Any], code: str,
               translate: Callable[[str], str]) -> dict[str, Any]:
    """The manifest in ``code``, to be served from ``MANIFESTS``: its texts
    through ``translate``, its paths pointing where the template's do."""
    out: dict[str, Any] = json.loads(json.dumps(manifest))
    out["lang"] = code
    for holder, key, _ in places(out):
        holder[key] = translate(holder[key])
    for field in URL_FIELDS:
        out[field] = rebased(manifest[field], MANIFESTS)
    for field, key in PATHS.items():
        for item in out.get(field, ()):
            item[key] = rebased(item[key], MANIFESTS)
            for icon in item.get("icons", ()):
                icon["src"] = rebased(icon["src"], MANIFESTS)
    return out


def build(folder: Path = FOLDER) -> list[Path]:
    """Write the manifest of every language but English into ``folder``,
    translated by the compiled catalogs (``make catalogs``)."""
    template = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for code in i18n.LANGUAGES:
        if code == i18n.ENGLISH:
            continue
        catalog = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code])
        path = folder / f"{code}.webmanifest"
        text = json.dumps(translated(template, code, catalog.gettext), ensure_ascii=False,
                          indent=2)
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written
