"""The browser that drives the page in the browser tests and the benches:
Debian's Chromium, headless, with the flags both use, defined once here so
that ``tests/browser/conftest.py`` and ``bench/harness.py`` launch the same
browser (both import the installed package; neither can import the other)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
# The browser tests' Chromium: Debian's headless shell, built from the same
# source (the same Blink and V8) without the browser's own layers (its UI,
# profile services). A fresh context to a playable table with the bots'
# worker started took 4.4-5.3 s of CPU against 5.4-6.9 with ``CHROMIUM``,
# alternating (docs/DEVELOPING.md). The benches keep ``CHROMIUM``, the
# browser players have.
TEST_CHROMIUM = "/usr/bin/chromium-headless-shell"
# No sandbox (root in a container), no GPU, and none of the background
# traffic (updates, sync) that would reach past the local server.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
# The browser tests' flags: the same, with WebAssembly compiled by V8's
# baseline compiler only (Liftoff), never optimised again in the background
# (TurboFan). Each test's fresh context compiles Pyodide's 9.6 MB module anew;
# re-optimising what Python's start runs took ~40% of a first visit's
# renderer time (6.0 s of CPU to a playable table, 3.5 s with this) and the
# suite is CPU-bound on two cores. What a test checks does not depend on
# how fast the compiled code runs; the benches keep FLAGS, as players do.
TEST_FLAGS = [*FLAGS, "--js-flags=--liftoff-only"]
