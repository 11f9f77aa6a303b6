"""The stake's tables on the page's side of the bots' worker (thin).

The expert, the master and every analysis read a table of the stake
(``decide.needs_table``), which is left out of the page's zip
(``allfives.data_files``): a file per preset and player count. The page
fetches the table of the game on the table once, when the worker has started
or failed to (the table has long been playable; so the hint, Review and the
expert work offline later, which they would not if the table were first
needed offline), and any table before the first request that reads it
(another preset's game, a puzzle of other rules); and hands each to the
worker once, before the first request that reads it. A request waits for its
table: a fetch that fails is tried again every ``DATA_RETRY_SECONDS`` (the
person is told once), and no bot plays as if there were no table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import js

from ... import data_files
from ...bots.game_stake import table_path
from ...rules import Rules
from ..i18n.catalogs import _
from ..paint.notice_page import notice
from ..storage.fetch_page import FILES
from .decide import Request, needs_table

# The tables not fetched (offline, a 404): tried again this often meanwhile.
DATA_RETRY_SECONDS = 5.0


class StakeTables:
    """The tables fetched on the page and those handed to the worker
    (``hand``: its ``keep_data`` call with a table's path and text, answered
    while the worker is heard from)."""

    def __init__(self, hand: Callable[[str, str], Awaitable[object]]) -> None:
        self._hand = hand
        self.handed: set[str] = set()  # the paths the worker has

    async def ahead(self, rules: Rules, worker: Callable[[], bool]) -> None:
        """The table of ``rules`` (the game on the table) fetched ahead of
        its first use, if they have one, and handed to the worker while it is
        idle, if there is one (``worker()``; a first review's or hint's
        request would otherwise wait for it: ~0.25 s); a fetch or a handing
        that fails is tried again at that use, which says so."""
        path = table_path(rules)
        if path is None:
            return
        try:
            await FILES.ensure(path)
            if worker() and path not in self.handed:
                await self.hand(path)
        except Exception as e:  # noqa: BLE001 - tried again, and said, at its first use
            js.console.warn(f"allfives: not fetched or handed ahead: {e}")

    async def handed_for(self, request: Request) -> None:
        """The table ``request`` reads handed to the worker first, if it has
        not got it."""
        path = needs_table(request)
        if path is not None and path not in self.handed:
            await self.hand(path)

    async def hand(self, path: str) -> None:
        """Give the worker a table the page has (fetched), once."""
        await self._hand(path, data_files.left_out()[path].file.read_text(encoding="utf-8"))
        self.handed.add(path)

    async def fetched(self, request: Request) -> None:
        """The table ``request`` reads in place on the page (fetched once;
        until it can be, tried again every ``DATA_RETRY_SECONDS``, the
        person told once why it waits)."""
        path = needs_table(request)
        if path is None:
            return
        told = False
        while True:
            try:
                await FILES.ensure(path)
                return
            except data_files.DataFileError as e:
                js.console.warn(f"allfives: {e}")
                if not told:
                    told = True
                    # Translators: {reason} is an English detail (an address and an HTTP status)
                    notice(_("The bots could not download what they need to think ({reason}). "
                             "They try again every few seconds; the game waits.")
                           .format(reason=e))
            await asyncio.sleep(DATA_RETRY_SECONDS)
