"""The page at a real table (thin): taps on the entry panel, the lit places
and the round-end fields go to the ``Keeper``; after each, the game is
saved and the section drawn again: its frame (``frame.parts``) handed to the
one writer. While such a game is on, ``body[data-mode=table]`` shows this
section in place of the game against bots (which waits as it was). A game
on this device never empties it: leaving keeps it aside
(``allfives.table-kept``) to be resumed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyscript import window

from ...errors import AllFivesError
from ...moves import parse_move
from ...tiles import parse_tile
from ..dom import closest, el, on, store, stored
from ..draw import board_page
from ..draw.board import BoardScene
from ..paint.notice_page import notice
from ..paint.parts import download
from ..paint.writer_page import page
from ..storage.keys import TABLE_GAME_KEY, TABLE_KEPT_KEY, UNREADABLE_TABLE_KEY
from ..table.focus_page import refocus
from ..table.looks import Looks
from ..table.shared_controls import SHARE_LINKS, Reviewed
from . import kept
from .frame import frame, over, parts
from .keeper import Keeper, Said


class RealTablePage:
    def __init__(self, looks: Callable[[], Looks], tally: Callable[[], bool]) -> None:
        """``looks`` and ``tally``: as the settings draw now."""
        self.looks = looks
        self.tally = tally
        self.keeper: Keeper | None = None
        self.drawn: BoardScene | None = None  # the board as last drawn

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
        on(window, "resize", lambda _e: self.resized())

    # -- the game ------------------------------------------------------------

    def take(self, keeper: Keeper) -> None:
        """Keep this game from now on (a new one, one resumed or restored):
        any game left aside before is this one, or was confirmed replaced."""
        self.keeper = keeper
        store(TABLE_KEPT_KEY, "")
        self.commit()

    def leave(self) -> None:
        """Back to the game on this device: the table's game, unless over,
        is kept aside to be resumed (``left``)."""
        if kept.in_progress(self.keeper):
            assert self.keeper is not None
            store(TABLE_KEPT_KEY, kept.to_save(self.keeper))
        self.keeper = None
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
                lambda _e: page.write({}, [download("allfives-unreadable-table.json",
                                                    stored(UNREADABLE_TABLE_KEY) or text)])))
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
            page.write({}, [download("allfives-table.json", kept.to_save(self.keeper))])

    def commit(self) -> None:
        """Saved, then drawn; at the game's end, the game-over panel."""
        if self.keeper is None:
            return
        store(TABLE_GAME_KEY, kept.to_save(self.keeper))
        self.redraw()
        panel, opened = over(self.keeper)
        if panel:
            page.forget(*SHARE_LINKS)
            page.write(panel, opened)

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
            move = parse_move(str(target.dataset.move))
            self.act(lambda k: k.tap_place(move))
            refocus("#entry-tiles [data-tile]")

    def on_board_key(self, evt: Any) -> None:
        if str(evt.key) in ("Enter", " "):
            evt.preventDefault()
            self.on_board_click(evt)

    def on_call(self, evt: Any) -> None:
        text = str(evt.target.value).strip()
        page.forget("#entry-call")  # typed: the next frame that empties it writes it
        if self.keeper is not None:
            self.keeper.call = int(text) if text.isdigit() else None

    def on_drew(self) -> None:
        """Drew, as many tiles as the field beside says (then 1 again, the
        usual draw)."""
        field = el("entry-drew-count")
        text = str(field.value)
        count = int(text) if text.isdigit() and int(text) > 0 else 1
        field.value = "1"  # the usual draw again (a property the person sets: not a frame's)
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
        page.write(parts(f))
        if self.drawn is None or self.drawn.view is not f.scene.view or self.drawn != f.scene:
            self.resized(f.scene)

    def resized(self, scene: BoardScene | None = None) -> None:
        """The board drawn for the box it has now."""
        scene = scene or self.drawn
        if self.keeper is not None and scene is not None:
            board_page.draw("table-board", scene)
            self.drawn = scene

    def refocus(self) -> None:
        """Focus fell to the page (a dialog closed): back to the entry panel."""
        refocus("#entry-tiles [data-tile]", "#entry-undo")

    # -- Review ------------------------------------------------------------------

    def reviewed(self, seat: int | None) -> Reviewed:
        """The game for Review, from the seat whose hand is entered (a copy:
        entries go on under it)."""
        assert self.keeper is not None
        game = self.keeper.game.copy()
        known = game.known_seat
        return Reviewed(game, tuple(game.names), (None,) * game.rules.players,
                        0 if known is None else known)

    def review_seats(self) -> tuple[int, ...]:
        return (self.keeper.game.known_seat or 0,) if self.keeper is not None else ()

    def hands_hidden(self) -> bool:
        return False
