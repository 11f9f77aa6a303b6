"""The page's fetch of the data files its zip leaves out (``fetched``,
``allfives.data_files``): from the page's own site, relative to the page.
The bots' worker fetches nothing: the page hands it what it fetched."""

from __future__ import annotations

import js
from pyodide.ffi import JsException

from ...data_files import DataFileError
from .fetched import Fetcher


async def get(url: str) -> bytes:
    """The file at ``url`` (from the site's root); DataFileError: a network
    error (offline) or a status that is not OK."""
    try:
        response = await js.fetch(f"./{url}")
        if not response.ok:
            raise DataFileError(f"{url}: status {response.status}")
        return bytes((await response.arrayBuffer()).to_bytes())
    except JsException as e:
        raise DataFileError(f"{url}: {e}") from e


FILES = Fetcher(get)  # the page's one
