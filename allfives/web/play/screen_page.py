"""The table in the page (thin): ``Screen`` hands the table's frame
(``frame.frame``) to the one writer, which writes only what differs, and
draws the board when its scene changed; besides it, the moment's acts:
words for screen readers, focus (``table.focus``: where it goes is applied
by the page's thread, which knows where it is), the privacy screen, the
end-of-round and end-of-game panels (as frames too), the slide of a tile to
its place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import js

from ..dom import FACTS
from ..draw.board import BoardScene, board_part
from ..paint.events import Size, size_from_json
from ..paint.parts import Effect, slide_effect
from ..paint.writer_page import page
from ..table import focus_page
from ..table.focus import at_table, hand_drawn_anew, refocus
from ..table.shared_controls import SHARE_LINKS
from ..table.table_view import TableView
from . import frame
from .controller import Controller


def shell_board() -> Size | None:
    """The table's board's box as the page's shell laid it out before Python
    ran (``dom.FACTS``: static/page.mjs); None if not known."""
    try:
        return size_from_json(FACTS.get("board"))
    except ValueError:
        return None


class Screen:
    """The board as last drawn (``drawn``; the rest the writer knows), the
    board's box (``box``: exact CSS pixels, the page's shell's at first so
    that the first frame has its board, then from a ``SIZE`` Listen; None
    until it is known), and the first moment the person could play, marked
    once (bench/load_time.py reads it)."""

    def __init__(self) -> None:
        self.drawn: BoardScene | None = None
        self.box: tuple[float, float] | None = None
        self.ready = False
        self.resized(shell_board())

    def redraw(self, ctl: Controller, settled: bool, active: bool = True,
               then: Sequence[Effect] = ()) -> None:
        """The table now, written where it differs; ``settled``: the turn
        loop has come to rest; ``active``: this table has the page
        (``frame.frame``). Focus that was at the table stays there though
        the hand's elements are new (``HandState.focus_after``); ``then``:
        effects once the board is drawn, after focus that fell to the page
        has come back (a ``refocus`` of them does nothing then)."""
        now = frame.frame(ctl, settled, active)
        hand, log = page.known.get("#hand"), page.known.get("#log")
        anew = hand is None or hand.html != now.parts["#hand"].html
        scroll = log is None or log.html != now.parts["#log"].html
        page.write(now.parts, ([Effect("scroll-end", "#log")] if scroll else []) + (
            hand_drawn_anew(now.hand) if anew else []))
        scene = now.scene
        if self.drawn is None or self.drawn.view is not scene.view or self.drawn != scene:
            self.draw(scene)
            self.drawn = scene
        # a button that had focus may be disabled now (take back)
        page.write({}, [*refocus(now.hand.focus_after(None)), *then])

    def resized(self, size: Size | None) -> None:
        """The board's box changed: the board is drawn for it (a score's pop
        not again)."""
        box = (size.width, size.height) if size is not None and size.width > 0 \
            and size.height > 0 else None
        if box == self.box:
            return  # (the shell's box, reported again as the page first lays it out)
        self.box = box
        if self.drawn is not None:
            self.draw(replace(self.drawn, fresh_points=0))

    def draw(self, scene: BoardScene) -> None:
        """The board for its box, once that is known."""
        if self.box is not None:
            page.write({"#board": board_part(scene, *self.box)})

    def mark_ready(self) -> None:
        """Mark the first moment the person can play."""
        if not self.ready:
            self.ready = True
            js.allfivesPage.mark("allfives:human-can-play")


def announce(text: str) -> None:
    """Words for screen readers (``#announce``, a polite live region)."""
    page.write({}, [Effect("say", "#announce", text)])


def hush() -> None:
    """Empty the screen reader's live region (a new game: its words were the
    old game's, and a friend at the table must not read them)."""
    page.write({}, [Effect("hush", "#announce")])


def focus(selector: str | None) -> None:
    """Focus on ``selector``, wherever focus is."""
    focus_page.refocus(selector, always=True)


def focus_at_table(selector: str | None) -> None:
    """Focus on ``selector`` if focus is at the table or fell to the page
    (not if the person has gone elsewhere on the page)."""
    page.write({}, at_table(selector))


def privacy(view: TableView, seat: int | None) -> None:
    """The privacy screen up for ``seat``'s person, or down (``frame.privacy``)."""
    page.write(*frame.privacy(view, seat))


def over(ctl: Controller, round_only: bool, daily: str = "") -> None:
    """The round-end or game-over panel (``frame.over``); its share link,
    shown by the Share button, is written anew."""
    page.forget(*SHARE_LINKS)
    page.write(*frame.over(ctl, round_only, daily))


def slide(board_tile: str, source: str, ms: int) -> None:
    """The tile about to be laid slides from where ``source`` is now to its
    place on the board (``board_tile``, drawn a moment later; not under
    reduced motion: the page's thread sees to that)."""
    if ms:
        page.write({}, [slide_effect(board_tile, source, ms)])
