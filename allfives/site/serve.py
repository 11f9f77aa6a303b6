"""``python -m allfives serve``: the site over HTTP on 127.0.0.1.

A plain static server for the files ``make site`` publishes
(``allfives.site``), nothing else of the checkout: everything else is a 404.
It sends the types browsers insist on for ``.wasm`` and ``.mjs``, and
validators (``ETag``, ``Last-Modified``) so that revalidating an unchanged
file, such as the 10 MB Pyodide wasm, costs a ``304 Not Modified``. Like
GitHub Pages it gzips what compresses (text, JavaScript, JSON, SVG, wasm)
for a browser that accepts it, so local figures are what players get. It
refuses to start, and says what to run, if the vendored Pyodide
files are missing, and it rebuilds ``allfives.zip`` (and its packed
``allfives.zip.zst``) when the package's sources are newer than it.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import io
import socket
import sys
import threading
from collections.abc import Iterable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

from . import bundle
from . import contents as site

ROOT = bundle.ROOT
HOST = "127.0.0.1"
REQUIRED = ("static/vendor/pyodide/pyodide.mjs", "static/vendor/pyodide/pyodide.asm.wasm",
            "static/vendor/stdlib.zip.zst", "static/vendor/fzstd.mjs")
SETUP = "npm ci && python3 scripts/vendor.py"


# Compressed as GitHub Pages compresses them: the rest (zip, zst, woff2, png)
# is compressed already.
GZIPPED = ("text/", "application/javascript", "application/json", "application/wasm",
           "image/svg+xml", "application/manifest+json")
_gzipped: dict[tuple[str, str], bytes] = {}  # (path, etag) -> the file gzipped, made once
_gzipping = threading.Lock()


def etag_of(path: Path, gzipped: bool = False) -> str:
    """Changes whenever the file does (size and modification time in ns); the
    gzipped form has a tag of its own."""
    stat = path.stat()
    return f'"{stat.st_size:x}-{stat.st_mtime_ns:x}{"-gz" if gzipped else ""}"'


def gzipped(path: Path, tag: str) -> bytes:
    """``path`` gzipped (level 6), made once per version of the file."""
    key = (str(path), tag)
    with _gzipping:
        if key not in _gzipped:
            _gzipped[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        return _gzipped[key]


def unchanged_since(path: Path, since: str) -> bool:
    """Whether ``path`` is no newer than an ``If-Modified-Since`` date (whole seconds)."""
    try:
        when = email.utils.parsedate_to_datetime(since).timestamp()
    except (TypeError, ValueError):
        return False
    return int(path.stat().st_mtime) <= when


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip (not ``gzip;q=0``)."""
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


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
        kind = self.guess_type(str(file))
        gzips = kind.startswith(GZIPPED) and accepts_gzip(self.headers.get("Accept-Encoding", ""))
        self.etag = etag_of(file, gzips)
        if matches(self.headers.get("If-None-Match", ""), self.etag):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        if not gzips:
            return super().send_head()  # answers If-Modified-Since without If-None-Match
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers and unchanged_since(file, since):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = gzipped(file, self.etag)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(file.stat().st_mtime,
                                                                  usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

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
        self.send_header("Vary", "Accept-Encoding")
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
