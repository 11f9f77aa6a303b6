"""The controls both tables share, as frames: exact selectors and values."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from allfives.web.paint.parts import Effect, Part
from allfives.web.table.shared_controls import HEADER, header, header_awake, over_panel

ROOT = Path(__file__).resolve().parents[3]


def test_review_is_disabled_while_there_is_nothing_to_review():
    assert header(False) == {"#review-button": Part(attrs=(("disabled", ""),))}
    assert header(True) == {"#review-button": Part(attrs=(("disabled", None),))}


def test_the_game_over_panel_is_filled_and_opened_with_its_share_link_hidden():
    frame, effects = over_panel("game-over", "<h2>Ada wins.</h2>", "", "Best: +12",
                                shareable=False)
    assert frame == {
        "#game-over-body": Part(html="<h2>Ada wins.</h2>"),
        "#game-over-deal": Part(text=""),
        "#game-over-share": Part(attrs=(("hidden", ""),)),
        "#game-over-share-link": Part(attrs=(("hidden", ""),)),
        "#game-over-daily": Part(text="Best: +12"),
    }
    assert effects == [Effect("open", "game-over")]


def test_the_round_end_panel_has_no_daily_line():
    frame, effects = over_panel("round-end", "<p>hands</p>", "Deal 8")
    assert list(frame) == ["#round-end-body", "#round-end-deal", "#round-end-share",
                           "#round-end-share-link"]
    assert frame["#round-end-share"] == Part(attrs=(("hidden", None),))
    assert effects == [Effect("open", "round-end")]


class _Disabled(HTMLParser):
    """The ids of the elements disabled in index.html's header."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside <header class="bar"> while > 0
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "header" and named.get("class") == "bar":
            self.depth = 1
        elif self.depth and tag == "header":
            self.depth += 1
        if self.depth and "disabled" in named:
            self.found.append(named.get("id") or "")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "header":
            self.depth -= 1


def test_the_header_wakes_up_whole():
    parser = _Disabled()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.found == list(HEADER)
    assert header_awake() == {f"#{id_}": Part(attrs=(("disabled", None),)) for id_ in parser.found}
