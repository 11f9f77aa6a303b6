"""The package zipped for the page (``allfives.site.bundle``), rebuilt when stale."""

from __future__ import annotations

import os
import zipfile

from allfives.site import bundle


def test_a_fresh_bundle_holds_every_source_and_is_not_stale(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
    assert {"allfives/game.py", "allfives/web/app.py", "allfives/web/play/controller.py"} <= names
    assert len(names) == len(bundle.sources())
    assert not bundle.is_stale(built)


def test_a_bundle_with_a_moved_module_is_stale_though_no_source_is_newer(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    with zipfile.ZipFile(built, "a") as zf:
        zf.writestr("allfives/web/controller.py", "")  # where a module used to be
    later = max(p.stat().st_mtime for p in bundle.sources()) + 60
    os.utime(built, (later, later))
    assert bundle.is_stale(built)
    assert bundle.is_stale(tmp_path / "missing.zip")
