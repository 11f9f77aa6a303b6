"""Nothing is painted before the page is parsed to its end. A slow parse (a
busy machine, a cheap phone) painted the header's actions while only some
had arrived, and they moved as the rest came: a layout shift of 0.015 in
one load of three with the CPU slowed six times (0 in eight with this).
``<link rel="expect" blocking="render">`` holds rendering until the element
it names has been parsed: it must name the body's last element."""

from __future__ import annotations

from html.parser import HTMLParser

from ..helpers import ROOT


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.expects: list[tuple[str, str | None]] = []  # (href, blocking) of each in <head>
        self.in_head = self.in_body = False
        self.body_children: list[tuple[str, str | None]] = []  # each direct child: tag, id
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = dict(attrs)
        if tag == "head":
            self.in_head = True
        elif tag == "body":
            self.in_head, self.in_body = False, True
        elif self.in_head and tag == "link" and got.get("rel") == "expect":
            self.expects.append((str(got.get("href")), got.get("blocking")))
        elif self.in_body:
            if self.depth == 0:
                self.body_children.append((tag, got.get("id")))
            if tag not in ("link", "meta", "img", "input", "br", "hr", "source"):
                self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "body":
            self.in_body = False
        elif self.in_body and tag not in ("link", "meta", "img", "input", "br", "hr", "source"):
            self.depth -= 1


def test_rendering_waits_for_the_bodys_last_element():
    page = Page()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert page.expects == [("#page-end", "render")]
    # only scripts follow it
    ends = [i for i, (_, id_) in enumerate(page.body_children) if id_ == "page-end"]
    assert len(ends) == 1 and len(page.body_children) > 10
    assert {tag for tag, _ in page.body_children[ends[0] + 1:]} <= {"script"}
