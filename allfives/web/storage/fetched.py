"""The data files the page's zip leaves out (``allfives.data_files``), each
fetched from the site when first needed and put in the package, once a
visit: a call while the file is on its way waits for the same fetch, and a
file in place is never fetched again. A fetch that fails is not kept (the
next call tries again) and puts nothing in place."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from ... import data_files
from ...data_files import DataFile

# Fetches a data file's address (from the site's root) as the site serves it;
# DataFileError says why it could not.
Get = Callable[[str], Awaitable[bytes]]


class Fetcher:
    def __init__(self, get: Get) -> None:
        self.get = get
        self.under_way: dict[str, asyncio.Future[None]] = {}  # by path in the package

    async def ensure(self, path: str) -> None:
        """The package's ``path`` in place, fetched if it was left out and is
        not there yet; DataFileError if it could not be (a caller cancelled
        does not stop the fetch the others wait for)."""
        entry = data_files.missing(path)
        if entry is None:
            return
        fetch = self.under_way.get(path)
        if fetch is None:
            fetch = self.under_way[path] = asyncio.ensure_future(self._fetch(entry))
            fetch.add_done_callback(lambda _done: self.under_way.pop(path, None))
        await asyncio.shield(fetch)

    async def _fetch(self, entry: DataFile) -> None:
        data_files.put(entry, await self.get(entry.url))
