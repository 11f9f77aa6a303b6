"""``python -m allfives serve``: the site over HTTP on 127.0.0.1.

A plain static server for the files ``make site`` publishes
(``allfives.site``), nothing else of the checkout: everything else is a 404.
It sends the types browsers insist on for ``.wasm`` and ``.mjs``, and
validators (``ETag``, ``Last-Modified``) so that revalidating an unchanged
file, such as the 10 MB Pyodide wasm, costs a ``304 Not Modified``. It
refuses to start, and says what to run, if the vendored PyScript/Pyodide
files are missing, and it repacks ``allfives.zip`` when the package's
sources are newer than it.
"""

from __future__ import annotations

import functools
import io
import socket
import sys
from collections.abc import Iterable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

from . import bundle
from . import contents as site

ROOT = bundle.ROOT
HOST = "127.0.0.1"
REQUIRED = ("static/vendor/pyscript/core.js", "static/vendor/pyodide/pyodide.mjs",
            "static/vendor/pyodide/pyodide.asm.wasm")
SETUP = "npm ci && python3 scripts/vendor.py"


def etag_of(path: Path) -> str:
    """Changes whenever the file does (size and modification time in ns)."""
    stat = path.stat()
    return f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'


def matches(if_none_match: str, tag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``tag`` (weak comparison, as for GET)."""
    if if_none_match.strip() == "*":
        return True
    return tag in {t.strip().removeprefix("W/") for t in if_none_match.split(",")}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
        ".zip": "application/zip",
    }
    etag: str | None = None  # of the file this response is about

    def __init__(self, *args: Any, extra: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        self.extra = extra  # set first: the base class handles the request in __init__
        super().__init__(*args, **kwargs)

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        """404 for anything not in the site, 304 for an unchanged file, else the file."""
        self.etag = None
        path = Path(self.translate_path(self.path))
        file = path / "index.html" if path.is_dir() else path
        if not file.is_file() or not self.serves(file):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        self.etag = etag_of(file)
        if matches(self.headers.get("If-None-Match", ""), self.etag):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        return super().send_head()  # answers If-Modified-Since when there is no If-None-Match

    def serves(self, file: Path) -> bool:
        """Whether ``file`` is a site file, of the site at the root or of one
        built by ``scripts/site.py`` in a folder below it (as under GitHub
        Pages' ``/REPO/``), or one of the ``extra`` paths."""
        rel = PurePosixPath(file.relative_to(self.directory).as_posix())
        if rel.as_posix() in self.extra or site.publishes(rel):
            return True
        for depth in range(1, len(rel.parts)):
            if Path(self.directory, *rel.parts[:depth], site.MARKER).is_file():
                return site.publishes(PurePosixPath(*rel.parts[depth:]))
        return False

    def list_directory(self, path: Any) -> io.BytesIO | None:
        """No listings: a folder without an index.html is not a page."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # revalidate every time: a new deploy wins
        if self.etag:
            self.send_header("ETag", self.etag)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a game server has nothing to say per request."""


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket],
                     client_address: Any) -> None:
        """A browser that hangs up mid-download (a reload) is not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def missing_vendor(root: Path = ROOT) -> list[str]:
    return [name for name in REQUIRED if not (root / name).exists()]


def make_server(port: int = 8000, root: Path = ROOT, extra: Iterable[str] = ()) -> Server:
    """A server bound to 127.0.0.1 (port 0 picks a free one); not yet serving.

    It serves the site's files under ``root`` (the checkout, a built site, or
    a folder holding built sites) and the ``extra`` paths (relative to
    ``root``, such as ``bench/bare.html``), nothing else.
    """
    if bundle.is_stale():
        bundle.build()
    handler = functools.partial(Handler, directory=str(root), extra=frozenset(extra))
    return Server((HOST, port), handler)


def run(port: int) -> int:
    missing = missing_vendor()
    if missing:
        print(f"serve: static/vendor/ is missing ({missing[0]} not found).\n"
              f"Run this once in {ROOT}, then serve again:\n    {SETUP}", file=sys.stderr)
        return 1
    try:
        server = make_server(port)
    except OSError as e:
        # with a file name: the bundle could not be written; without: the port is taken
        what = e.filename or f"cannot listen on {HOST}:{port}"
        print(f"serve: {what}: {e.strerror or e}", file=sys.stderr)
        return 1
    print(f"All Fives is at http://{HOST}:{server.server_port}/  (Ctrl-C stops the server)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
