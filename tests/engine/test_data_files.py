"""The data files the page's zip leaves out (``allfives.data_files``): their
list, as the zip keeps it and read back; a fetched file checked and put
where the package reads it, or refused with nothing put; and in CPython,
nothing left out."""

from __future__ import annotations

import hashlib
import re
import zlib
from pathlib import Path

import pytest

from allfives import data_files
from allfives.data_files import DataFile, DataFileError, described, dumps, loads, missing, put

MO = "locale/de/LC_MESSAGES/allfives.mo"


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package folder of its own, with a list naming the German catalog."""
    monkeypatch.setattr(data_files, "PACKAGE", tmp_path)
    entry = described(MO, b"Hallo")
    monkeypatch.setattr(data_files, "left_out", lambda: {MO: entry})
    return tmp_path


def test_in_cpython_nothing_is_left_out():
    assert not data_files.LIST.exists()
    assert data_files.left_out() == {}
    assert missing(data_files.table("standard")) is None and missing(MO) is None


def test_each_file_is_served_flat_and_compressed_with_its_size_and_hash():
    assert described(MO, b"Hallo") == DataFile(
        MO, "static/vendor/data/allfives-de.mo.zlib", 5, hashlib.sha256(b"Hallo").hexdigest())
    assert data_files.table("five_up") == "bots/equity-tables/five_up.json"
    assert described(data_files.table("five_up"), b"{}").url == \
        "static/vendor/data/equity-tables-five_up.json.zlib"
    assert described(data_files.PUZZLES, b"{}").url == "static/vendor/data/puzzles.json.zlib"
    assert data_files.catalog("hi") == "locale/hi/LC_MESSAGES/allfives.mo"
    assert zlib.decompress(data_files.served(b"Hallo" * 100)) == b"Hallo" * 100


def test_the_list_reads_back_and_a_broken_one_says_what_is_wrong():
    files = [described(data_files.table("punt"), b"table"), described(MO, b"Hallo")]
    assert loads(dumps(files)) == {f.path: f for f in files}
    assert dumps(files) == dumps(files[::-1])  # stable
    with pytest.raises(DataFileError, match="not an allfives-data-files list of version 1"):
        loads('{"format": "other", "version": 1, "files": {}}')
    with pytest.raises(DataFileError, match="cannot be read"):
        loads('{"format": "allfives-data-files", "version": 1, "files": {"a": {}}}')
    with pytest.raises(DataFileError, match="cannot be read"):
        loads("not json")


def test_a_fetched_file_is_put_in_place_once_checked(package: Path):
    entry = missing(MO)
    assert entry is not None and entry.file == package / MO
    put(entry, data_files.served(b"Hallo"))
    assert (package / MO).read_bytes() == b"Hallo"
    assert missing(MO) is None  # there: never fetched again
    assert missing(data_files.table("punt")) is None  # not left out at all


@pytest.mark.parametrize(("served", "said"), [
    (data_files.served(b"Hallo!"), "is not this build's (6 bytes)"),  # another build's
    (data_files.served(b"Hallx"), "is not this build's (5 bytes)"),  # same size, other hash
    (data_files.served(b"Hallo")[:4], "is not this build's"),  # cut short
    (b"<html>404</html>", "cannot be read"),  # a page, not the file
], ids=["longer", "other", "cut", "page"])
def test_a_file_that_is_not_this_builds_is_refused_and_nothing_is_put(package: Path, served,
                                                                        said):
    entry = missing(MO)
    assert entry is not None
    with pytest.raises(DataFileError, match=re.escape(f"{entry.url} {said}")):
        put(entry, served)
    assert not (package / MO).exists()
    assert not list(package.rglob("*.part"))
    assert missing(MO) == entry
