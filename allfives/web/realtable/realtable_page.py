"""The page at a real table (thin): taps on the entry panel, the lit places
and the round-end fields go to the ``Keeper``; after each, the game is
saved and the section drawn again from its ``TableFrame``. While such a game
is on, ``body[data-mode=table]`` shows this section in place of the game
against bots (which waits as it was). A game on this device never empties
it: leaving keeps it aside (``allfives.table-kept``) to be resumed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyscript import document, window

from ...errors import AllFivesError
from ...tiles import parse_tile
from ..dom import closest, download, el, found, notice, on, store, stored, toggle
from ..draw import board_page
from ..storage.keys import TABLE_GAME_KEY, TABLE_KEPT_KEY, UNREADABLE_TABLE_KEY
from ..table.looks import Looks
from . import kept
from .frame import frame
from .keeper import Keeper, Said


class RealTablePage:
    def __init__(self, looks: Callable[[], Looks], tally: Callable[[], bool],
                 over: Callable[[str], None]) -> None:
        """``looks`` and ``tally``: as the settings draw now; ``over``: the
        game ended (the game-over panel, with its heading and scores)."""
        self.looks = looks
        self.tally = tally
        self.over = over
        self.keeper: Keeper | None = None

    def bind(self) -> None:
        on(el("table-entry"), "click", self.on_entry_click)
        on(el("table-board"), "click", self.on_board_click)
        on(el("table-board"), "keydown", self.on_board_key)
        on(el("entry-drew"), "click", lambda _e: self.on_drew())
        on(el("entry-passed"), "click", lambda _e: self.act(lambda k: k.passed()))
        on(el("entry-undo"), "click", lambda _e: self.act(lambda k: k.undo()))
        on(el("entry-start"), "click", lambda _e: self.act(lambda k: k.start()))
        on(el("round-left"), "submit", self.on_left)
        on(el("round-left"), "click", self.on_left_click)
        on(el("round-left"), "input", self.on_pips_typed)
        on(el("entry-call"), "input", self.on_call)
        on(window, "resize", lambda _e: self.redraw())

    # -- the game ------------------------------------------------------------

    def take(self, keeper: Keeper) -> None:
        """Keep this game from now on (a new one, one resumed or restored):
        any game left aside before is this one, or was confirmed replaced."""
        self.keeper = keeper
        store(TABLE_KEPT_KEY, "")
        document.body.dataset.mode = "table"
        self.commit()

    def leave(self) -> None:
        """Back to the game on this device: the table's game, unless over,
        is kept aside to be resumed (``left``)."""
        if kept.in_progress(self.keeper):
            assert self.keeper is not None
            store(TABLE_KEPT_KEY, kept.to_save(self.keeper))
        self.keeper = None
        document.body.removeAttribute("data-mode")
        el("review-button").removeAttribute("disabled")
        store(TABLE_GAME_KEY, "")

    def drop(self) -> None:
        """Forget the game shown without keeping it (a backup restored replaces it)."""
        self.keeper = None

    def kept_game(self) -> Keeper | None:
        """The game kept at a real table, if one is on; one that cannot be read
        is kept aside (``UNREADABLE_TABLE_KEY``), said, and can be downloaded."""
        text = stored(TABLE_GAME_KEY)
        if not text:
            return None
        try:
            return kept.from_save(text)
        except AllFivesError as e:
            js.console.warn(f"allfives: the game at a real table could not be read: {e}")
            store(UNREADABLE_TABLE_KEY, text)
            store(TABLE_GAME_KEY, "")
            notice(kept.unreadable(), (
                kept.download_unreadable(),
                lambda _e: download(stored(UNREADABLE_TABLE_KEY) or text,
                                    "allfives-unreadable-table.json")))
            return None

    def left(self) -> Keeper | None:
        """The game at a real table kept aside, if one is (and can be read)."""
        text = stored(TABLE_KEPT_KEY)
        try:
            return kept.from_save(text) if text else None
        except AllFivesError:
            return None

    def download(self) -> None:
        if self.keeper is not None:
            download(kept.to_save(self.keeper), "allfives-table.json")

    def commit(self) -> None:
        """Saved, then drawn; at the game's end, the game-over panel."""
        if self.keeper is None:
            return
        store(TABLE_GAME_KEY, kept.to_save(self.keeper))
        self.redraw()
        if self.keeper.phase == "over":
            self.over(self.keeper.said.text if self.keeper.said else "")

    # -- taps -----------------------------------------------------------------

    def act(self, entry: Callable[[Keeper], Said]) -> None:
        if self.keeper is None:
            return
        entry(self.keeper)
        self.commit()

    def on_entry_click(self, evt: Any) -> None:
        tile = closest(evt, "[data-tile]")
        if tile is not None:
            name = str(tile.dataset.tile)
            self.act(lambda k: k.tap_tile(parse_tile(name)))
            if self.keeper is not None and self.keeper.selected is not None \
                    and int(evt.detail) == 0:  # from the keyboard: on to its lit places
                refocus("#table-board [data-target]", always=True)
            refocus(f'#entry-tiles [data-tile="{name}"]', "#entry-tiles [data-tile]")
            return
        starter = closest(evt, "[data-starter]")
        if starter is not None:
            seat = int(str(starter.dataset.starter))
            self.act(lambda k: k.choose_starter(seat))

    def on_board_click(self, evt: Any) -> None:
        target = closest(evt, "[data-target]")
        if target is not None:
            move = str(target.dataset.move)
            self.act(lambda k: k.tap_place(move))
            refocus("#entry-tiles [data-tile]")

    def on_board_key(self, evt: Any) -> None:
        if str(evt.key) in ("Enter", " "):
            evt.preventDefault()
            self.on_board_click(evt)

    def on_call(self, evt: Any) -> None:
        text = str(evt.target.value).strip()
        if self.keeper is not None:
            self.keeper.call = int(text) if text.isdigit() else None

    def on_drew(self) -> None:
        """Drew, as many tiles as the field beside says (then 1 again, the
        usual draw)."""
        field = el("entry-drew-count")
        text = str(field.value)
        count = int(text) if text.isdigit() and int(text) > 0 else 1
        field.value = "1"
        self.act(lambda k: k.drew(count))

    def on_left_click(self, evt: Any) -> None:
        """A round-end row: its picker button, or its pip stepper."""
        picker = closest(evt, "[data-left-seat]")
        if picker is not None:
            seat = int(str(picker.dataset.leftSeat))
            self.act(lambda k: k.pick_left(seat))
            refocus(f'#round-left [data-left-seat="{seat}"]', always=True)
            return
        step = closest(evt, "[data-pips-step]")
        if step is not None:
            seat, by = int(str(step.dataset.seat)), int(str(step.dataset.pipsStep))
            self.act(lambda k: k.step_pips(seat, by))
            refocus(f'#round-left [data-pips-step="{by}"][data-seat="{seat}"]', always=True)

    def on_pips_typed(self, evt: Any) -> None:
        """Pips typed: kept as typed (the field is not drawn over)."""
        seat = str(evt.target.dataset.seat or "")
        if self.keeper is not None and seat.isdigit():
            self.keeper.set_pips(int(seat), str(evt.target.value))

    def on_left(self, evt: Any) -> None:
        evt.preventDefault()
        if self.keeper is None:
            return
        self.act(lambda k: k.settle())
        refocus("#entry-tiles [data-tile]", "#entry-undo")

    # -- drawing ---------------------------------------------------------------

    def redraw(self) -> None:
        if self.keeper is None:
            return
        f = frame(self.keeper, self.looks(), self.tally())
        el("table-status").textContent = f.status
        el("table-said").textContent = f.said
        toggle(el("table-said"), "data-refused", f.refused)
        el("table-seats").innerHTML = f.seats
        el("table-scores").innerHTML = f.scores
        el("table-log").innerHTML = f.log
        el("table-count").textContent = f.count
        el("entry-tiles").innerHTML = f.tiles
        el("entry-starters").innerHTML = f.starters
        section = el("real-table")
        section.dataset.phase = f.phase
        toggle(el("entry-start"), "hidden",
               f.phase != "start" or self.keeper.game.known_seat is None)
        toggle(el("entry-call-row"), "hidden", not f.calls)
        if not f.calls:
            el("entry-call").value = ""
        el("round-left-fields").innerHTML = f.left
        bones = el("table-boneyard")
        toggle(bones, "hidden", f.boneyard is None)
        if f.boneyard is not None:
            bones.dataset.boneyard = f.boneyard[0]
            bones.querySelector(".left").textContent = f.boneyard[0]
            bones.setAttribute("aria-label", f.boneyard[1])
            bones.title = f.boneyard[1]
        count = el("entry-drew-count")
        if self.keeper.phase == "play":
            most = max(self.keeper.game.round.boneyard_left, 1)
            count.max = str(most)
        board_page.draw("table-board", f.scene)
        # Review goes through the rounds entered: none yet, nothing to review
        toggle(el("review-button"), "disabled", not self.keeper.game.rounds)


def refocus(*selectors: str, always: bool = False) -> None:
    """After a redraw the tapped button may be gone: focus the first of
    ``selectors`` there is, if focus was lost (``always``: wherever it is)."""
    active = found(document.activeElement)
    if not always and active is not None and active != document.body and active.isConnected:
        return
    for selector in selectors:
        node = found(document.querySelector(selector))
        if node is not None:
            node.focus()
            return
