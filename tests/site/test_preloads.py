"""What index.html asks for ahead of time exists, and is nothing the page's
worker fetches itself: a worker does not use the page's preloads, so a
preloaded Pyodide, standard library or package would travel twice."""

from __future__ import annotations

from html.parser import HTMLParser

from ..helpers import ROOT

# What static/page-worker.mjs and static/boot.mjs fetch in the worker.
THE_WORKERS = ("static/vendor/pyodide/", "static/vendor/stdlib.zip", "static/vendor/allfives.zip",
               "static/vendor/fzstd.mjs", "allfives/web/", "static/boot.mjs", "static/packed.mjs",
               "static/page-worker.mjs", "static/bots")


class Preloads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = dict(attrs)
        if tag == "link" and got.get("rel") in ("preload", "modulepreload"):
            self.found.append(str(got["href"]))


def preloads(html: str) -> list[str]:
    parser = Preloads()
    parser.feed(html)
    return parser.found


def test_the_reader_finds_preloads():
    html = ('<link rel="modulepreload" href="./static/vendor/pyodide/pyodide.mjs">'
            '<link rel="stylesheet" href="./static/style.css">'
            '<link rel="preload" href="./static/fonts.css" as="style">')
    assert preloads(html) == ["./static/vendor/pyodide/pyodide.mjs", "./static/fonts.css"]


def test_every_preload_names_a_file_of_the_site_that_the_worker_does_not_fetch():
    found = preloads((ROOT / "index.html").read_text(encoding="utf-8"))
    missing = [href for href in found if not (ROOT / href).is_file()]
    assert not missing, f"index.html preloads what is not there (run make vendor?): {missing}"
    twice = [href for href in found if href.removeprefix("./").startswith(THE_WORKERS)]
    assert not twice, f"index.html preloads what the page's worker fetches again: {twice}"
