"""The standard library the page is sent (static/vendor/stdlib.zip, packed) holds every
module the page imports: here the page runs on Pyodide's whole standard
library (python_stdlib.zip, sources), is used as a person would (a puzzle, the
stats, a backup, a game to its end and its Review), and every standard-library
module it then has imported, in the page and in the bots' worker, must be in
stdlib.zip as bytecode. A module the build missed fails here, not a player."""

from __future__ import annotations

import zipfile

import pytest

from allfives.site import bundle

from .browser_helpers import FIRST_LOAD_MS, new_game, open_game, play_game

playwright_api = pytest.importorskip("playwright.sync_api")

STOCK = bundle.VENDOR / "pyodide" / "python_stdlib.zip"
OURS = bundle.VENDOR / "stdlib.zip"
# boot.mjs, with each Pyodide that its loadPyodide gives (the page's worker's
# and the bots' worker's) also kept on that worker's global scope, for the test to ask.
KEEP = """
export async function loadPyodide(options = {}) {
  const python = await startPython(options);
  (globalThis.allfivesPythons ??= []).push(python);
  return python;
}
"""
# The standard library's files each Python has imported, as paths in its zip.
IMPORTED = """() => (globalThis.allfivesPythons || []).map((python) => python.runPython(`
import sys
sorted(origin.removeprefix(sys._stdlib_dir + "/") for module in list(sys.modules.values())
       if (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "")
       .startswith(sys._stdlib_dir + "/"))
`).toJs())"""


def keeping_pythons(route: object) -> None:
    response = route.fetch()
    body = response.text()
    assert "export async function loadPyodide(" in body
    route.fulfill(response=response, body=body.replace(
        "export async function loadPyodide(", "async function startPython(") + KEEP)


def modules(files: set[str]) -> set[str]:
    """The modules of a standard library's files (sources or bytecode)."""
    return {n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__") for n in files}


def asked(worker: object) -> list[list[str]]:
    """What each Pyodide of ``worker`` has imported (none for the snapshot
    maker's, which may also end while asked)."""
    try:
        return worker.evaluate(IMPORTED)
    except playwright_api.Error:
        return []


@pytest.mark.first_visit  # what a first visit imports
@pytest.mark.routed
def test_every_standard_module_the_page_imports_is_in_the_zip_as_bytecode(page, server):
    page.route("**/static/boot.mjs", keeping_pythons)
    page.route("**/static/vendor/stdlib.zip.zst", lambda route: route.fulfill(
        body=bundle.stored_zstd(STOCK.read_bytes()), content_type="application/zstd"))
    open_game(page, server, "?seed=4")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    page.click("#puzzles-button")
    page.wait_for_selector("#puzzles[open]")
    page.click("#puzzle-hand [data-playable=true]")
    page.click("#puzzle-board [data-move]")
    page.wait_for_selector("#puzzle-verdict[data-method]", state="attached", timeout=120_000)
    page.click("#puzzles-done")
    page.click("#stats-button")
    page.wait_for_selector("#stats[open]")
    page.click("#stats-done")
    page.click("#settings-button")
    with page.expect_download():
        page.click("#backup-download")
    page.click("#settings-done")
    new_game(page, players=2, target=10)
    play_game(page)
    page.click("#game-over-review")
    page.wait_for_selector("#review-progress[hidden]", state="attached", timeout=120_000)
    pythons = {w.url.rsplit("/", 1)[-1]: asked(w) for w in page.workers}
    [main] = pythons["page-worker.mjs"]
    [bots] = pythons["bots-worker.mjs"]
    # read from the stock zip, as sources: the page ran on it
    assert all(f.endswith(".py") for f in [*main, *bots])
    assert {"asyncio", "gettext", "html.parser", "datetime"} <= modules(set(main))
    assert {"asyncio", "json", "statistics"} <= modules(set(bots))
    held = zipfile.ZipFile(OURS).namelist()
    assert held and all(n.endswith(".pyc") for n in held)
    missing = sorted(modules({*main, *bots}) - modules(set(held)))
    assert not missing, (f"stdlib.zip lacks what the page imported: {missing}; name them in "
                         "allfives/site/page_stdlib.txt and run scripts/vendor.py")
