"""The package bundle the page loads, the site, and the ``serve`` command."""

from __future__ import annotations

import gzip
import http.client
import os
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from threading import Thread
from typing import Any

import pytest

from allfives.site import bundle, serve
from allfives.site import contents as site

from ..helpers import ROOT, load_site_builder


def test_bundle_holds_every_module(tmp_path):
    path = bundle.build(tmp_path / "allfives.zip")
    names = set(zipfile.ZipFile(path).namelist())
    assert {"allfives/game.pyc", "allfives/web/bots/decide.pyc",
            "allfives/bots/__init__.pyc"} <= names
    assert len({n for n in names if n.endswith(".pyc")}) == len(bundle.sources())


class Client:
    """Requests to a running ``serve.make_server``; ``get`` returns the status,
    the headers and the body."""

    def __init__(self, httpd: serve.Server) -> None:
        self.host, self.port = httpd.server_address[:2]

    def get(self, path: str, **headers: str) -> tuple[int, http.client.HTTPMessage, bytes]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            conn.request("GET", path, headers={k.replace("_", "-"): v
                                               for k, v in headers.items()})
            response = conn.getresponse()
            return response.status, response.headers, response.read()
        finally:
            conn.close()


@contextmanager
def running(**options: Any) -> Iterator[Client]:
    """``serve.make_server(0, **options)`` serving while the block runs."""
    httpd = serve.make_server(0, **options)
    Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield Client(httpd)
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def served() -> Iterator[Client]:
    """The server as ``python -m allfives serve`` runs it, over the checkout
    (one for the module: each shutdown waits for the server's 0.5 s poll)."""
    with running() as client:
        yield client


def test_serve_types_and_missing_vendor(tmp_path, served):
    assert serve.missing_vendor(tmp_path) == list(serve.REQUIRED)
    status, headers, _ = served.get("/index.html")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert serve.Handler.extensions_map[".wasm"] == "application/wasm"
    assert serve.Handler.extensions_map[".mjs"] == "text/javascript"


# The checkout used to be served whole: the git config, the virtualenv, the
# npm packages, the tests and the build files.
@pytest.mark.parametrize("path", [
    "/.git/config", "/.venv/pyvenv.cfg", "/node_modules/.package-lock.json",
    "/tests/site/test_serve.py", "/scripts/site.py", "/Makefile", "/pyproject.toml", "/README.md",
    "/bench/bare.html", "/allfives.egg-info/PKG-INFO", "/static/",
    "/allfives/__pycache__/", "/%2e%2e/etc/passwd",
])
def test_serve_hides_everything_but_the_site(served, path):
    status, _, body = served.get(path)
    assert status == 404, path
    assert b"root:" not in body and b"[core]" not in body


def test_serve_serves_the_site(served):
    for path in ("/", "/index.html", "/sw.js", "/static/main.mjs", "/static/style.css",
                 "/static/vendor/allfives.zip.zst", "/static/vendor/stdlib.zip.zst",
                 "/static/packed.mjs", "/static/vendor/fzstd.mjs", "/allfives/web/worker.py",
                 "/allfives/web/app.py"):
        assert served.get(path)[0] == 200, path
    # the zips the site sends packed are not sent as they are
    for path in ("/static/vendor/allfives.zip", "/static/vendor/stdlib.zip"):
        assert served.get(path)[0] == 404, path
    pycache = next((ROOT / "allfives").glob("__pycache__/*.pyc"), None)
    if pycache:  # a file that exists, inside the site's folder, but not published
        assert served.get("/" + pycache.relative_to(ROOT).as_posix())[0] == 404


def test_extra_paths_are_served_too():
    with running(extra=["bench/bare.html", "bench/bare.toml"]) as client:
        assert client.get("/bench/bare.html")[0] == 200
        assert client.get("/bench/bare.toml")[0] == 200
        assert client.get("/bench/load_time.py")[0] == 404


def write_site(folder: Path, marked: bool) -> None:
    (folder / "static").mkdir(parents=True)
    (folder / "index.html").write_text("<title>site</title>")
    (folder / "static" / "style.css").write_text("body {}")
    (folder / "notes.txt").write_text("not the site's")
    if marked:
        (folder / site.MARKER).write_text("built")


@pytest.fixture
def sites(tmp_path: Path) -> Path:
    write_site(tmp_path / "all-fives", marked=True)
    write_site(tmp_path / "other", marked=False)
    return tmp_path


# A built site in a sub-folder is served as GitHub Pages serves a project
# (/REPO/); a folder that is not a built site is not.
def test_built_sites_under_the_root(sites):
    with running(root=sites) as client:
        assert client.get("/all-fives/")[0] == 200
        assert client.get("/all-fives/static/style.css")[0] == 200
        assert client.get("/all-fives")[0] == 301  # to the folder, as before
        for path in ("/all-fives/notes.txt", f"/all-fives/{site.MARKER}", "/other/index.html",
                     "/other/static/style.css"):
            assert client.get(path)[0] == 404, path


# Without validators, every reload downloaded the 10 MB Pyodide wasm again.
def test_validators_make_revalidation_free_until_the_file_changes(tmp_path):
    page = tmp_path / "index.html"
    page.write_text("<title>one</title>")
    with running(root=tmp_path) as client:
        status, headers, body = client.get("/index.html")
        assert status == 200 and body == b"<title>one</title>"
        etag, modified = headers["ETag"], headers["Last-Modified"]
        assert etag and modified and headers["Cache-Control"] == "no-cache"

        status, headers, body = client.get("/index.html", If_None_Match=etag)
        assert (status, body, headers["ETag"]) == (304, b"", etag)
        assert headers["Cache-Control"] == "no-cache"  # still revalidated every time
        assert client.get("/index.html", If_None_Match=f'"x", W/{etag}')[0] == 304
        assert client.get("/index.html", If_Modified_Since=modified)[0] == 304
        # If-None-Match decides when both are sent (RFC 9110 13.2.2)
        assert client.get("/index.html", If_None_Match='"x"', If_Modified_Since=modified)[0] == 200

        page.write_text("<title>two, longer</title>")
        stat = page.stat()
        os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
        status, headers, body = client.get("/index.html", If_None_Match=etag,
                                           If_Modified_Since=modified)
        assert status == 200 and body == b"<title>two, longer</title>"
        assert headers["ETag"] != etag


def test_what_github_pages_gzips_is_sent_gzipped_to_a_browser_that_accepts_it(tmp_path):
    (tmp_path / "index.html").write_text("<title>one</title>" * 100)
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "a.wasm").write_bytes(b"\0asm" + bytes(5000))
    (tmp_path / "static" / "b.zip").write_bytes(b"PK" + bytes(5000))
    with running(root=tmp_path) as client:
        status, headers, body = client.get("/index.html", Accept_Encoding="gzip, deflate, br")
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == b"<title>one</title>" * 100
        assert int(headers["Content-Length"]) == len(body) < 200
        assert headers["Vary"] == "Accept-Encoding" and headers["ETag"].endswith('-gz"')
        assert headers["Content-Type"].startswith("text/html")
        etag, modified = headers["ETag"], headers["Last-Modified"]
        again = client.get("/index.html", Accept_Encoding="gzip", If_None_Match=etag)
        assert again[0] == 304 and again[2] == b""
        assert client.get("/index.html", Accept_Encoding="gzip",
                          If_Modified_Since=modified)[0] == 304
        plain = client.get("/index.html", If_None_Match=etag)  # another encoding: not the same
        assert plain[0] == 200 and "Content-Encoding" not in plain[1]
        assert plain[2] == b"<title>one</title>" * 100
        wasm = client.get("/static/a.wasm", Accept_Encoding="gzip")
        assert wasm[1]["Content-Encoding"] == "gzip" and wasm[1]["Content-Type"] == \
            "application/wasm" and gzip.decompress(wasm[2]) == b"\0asm" + bytes(5000)
        packed = client.get("/static/b.zip", Accept_Encoding="gzip")  # compressed already
        assert "Content-Encoding" not in packed[1] and len(packed[2]) == 5002
        refused = client.get("/index.html", Accept_Encoding="gzip;q=0, identity")
        assert "Content-Encoding" not in refused[1]


@pytest.mark.parametrize(("header", "gzips"), [
    ("gzip", True), ("deflate, gzip;q=1.0", True), ("*", True), ("", False),
    ("gzip;q=0", False), ("br, deflate", False), ("GZIP", True)])
def test_accept_encoding_is_read_as_browsers_write_it(header, gzips):
    assert serve.accepts_gzip(header) is gzips


# The same size within the same second: the modification time in ns still tells.
def test_the_etag_changes_with_the_file(tmp_path):
    file = tmp_path / "a.txt"
    file.write_text("one")
    before = serve.etag_of(file)
    file.write_text("two")
    os.utime(file, ns=(0, file.stat().st_mtime_ns + 1))
    assert serve.etag_of(file) != before


# scripts/site.py used to delete whatever folder it was given (rmtree).
def test_site_builder_refuses_a_folder_it_did_not_build(tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("years of work")
    assert load_site_builder().main([str(mine)]) == 2
    assert capsys.readouterr().err == (
        f"site: {mine} exists and is not a site built here (no {site.MARKER} in it); "
        "delete it yourself or name another folder\n")
    assert (mine / "thesis.tex").read_text() == "years of work"


def test_site_builder_builds_and_rebuilds_its_own_site(tmp_path):
    if serve.missing_vendor():
        pytest.skip(f"static/vendor/ is missing: run `{serve.SETUP}`")
    builder = load_site_builder()
    target = tmp_path / "site"
    target.mkdir()  # an empty folder is fine
    builder.build(target)
    (target / "stale.txt").write_text("from an older build")
    builder.build(target)  # its own site: replaced
    assert sorted(p.name for p in target.iterdir()) == sorted(
        [*site.CONTENTS, ".nojekyll", site.MARKER])
    assert not list(target.rglob("__pycache__"))
