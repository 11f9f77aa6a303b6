"""Putting what the controller shows into the page: the status line, the
scores, seats, log, hand and board, the end-of-round and end-of-game panels,
and the slide of a tile to its place. The strings come from ``render``,
``board`` and ``words``; this module only writes them into elements."""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from ...tiles import NAMES
from ..dom import el, found, reduced_motion, show_dialog, toggle
from ..draw import board_page, render
from . import words
from .controller import Controller, Refuse, Say, Status
from .table_view import TableView
from .takeback import can_take_back

_ready: list[bool] = []


def mark_ready() -> None:
    """Mark the first moment the person can play (bench/load_time.py reads it)."""
    if not _ready:
        _ready.append(True)
        js.performance.mark("allfives:human-can-play")


def status(shown: Status) -> None:
    node = el("status")
    node.dataset.phase = shown.phase
    node.textContent = shown.text


def hint_text(text: str) -> None:
    el("hint-text").textContent = text


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


def table(ctl: Controller) -> None:
    """Everything on the table, from the controller's view."""
    view = ctl.view()
    news = ctl.news()  # the move just made, at its first drawing only
    scored = news.side if news and news.points else None
    el("scores").innerHTML = render.scores(view, scored, ctl.settings.tally,
                                           news.points if news else 0)
    el("seats").innerHTML = render.seats(view)
    log = el("log")
    log.innerHTML = render.log(view)
    log.scrollTop = log.scrollHeight
    bones = el("boneyard")
    bones.querySelector(".left").textContent = str(view.player.boneyard_left)
    bones.setAttribute("aria-label", words.boneyard(view.player.boneyard_left))
    hand(ctl, view)
    layout(ctl, view, news.points if news else 0)
    count(ctl, view)
    buttons(ctl)
    refocus(ctl)  # a button that had focus may be disabled now (take back)


def buttons(ctl: Controller) -> None:
    """Take back (shown with its setting; enabled when there is a turn to
    take back) and the mute button's state."""
    undo = el("undo")
    toggle(undo, "hidden", not ctl.settings.undo)
    table = ctl.table
    toggle(undo, "disabled", not (ctl.settings.undo and not table.screened and can_take_back(
        table.game, table.viewer, table.others, table.daily)))
    el("mute").setAttribute("aria-pressed", "true" if ctl.settings.mute else "false")


def hand(ctl: Controller, view: TableView) -> None:
    """The hand and its buttons; focus that was at the table stays there
    (``HandState.focus_after``) though the elements are new."""
    shown = ctl.hand(view)
    lost = focus_lost()
    held = focused_tile()
    node = el("hand")
    node.innerHTML = render.hand(shown)
    node.setAttribute("aria-label", words.hand_label(view))
    node.dataset.seat = "" if view.screened else str(view.seat)
    toggle(el("draw"), "disabled", not shown.must_draw)
    toggle(el("pass"), "disabled", not shown.must_pass)
    toggle(el("pass"), "hidden", not shown.must_pass)
    toggle(el("hint"), "disabled", not shown.can_hint)
    if lost or focus_lost():
        focus(shown.focus_after(held))


def refocus(ctl: Controller) -> None:
    """Focus that fell to the page (a dialog closed, a focused button was
    disabled) goes back to the hand."""
    active = found(document.activeElement)
    if active is None or active == document.body:
        focus(ctl.hand(ctl.view()).focus_after(None))


def focused_tile() -> int | None:
    """The tile of the hand that has keyboard focus, if one has."""
    active = found(document.activeElement)
    in_hand = active is not None and found(active.closest("#hand")) is not None
    name = str(active.getAttribute("data-tile") or "") if in_hand else ""
    return NAMES.index(name) if name in NAMES else None


def selected(ctl: Controller, tile: int | None) -> None:
    """A tile chosen (or put back): its places light up; from the keyboard,
    focus goes on to the first of them."""
    in_hand = found(document.activeElement.closest("#hand")) is not None
    selection(tile)
    layout(ctl, ctl.view())
    status(ctl.status())
    if in_hand and tile is not None:
        focus("#board [data-target]")


def said(reply: Refuse | Say) -> None:
    """A refusal shows on the status line; both are spoken."""
    if isinstance(reply, Refuse):
        status(Status("human", reply.text))
    announce(reply.text)


def selection(tile: int | None) -> None:
    """Mark the selected tile in place, so a focused tile keeps its focus."""
    for button in document.querySelectorAll("#hand [data-tile]"):
        chosen = tile is not None and str(button.dataset.tile) == NAMES[tile]
        button.classList.toggle("selected", chosen)
        button.setAttribute("aria-pressed", "true" if chosen else "false")


def layout(ctl: Controller, view: TableView, popped: int = 0) -> None:
    """The board, drawn for its current shape (``Controller.board_scene``)."""
    board_page.draw("board", ctl.board_scene(view, popped))


def count(ctl: Controller, view: TableView) -> None:
    """The count on the table (``#count``), unless Settings hide it."""
    node = el("count")
    node.textContent = render.count_badge(view)
    node.dataset.count = str(view.layout.count)
    node.title = words.table_words(view)
    toggle(node, "hidden", not ctl.settings.count)


def privacy(view: TableView, seat: int) -> None:
    """The privacy screen between two people's turns: every hand is hidden
    (the view behind it has none) until ``seat``'s person shows theirs."""
    name = view.names[seat]
    el("privacy-title").textContent = words.pass_to(name)
    el("privacy-says").textContent = words.privacy_text(name)
    el("privacy-show").textContent = words.show_hand(name)
    show_dialog("privacy")


def over(ctl: Controller, round_only: bool, daily: str = "") -> None:
    """The round-end or game-over panel, with every hand face up, the deal's
    name (to share it) and, after a daily deal, the day's best result."""
    view = ctl.view()
    status(ctl.status())
    el("seats").innerHTML = render.seats(view)
    panel = "round-end" if round_only else "game-over"
    if round_only:
        el("round-end-body").innerHTML = render.round_end_panel(view)
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
