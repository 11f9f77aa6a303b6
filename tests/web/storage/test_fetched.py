"""The page's fetch of the data files its zip leaves out (``storage.fetched``):
each once a visit, however many ask at once; a failure kept from nobody and
not kept, so the next call fetches again; nothing fetched that is not left
out or is in place."""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from allfives import data_files
from allfives.data_files import DataFileError, described
from allfives.web.storage.fetched import Fetcher

MO = "locale/nl/LC_MESSAGES/allfives.mo"
ENTRY = described(MO, b"Hallo")


class Site:
    """A site that serves the Dutch catalog (or fails, while ``failing``),
    counting what it was asked for."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.failing = ""
        self.gate = asyncio.Event()  # the answer waits for it

    async def get(self, url: str) -> bytes:
        self.asked.append(url)
        await self.gate.wait()
        if self.failing:
            raise DataFileError(f"{url}: {self.failing}")
        return data_files.served(b"Hallo")


def run_alone(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright
    keeps an event loop running in this one (the same worker may run both)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(data_files, "PACKAGE", tmp_path)
    monkeypatch.setattr(data_files, "left_out", lambda: {MO: ENTRY})
    return tmp_path


def test_many_asking_at_once_make_one_fetch_and_a_file_in_place_none(package: Path):
    async def run() -> None:
        site = Site()
        fetcher = Fetcher(site.get)
        waiting = [asyncio.ensure_future(fetcher.ensure(MO)) for _ in range(3)]
        await asyncio.sleep(0)
        site.gate.set()
        await asyncio.gather(*waiting)
        await fetcher.ensure(MO)
        await fetcher.ensure(data_files.PUZZLES)  # not left out: nothing to fetch
        assert site.asked == [ENTRY.url]
        assert (package / MO).read_bytes() == b"Hallo"
        assert fetcher.under_way == {}

    run_alone(run())


def test_a_failed_fetch_reaches_everyone_waiting_and_the_next_call_tries_again(package: Path):
    async def run() -> None:
        site = Site()
        site.failing = "status 404"
        site.gate.set()
        fetcher = Fetcher(site.get)
        results = await asyncio.gather(fetcher.ensure(MO), fetcher.ensure(MO),
                                       return_exceptions=True)
        assert [str(r) for r in results] == [f"{ENTRY.url}: status 404"] * 2
        assert not (package / MO).exists()
        site.failing = ""
        await fetcher.ensure(MO)
        assert site.asked == [ENTRY.url, ENTRY.url]
        assert (package / MO).read_bytes() == b"Hallo"

    run_alone(run())


def test_a_caller_cancelled_does_not_stop_the_fetch_another_waits_for(package: Path):
    async def run() -> None:
        site = Site()
        fetcher = Fetcher(site.get)
        first = asyncio.ensure_future(fetcher.ensure(MO))
        second = asyncio.ensure_future(fetcher.ensure(MO))
        await asyncio.sleep(0)
        first.cancel()  # a new game: nobody waits for that move any more
        site.gate.set()
        await second
        assert first.cancelled()
        assert site.asked == [ENTRY.url]
        assert (package / MO).read_bytes() == b"Hallo"

    run_alone(run())


def test_a_fetch_started_ahead_leaves_at_once_and_is_the_one_awaited_later(package: Path):
    async def run() -> None:
        asked: list[str] = []

        def get(url: str):  # as the page's: the request leaves when called
            asked.append(url)

            async def read() -> bytes:
                return data_files.served(b"Hallo")
            return read()

        fetcher = Fetcher(get)
        assert fetcher.start(None) is None  # English: no catalog
        ahead = fetcher.start(MO)
        assert asked == [ENTRY.url]  # before anything awaited it
        assert fetcher.start(MO) is ahead
        await fetcher.ensure(MO)
        assert ahead.done() and asked == [ENTRY.url]
        assert fetcher.start(MO) is None  # in place

    run_alone(run())


def test_a_fetch_started_ahead_that_fails_unwatched_is_tried_again(package: Path):
    async def run() -> None:
        site = Site()
        site.failing = "status 404"
        site.gate.set()
        fetcher = Fetcher(site.get)
        ahead = fetcher.start(MO)
        while fetcher.under_way:  # failed, with nobody waiting
            await asyncio.sleep(0)
        assert ahead.done()
        site.failing = ""
        await fetcher.ensure(MO)
        assert site.asked == [ENTRY.url, ENTRY.url]

    unseen: list[dict] = []

    def in_a_loop_of_its_own() -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(lambda _loop, context: unseen.append(context))
        loop.run_until_complete(run())
        loop.close()
        gc.collect()

    with ThreadPoolExecutor(1) as pool:  # as run_alone: Playwright's loop may run in this thread
        pool.submit(in_a_loop_of_its_own).result()
    assert unseen == []  # no "exception was never retrieved"
