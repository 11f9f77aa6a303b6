"""The browser that drives the page in the browser tests and the benches:
Debian's Chromium, headless, with the flags both use, defined once here so
that ``tests/browser/conftest.py`` and ``bench/harness.py`` launch the same
browser (both import the installed package; neither can import the other)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
# No sandbox (root in a container), no GPU, and none of the background
# traffic (updates, sync) that would reach past the local server.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
