"""The package zipped for the page (``allfives.site.bundle``), rebuilt when
stale; the data files it leaves out, written beside it, listed in it."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import zipfile
import zlib
from pathlib import Path

import pytest

from allfives import data_files
from allfives.bots.game_stake import SIDES_NAMES
from allfives.rules import PRESETS
from allfives.site import bundle


def test_a_fresh_bundle_holds_the_pages_bytecode_and_is_not_stale(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
        headers = {n: zf.read(n)[:16] for n in names if n.endswith(".pyc")}
    assert {"allfives/game.pyc", "allfives/web/play/controller.pyc",
            "allfives/data-files.json"} <= names
    assert len(names) == len(bundle.sources()) + 1
    # the data nobody needs before the first move: beside the zip, listed in it
    assert not any(n.endswith((".mo", ".json")) for n in names - {"allfives/data-files.json"})
    assert not any(n.endswith(".py") for n in names)  # node_modules/ has Pyodide here
    # the page's scripts, the build tools and the command line stay out
    assert not names & {"allfives/web/app.pyc", "allfives/web/worker.pyc",
                        "allfives/site/serve.pyc", "allfives/__main__.pyc",
                        "allfives/cli/review.pyc",
                        "allfives/coach/report.pyc"}
    # one Python's bytecode (Pyodide's 3.14), not CPython's own, and no
    # timestamp in it (flags 0b01: an unchecked hash), so a rebuild is the same
    magics = {h[:4] for h in headers.values()}
    assert len(magics) == 1 and magics != {importlib.util.MAGIC_NUMBER}
    assert {int.from_bytes(h[4:8], "little") for h in headers.values()} == {1}
    assert bundle.build(tmp_path / "again.zip").read_bytes() == built.read_bytes()
    assert not bundle.is_stale(built)


def test_without_node_the_bundle_holds_the_sources(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bundle.shutil, "which", lambda _name: None)
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built) as zf:
        assert zf.read("allfives/game.py") == (bundle.PACKAGE / "game.py").read_bytes()
    assert "the page gets the sources" in capsys.readouterr().err
    assert not bundle.is_stale(built)


def test_a_bundle_with_a_moved_module_is_stale_though_no_source_is_newer(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built, "a") as zf:
        zf.writestr("allfives/web/controller.py", "")  # where a module used to be
    later = max(p.stat().st_mtime for p in bundle.sources()) + 60
    os.utime(built, (later, later))
    os.utime(bundle.packed(built), (later, later))  # stale for the module alone
    assert bundle.is_stale(built)
    assert bundle.is_stale(tmp_path / "missing.zip")


def test_the_data_files_are_served_beside_the_zip_compressed_as_its_list_says(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built) as zf:
        listed = data_files.loads(zf.read("allfives/data-files.json").decode())
    assert sorted(listed) == sorted([*(data_files.table(p) for p in PRESETS), data_files.PUZZLES,
                                     *(data_files.stake_table(n) for n in SIDES_NAMES),
                                     *(data_files.catalog(c) for c in ("de", "hi", "nl", "sk"))])
    for path, entry in listed.items():
        content = (bundle.PACKAGE / path).read_bytes()
        served = tmp_path / Path(entry.url).relative_to("static/vendor")
        assert zlib.decompress(served.read_bytes()) == content
        assert (entry.size, entry.sha256) == (len(content), hashlib.sha256(content).hexdigest())
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [
        "allfives-de.mo.zlib", "allfives-hi.mo.zlib", "allfives-nl.mo.zlib",
        "allfives-sk.mo.zlib", "equity-tables-cribbage.json.zlib",
        "equity-tables-five_up.json.zlib", "equity-tables-muggins.json.zlib",
        "equity-tables-punt.json.zlib", "equity-tables-standard.json.zlib",
        "equity-tables-winner_takes.json.zlib", "puzzles.json.zlib",
        *sorted(f"stake-tables-{name}.json.zlib" for name in SIDES_NAMES)]
    assert not bundle.is_stale(built)
    (tmp_path / "data" / "puzzles.json.zlib").unlink()  # the site would 404 on it
    assert bundle.is_stale(built)


def test_a_scripts_run_is_kept_by_what_it_was_given_and_only_the_latest(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "KEPT_DIR", tmp_path / "kept")
    pyodide = tmp_path / "package.json"
    pyodide.write_text('{"version": "1"}')
    monkeypatch.setattr(bundle, "PYODIDE_PACKAGE", pyodide)
    script = tmp_path / "tool.mjs"
    script.write_text("// one")
    runs = []

    def run(given):
        return lambda: runs.append(given) or given.upper()

    assert bundle._kept(script, b"abc", run(b"abc")) == b"ABC"
    assert bundle._kept(script, b"abc", run(b"abc")) == b"ABC"  # read back
    assert runs == [b"abc"]
    script.write_text("// two")  # another script: run again
    assert bundle._kept(script, b"abc", run(b"abc")) == b"ABC"
    pyodide.write_text('{"version": "2"}')  # another Pyodide: run again
    assert bundle._kept(script, b"abc", run(b"abc")) == b"ABC"
    assert runs == [b"abc"] * 3
    for i in range(bundle.KEPT + 2):
        bundle._kept(script, b"x%d" % i, run(b"x%d" % i))
    assert len(list((tmp_path / "kept").glob("tool-*"))) == bundle.KEPT
    bundle._kept(script, b"x%d" % (bundle.KEPT + 1), run(b"latest"))  # the latest is kept
    assert runs[-1] != b"latest"


def test_a_bundle_built_again_reads_its_bytecode_and_packing_back(tmp_path, monkeypatch):
    built = bundle.build(tmp_path / "allfives.zip").read_bytes()
    zst = bundle.packed(tmp_path / "allfives.zip").read_bytes()
    started = []
    monkeypatch.setattr(bundle.subprocess, "run", lambda *a, **k: started.append(a))
    again = bundle.build(tmp_path / "again" / "allfives.zip")
    assert (again.read_bytes(), bundle.packed(again).read_bytes(), started) == (built, zst, [])


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package of data files only (no modules: nothing to compile)."""
    root = tmp_path / "allfives"
    for path in (*(data_files.table(p) for p in PRESETS), data_files.PUZZLES,
                 *(data_files.stake_table(n) for n in SIDES_NAMES), data_files.catalog("de")):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(f"{path} 1".encode())
    monkeypatch.setattr(bundle, "PACKAGE", root)
    monkeypatch.setattr(bundle, "compiled", lambda _files: {})
    monkeypatch.setattr(bundle, "pack", lambda path: path)  # the zip is what is looked at
    return root


@pytest.mark.parametrize("path", [data_files.table("standard"), data_files.table("cribbage"),
                                  data_files.stake_table("punt-4p"), data_files.PUZZLES,
                                  data_files.catalog("de")])
def test_the_zip_and_so_the_snapshots_key_changes_with_any_data_file(package, tmp_path, path):
    # static/boot.mjs keys the memory snapshot by the zip's SHA-256
    before = bundle.build(tmp_path / "site" / "allfives.zip").read_bytes()
    assert bundle.build(tmp_path / "site" / "allfives.zip").read_bytes() == before
    (package / path).write_bytes(f"{path} 2".encode())
    after = bundle.build(tmp_path / "site" / "allfives.zip").read_bytes()
    assert hashlib.sha256(after).digest() != hashlib.sha256(before).digest()
    with zipfile.ZipFile(tmp_path / "site" / "allfives.zip") as zf:
        assert zf.namelist() == ["allfives/data-files.json"]
        entry = data_files.loads(zf.read("allfives/data-files.json").decode())[path]
    assert entry.sha256 == hashlib.sha256(f"{path} 2".encode()).hexdigest()
