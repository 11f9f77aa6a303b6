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

# Asks for a data file's address (from the site's root) at once, and gives
# what the site serves once awaited; DataFileError says why it could not.
Get = Callable[[str], Awaitable[bytes]]


class Fetcher:
    def __init__(self, get: Get) -> None:
        self.get = get
        self.under_way: dict[str, asyncio.Future[None]] = {}  # by path in the package

    def start(self, path: str | None) -> asyncio.Future[None] | None:
        """Ask for the package's ``path`` now, if it was left out and is not
        there or on its way yet (the request leaves before this returns, so
        it travels while the caller works on); the fetch under way, or None."""
        entry = data_files.missing(path) if path is not None else None
        if path is None or entry is None:
            return None
        fetch = self.under_way.get(path)
        if fetch is None:
            fetch = self.under_way[path] = asyncio.ensure_future(
                self._put(entry, self.get(entry.url)))
            fetch.add_done_callback(lambda done: self._done(path, done))
        return fetch

    def _done(self, path: str, fetch: asyncio.Future[None]) -> None:
        """A fetch is over: a failed one is not kept (the next call fetches
        again), and its error counts as seen, as a fetch started ahead
        (``start``) may have failed before anyone waited for it."""
        self.under_way.pop(path, None)
        if not fetch.cancelled():
            fetch.exception()

    async def ensure(self, path: str) -> None:
        """The package's ``path`` in place, fetched if it was left out and is
        not there yet; DataFileError if it could not be (a caller cancelled
        does not stop the fetch the others wait for)."""
        fetch = self.start(path)
        if fetch is not None:
            await asyncio.shield(fetch)

    @staticmethod
    async def _put(entry: DataFile, fetched: Awaitable[bytes]) -> None:
        data_files.put(entry, await fetched)
