"""``python -m allfives serve``: the repo root over HTTP on 127.0.0.1.

A plain static server with the types browsers insist on for ``.wasm`` and
``.mjs``. It refuses to start, and says what to run, if the vendored
PyScript/Pyodide files are missing, and it repacks ``allfives.zip`` when the
package's sources are newer than it.
"""

from __future__ import annotations

import functools
import socket
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .web import bundle

ROOT = bundle.ROOT
HOST = "127.0.0.1"
REQUIRED = ("static/vendor/pyscript/core.js", "static/vendor/pyodide/pyodide.mjs",
            "static/vendor/pyodide/pyodide.asm.wasm")
SETUP = "npm ci && python3 scripts/vendor.py"


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

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
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


def make_server(port: int = 8000, root: Path = ROOT) -> Server:
    """A server bound to 127.0.0.1 (port 0 picks a free one); not yet serving."""
    if bundle.is_stale():
        bundle.build()
    handler = functools.partial(Handler, directory=str(root))
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
        print(f"serve: cannot listen on {HOST}:{port}: {e.strerror or e}", file=sys.stderr)
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
