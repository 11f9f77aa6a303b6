"""The table in the page: ``Screen`` writes what changed since its last
``Frame`` (the status line, scores, seats, log, boneyard, hand, board, count
and buttons); besides it, what is not the table's state but a moment's:
words for screen readers, focus, the privacy screen, the end-of-round and
end-of-game panels, the slide of a tile to its place. The strings come from
``frame``, ``render``, ``board`` and ``words``; this module only writes them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from ...tiles import NAMES
from ..dom import el, found, reduced_motion, show_dialog, toggle
from ..draw import board_page, render
from ..table import words
from ..table.hand import HandState
from ..table.table_view import TableView
from .controller import Controller
from .frame import Frame, changed, frame


class Screen:
    """The table as last written (``last``), and the first moment the person
    could play, marked once (bench/load_time.py reads it)."""

    def __init__(self) -> None:
        self.last: Frame | None = None
        self.ready = False

    def redraw(self, ctl: Controller, settled: bool) -> None:
        """The table now, written where it differs from the last frame;
        ``settled``: the turn loop has come to rest (``frame.frame``)."""
        now = frame(ctl, self.last, settled)
        parts = changed(self.last, now)
        self.last = now
        for part, write in WRITE.items():
            if part in parts:
                write(now)
        refocus(now.hand.state)  # a button that had focus may be disabled now (take back)

    def resized(self) -> None:
        """The window's shape changed: the board is drawn for its new box."""
        if self.last is not None:
            board_page.draw("board", replace(self.last.board, fresh_points=0))

    def mark_ready(self) -> None:
        """Mark the first moment the person can play."""
        if not self.ready:
            self.ready = True
            js.performance.mark("allfives:human-can-play")


def write_status(now: Frame) -> None:
    if now.status is not None:
        node = el("status")
        node.dataset.phase = now.status.phase
        node.innerHTML = words.unbroken(now.status.text)


def write_log(now: Frame) -> None:
    log = el("log")
    log.innerHTML = now.log
    log.scrollTop = log.scrollHeight


def write_boneyard(now: Frame) -> None:
    bones = el("boneyard")
    bones.querySelector(".left").textContent = now.boneyard[0]
    bones.setAttribute("aria-label", now.boneyard[1])


def write_undo(now: Frame) -> None:
    toggle(el("undo"), "hidden", now.undo[0])
    toggle(el("undo"), "disabled", now.undo[1])


def write_hand(now: Frame) -> None:
    """The hand and its buttons; focus that was at the table stays there
    (``HandState.focus_after``) though the elements are new."""
    shown = now.hand.state
    lost = focus_lost()
    held = focused_tile()
    node = el("hand")
    node.innerHTML = now.hand.html
    node.setAttribute("aria-label", now.hand.label)
    node.dataset.seat = now.hand.seat
    toggle(el("draw"), "disabled", not shown.must_draw)
    toggle(el("pass"), "disabled", not shown.must_pass)
    toggle(el("pass"), "hidden", not shown.must_pass)
    toggle(el("hint"), "disabled", not shown.can_hint)
    selection(now.selected)
    if lost or focus_lost():
        focus(shown.focus_after(held))


def write_count(now: Frame) -> None:
    """The count on the table (``#count``), unless Settings hide it."""
    text, count, said, hidden = now.count
    node = el("count")
    node.textContent = text
    node.dataset.count = count
    node.title = said
    toggle(node, "hidden", hidden)


def selection(tile: int | None) -> None:
    """Mark the selected tile in place, so a focused tile keeps its focus."""
    for button in document.querySelectorAll("#hand [data-tile]"):
        chosen = tile is not None and str(button.dataset.tile) == NAMES[tile]
        button.classList.toggle("selected", chosen)
        button.setAttribute("aria-pressed", "true" if chosen else "false")


def write_hint(now: Frame) -> None:
    said, method = now.hint
    node = el("hint-text")
    node.innerHTML = words.unbroken(said)
    if method:
        node.setAttribute("data-method", method)
    else:
        node.removeAttribute("data-method")


# Each part of a frame, written when it changed, in this order.
WRITE: dict[str, Callable[[Frame], None]] = {
    "status": write_status,
    "hint": write_hint,
    "scores": lambda now: setattr(el("scores"), "innerHTML", now.scores),
    "seats": lambda now: setattr(el("seats"), "innerHTML", now.seats),
    "log": write_log,
    "boneyard": write_boneyard,
    "hand": write_hand,  # the selection too
    "selected": lambda now: selection(now.selected),
    "board": lambda now: board_page.draw("board", now.board),
    "count": write_count,
    "undo": write_undo,
    "muted": lambda now: el("mute").setAttribute("aria-pressed", str(now.muted).lower()),
}


def refocus(hand: HandState) -> None:
    """Focus that fell to the page (a dialog closed, a focused button was
    disabled) goes back to the hand."""
    active = found(document.activeElement)
    if active is None or active == document.body:
        focus(hand.focus_after(None))


def in_hand() -> bool:
    """Whether keyboard focus is in the hand."""
    return found(document.activeElement.closest("#hand")) is not None


def announce(text: str) -> None:
    """Words for screen readers (``#announce``, a polite live region). The
    same words twice in a row are changed a little, or they would not be read."""
    node = el("announce")
    node.textContent = text + "\u00a0" if str(node.textContent) == text else text


def hush() -> None:
    """Empty the screen reader's live region (a new game: its words were the
    old game's, and a friend at the table must not read them)."""
    el("announce").textContent = ""


def focus(selector: str | None) -> None:
    node = found(document.querySelector(selector)) if selector else None
    if node is not None:
        node.focus()


def focus_lost() -> bool:
    """True when focus fell to the page (its element was redrawn) or is still
    at the table: then it may go back to the hand."""
    active = found(document.activeElement)
    if active is None or active == document.body:
        return True
    return found(active.closest("#hand, #board, .controls")) is not None


def focused_tile() -> int | None:
    """The tile of the hand that has keyboard focus, if one has."""
    active = found(document.activeElement)
    in_hand = active is not None and found(active.closest("#hand")) is not None
    name = str(active.getAttribute("data-tile") or "") if in_hand else ""
    return NAMES.index(name) if name in NAMES else None


def privacy(view: TableView, seat: int | None) -> None:
    """The privacy screen between two people's turns, up while ``seat``'s
    person is to see theirs (None: down): every hand is hidden (the view
    behind it has none) until they show theirs. Its words are written each
    time, so they follow the page's language."""
    node = el("privacy")
    if seat is None:
        if node.open:
            node.close()
        return
    name = view.names[seat]
    el("privacy-title").textContent = words.pass_to(name)
    el("privacy-says").textContent = words.privacy_text(name)
    el("privacy-show").textContent = words.show_hand(name)
    show_dialog("privacy")


def over(ctl: Controller, round_only: bool, daily: str = "") -> None:
    """The round-end or game-over panel, with every hand face up, the deal's
    name (to share it) and, after a daily deal, the day's best result."""
    view = ctl.view()
    panel = "round-end" if round_only else "game-over"
    if round_only:
        el("round-end-body").innerHTML = render.round_end_panel(view, faces=ctl.settings.faces)
    else:
        el("game-over-body").innerHTML = render.game_over(view)
        el("game-over-daily").textContent = daily
    el(f"{panel}-deal").textContent = words.deal_line(str(ctl.table.game.seed), ctl.table.daily)
    el(f"{panel}-share-link").setAttribute("hidden", "")
    show_dialog(panel)


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
