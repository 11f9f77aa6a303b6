"""What index.html asks for ahead of time exists: a vendored file renamed by a
new PyScript or Pyodide (PyScript names its modules by their content) would
otherwise be a 404 on every visit."""

from __future__ import annotations

from html.parser import HTMLParser

from ..helpers import ROOT


class Preloads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = dict(attrs)
        if tag == "link" and got.get("rel") in ("preload", "modulepreload"):
            self.found.append(str(got["href"]))


def test_every_preload_names_a_file_of_the_site():
    parser = Preloads()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert len(parser.found) >= 10
    missing = [href for href in parser.found if not (ROOT / href).is_file()]
    assert not missing, f"index.html preloads what is not there (run make vendor?): {missing}"
