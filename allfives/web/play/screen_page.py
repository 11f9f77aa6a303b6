"""The table in the page (thin): ``Screen`` hands the table's frame
(``frame.frame``) to the one writer, which writes only what differs, and
draws the board when its scene changed; besides it, the moment's acts:
words for screen readers, focus, the privacy screen, the end-of-round and
end-of-game panels (as frames too), the slide of a tile to its place."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from ...tiles import NAMES
from ..dom import el, found, reduced_motion
from ..draw import board_page
from ..draw.board import BoardScene
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..table import focus_page
from ..table.shared_controls import SHARE_LINKS
from ..table.table_view import TableView
from . import frame
from .controller import Controller


class Screen:
    """The board as last drawn (``drawn``; the rest the writer knows), and
    the first moment the person could play, marked once
    (bench/load_time.py reads it)."""

    def __init__(self) -> None:
        self.drawn: BoardScene | None = None
        self.ready = False

    def redraw(self, ctl: Controller, settled: bool, active: bool = True) -> None:
        """The table now, written where it differs; ``settled``: the turn
        loop has come to rest; ``active``: this table has the page
        (``frame.frame``). Focus that was at the table stays there though
        the hand's elements are new (``HandState.focus_after``)."""
        now = frame.frame(ctl, settled, active)
        hand, log = page.known.get("#hand"), page.known.get("#log")
        anew = hand is None or hand.html != now.parts["#hand"].html
        lost, held = at_table(), focused_tile()
        scroll = log is None or log.html != now.parts["#log"].html
        page.write(now.parts, [Effect("scroll-end", "#log")] if scroll else [])
        scene = now.scene
        if self.drawn is None or self.drawn.view is not scene.view or self.drawn != scene:
            board_page.draw("board", scene)
            self.drawn = scene
        if anew and (lost or at_table()):
            focus(now.hand.focus_after(held))
        # a button that had focus may be disabled now (take back)
        focus_page.refocus(now.hand.focus_after(None))

    def resized(self) -> None:
        """The window's shape changed: the board is drawn for its new box."""
        if self.drawn is not None:
            board_page.draw("board", replace(self.drawn, fresh_points=0))

    def mark_ready(self) -> None:
        """Mark the first moment the person can play."""
        if not self.ready:
            self.ready = True
            js.performance.mark("allfives:human-can-play")


def in_hand() -> bool:
    """Whether keyboard focus is in the hand."""
    return focus_page.within("#hand")


def announce(text: str) -> None:
    """Words for screen readers (``#announce``, a polite live region)."""
    page.write({}, [Effect("say", "#announce", text)])


def hush() -> None:
    """Empty the screen reader's live region (a new game: its words were the
    old game's, and a friend at the table must not read them)."""
    page.write({}, [Effect("hush", "#announce")])


def focus(selector: str | None) -> None:
    focus_page.refocus(selector, always=True)


def at_table() -> bool:
    """True when focus fell to the page (its element was redrawn) or is still
    at the table: then it may go back to the hand."""
    return focus_page.lost() or focus_page.within("#hand, #board, .controls")


def focused_tile() -> int | None:
    """The tile of the hand that has keyboard focus, if one has."""
    active = found(document.activeElement)
    in_hand = active is not None and found(active.closest("#hand")) is not None
    name = str(active.getAttribute("data-tile") or "") if in_hand else ""
    return NAMES.index(name) if name in NAMES else None


def privacy(view: TableView, seat: int | None) -> None:
    """The privacy screen up for ``seat``'s person, or down (``frame.privacy``)."""
    page.write(*frame.privacy(view, seat))


def over(ctl: Controller, round_only: bool, daily: str = "") -> None:
    """The round-end or game-over panel (``frame.over``); its share link,
    shown by the Share button, is written anew."""
    page.forget(*SHARE_LINKS)
    page.write(*frame.over(ctl, round_only, daily))


def source_rect(seat: int, viewer: int, tile: int | None) -> Any:
    """Where a tile about to be played is now: in the hand (the viewer's),
    or at its seat."""
    if tile is None:
        return None
    where = f'#hand [data-tile="{NAMES[tile]}"]' if seat == viewer else \
        f'#seats [data-seat="{seat}"] .tiles'
    node = found(document.querySelector(where))
    return node.getBoundingClientRect() if node is not None else None


async def slide(tile: int, source: Any, ms: int) -> None:
    """Slide the tile just laid from ``source`` to its place (not under reduced motion)."""
    node = found(document.querySelector(f'#board [data-tile="{NAMES[tile]}"]'))
    if not ms or source is None or node is None or reduced_motion():
        return
    end = node.getBoundingClientRect()
    scale = el("board").getScreenCTM().a or 1
    dx = (source.left + source.width / 2 - end.left - end.width / 2) / scale
    dy = (source.top + source.height / 2 - end.top - end.height / 2) / scale
    frames = to_js([{"transform": f"translate({dx}px, {dy}px)"},
                    {"transform": "translate(0px, 0px)"}], dict_converter=js.Object.fromEntries)
    options = to_js({"duration": ms, "easing": "cubic-bezier(.2,.7,.3,1)"},
                    dict_converter=js.Object.fromEntries)
    node.animate(frames, options)
    await asyncio.sleep(ms / 1000)
