"""The package bundle the page loads and the ``serve`` command."""

from __future__ import annotations

import urllib.request
import zipfile
from threading import Thread

from allfives import serve
from allfives.web import bundle


def test_bundle_holds_every_module(tmp_path):
    path = bundle.build(tmp_path / "allfives.zip")
    names = set(zipfile.ZipFile(path).namelist())
    assert {"allfives/game.py", "allfives/web/worker.py", "allfives/bots/__init__.py"} <= names
    assert len(names) == len(bundle.sources())


def test_serve_types_and_missing_vendor(tmp_path, capsys):
    assert serve.missing_vendor(tmp_path) == list(serve.REQUIRED)
    httpd = serve.make_server(0)
    Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        host, port = httpd.server_address[:2]
        with urllib.request.urlopen(f"http://{host}:{port}/index.html") as r:
            assert r.headers["Content-Type"].startswith("text/html")
        assert serve.Handler.extensions_map[".wasm"] == "application/wasm"
        assert serve.Handler.extensions_map[".mjs"] == "text/javascript"
    finally:
        httpd.shutdown()
        httpd.server_close()
