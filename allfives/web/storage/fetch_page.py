"""The page's fetch of the data files its zip leaves out (``fetched``,
``allfives.data_files``): from the page's own site, relative to the page
(not to the worker's script, which a relative address would be). The bots'
worker fetches nothing: the page hands it what it fetched."""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Any

import js
from pyodide.ffi import JsException

from ...data_files import DataFileError
from .fetched import Fetcher

SITE = json.loads(str(js.allfivesPage.facts()))["site"]  # static/page.mjs


def get(url: str) -> Awaitable[bytes]:
    """Ask for the file at ``url`` (from the site's root) now; awaited, its
    bytes, or DataFileError: a network error (offline) or a status that is
    not OK."""
    return _read(url, js.fetch(SITE + url))


async def _read(url: str, asked: Any) -> bytes:
    try:
        response = await asked
        if not response.ok:
            raise DataFileError(f"{url}: status {response.status}")
        return bytes((await response.arrayBuffer()).to_bytes())
    except JsException as e:
        raise DataFileError(f"{url}: {e}") from e


FILES = Fetcher(get)  # the page's one
