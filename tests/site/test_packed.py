"""The zips the site sends packed (``bundle.pack``: allfives.zip.zst and
stdlib.zip.zst), unpacked here by the page's own decoder (static/vendor/fzstd.mjs,
run by Node.js as the workers run it, through static/packed.mjs) to exactly
the zip they were made from."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import zipfile

import pytest

from allfives.site import bundle

from ..helpers import ROOT

# allfives.zip.zst 289,276 bytes and stdlib.zip.zst 724,332 with Pyodide
# 314.0.7 (the zips deflating each file: 500,560 and 999,035).
BOUNDS = {bundle.BUNDLE: 330_000, bundle.VENDOR / "stdlib.zip": 780_000}
UNPACK = """
import { unpack } from "%s";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
try {
  const bytes = unpack(readFileSync(process.argv[1]), process.argv[1]);
  console.log(createHash("sha256").update(bytes).digest("hex"));
} catch (error) {
  console.log(error.message);
}
"""


def node_says(script: str, path: object) -> str:
    """What Node.js prints running ``script`` (given static/packed.mjs's
    URL for its %s) on the file at ``path``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    out = subprocess.run([node, "--input-type=module", "-e",
                          script % (ROOT / "static" / "packed.mjs").as_uri(), str(path)],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def unpacked_hash(path: object) -> str:
    """What the page's unpack makes of the file at ``path``: the SHA-256 of
    its bytes, or its error's message."""
    return node_says(UNPACK, path)


@pytest.mark.parametrize("zipped", list(BOUNDS), ids=lambda p: p.name)
def test_each_zip_is_sent_packed_smaller_and_unpacks_to_itself(zipped):
    packed = bundle.packed(zipped)
    assert packed.name == zipped.name + ".zst"
    assert packed.stat().st_size < BOUNDS[zipped]
    assert packed.stat().st_size < zipped.stat().st_size / 3  # the zip stores its files
    assert unpacked_hash(packed) == hashlib.sha256(zipped.read_bytes()).hexdigest()


def test_without_node_a_zip_is_packed_as_it_is_and_the_page_unpacks_it_all_the_same(
        tmp_path, monkeypatch):
    data = os.urandom(300_000)  # more than two of a frame's blocks
    (tmp_path / "some.zip").write_bytes(data)
    monkeypatch.setattr(bundle.shutil, "which", lambda _name: None)
    packed = bundle.pack(tmp_path / "some.zip")
    assert packed.stat().st_size == len(data) + 4 + 1 + 8 + 3 * 3
    monkeypatch.undo()
    assert unpacked_hash(packed) == hashlib.sha256(data).hexdigest()
    (tmp_path / "none").write_bytes(b"")
    assert unpacked_hash(bundle.pack(tmp_path / "none")) == hashlib.sha256(b"").hexdigest()


def test_what_is_not_packed_is_refused_with_the_files_name(tmp_path):
    (tmp_path / "page.zst").write_text("<!doctype html><title>Moved</title>")
    said = unpacked_hash(tmp_path / "page.zst")
    assert said.startswith(f"{tmp_path / 'page.zst'} could not be unpacked ("), said


def test_a_zip_whose_packed_file_is_missing_or_older_is_stale(tmp_path):
    built = bundle.build(tmp_path / "allfives.zip")
    assert not bundle.is_stale(built)
    packed = bundle.packed(built)
    before = built.stat().st_mtime
    os.utime(packed, (before - 60, before - 60))
    assert bundle.is_stale(built)
    packed.unlink()
    assert bundle.is_stale(built)


EXTRACT = """
import { extractPackage } from "%s";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
const files = {};
const folders = [];
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: (path) => folders.push(path),
  writeFile: (path, bytes) => { files[path] = createHash("sha256").update(bytes).digest("hex"); },
};
try {
  extractPackage({ FS }, readFileSync(process.argv[1]), "the.zip.zst");
  console.log(JSON.stringify({ files, folders }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
"""


def extracted(path: object) -> dict[str, object]:
    """What the page's ``extractPackage`` writes of the packed zip at
    ``path`` into a file system that records it: each file's SHA-256 by
    path, the folders made; or its error's message."""
    return json.loads(node_says(EXTRACT, path))


def test_the_package_is_written_where_python_starts_file_by_file_as_its_zip_holds_it():
    with zipfile.ZipFile(bundle.BUNDLE) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/")]
        want = {f"/home/pyodide/{n}": hashlib.sha256(zf.read(n)).hexdigest() for n in names}
    got = extracted(bundle.packed(bundle.BUNDLE))
    assert got["files"] == want and len(want) > 100
    assert "/home/pyodide/allfives/web/bots" in got["folders"]
    assert len(got["folders"]) == len(set(got["folders"]))  # each folder made once


@pytest.mark.parametrize(("entries", "said"), [
    ({"a/b.py": b"x = 1\n" * 50}, "a/b.py is not stored"),  # deflated
    ({"../b.py": b"x = 1\n"}, "../b.py is outside"),
    ({"/etc/b.py": b"x = 1\n"}, "/etc/b.py is outside"),
])
def test_a_zip_that_does_not_store_its_files_in_its_folder_is_refused(tmp_path, entries, said):
    method = zipfile.ZIP_DEFLATED if "stored" in said else zipfile.ZIP_STORED
    with zipfile.ZipFile(tmp_path / "the.zip", "w", method) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    packed = tmp_path / "the.zip.zst"  # packed as it is (no Node.js packing: faster)
    packed.write_bytes(bundle.stored_zstd((tmp_path / "the.zip").read_bytes()))
    assert extracted(packed) == {"error": f"the.zip.zst: {said}"}
    packed.write_bytes(bundle.stored_zstd(b"PK not really a zip" * 3))
    assert extracted(packed) == {"error": "the.zip.zst: not a zip"}
