"""The package zipped for the page (``allfives.site.bundle``), rebuilt when stale."""

from __future__ import annotations

import importlib.util
import os
import zipfile

from allfives.site import bundle


def test_a_fresh_bundle_holds_the_pages_bytecode_and_is_not_stale(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
        headers = {n: zf.read(n)[:16] for n in names if n.endswith(".pyc")}
    assert {"allfives/game.pyc", "allfives/web/play/controller.pyc",
            "allfives/locale/de/LC_MESSAGES/allfives.mo"} <= names
    assert len(names) == len(bundle.sources())
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
    assert bundle.is_stale(built)
    assert bundle.is_stale(tmp_path / "missing.zip")

