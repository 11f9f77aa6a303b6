"""The page at a real table (thin): taps on the entry panel, the lit places
and the round-end fields go to the ``Keeper``; after each, the game is
saved and the section drawn again: its frame (``frame.parts``) handed to the
one writer. While such a game is on, ``body[data-mode=table]`` shows this
section in place of the game against bots (which waits as it was). A game
on this device never empties it: leaving keeps it aside
(``allfives.table-kept``) to be resumed."""

from __future__ import annotations

from collections.abc import Callable

import js

from ...errors import AllFivesError
from ...moves import parse_move
from ...tiles import parse_tile
from ..dom import store, stored
from ..draw.board import BoardScene
from ..paint.events import SIZE, Listen, PageEvent, Size
from ..paint.listening_page import listen
from ..paint.notice_page import notice
from ..paint.parts import Part, download
from ..paint.writer_page import page
from ..storage.keys import TABLE_GAME_KEY, TABLE_KEPT_KEY, UNREADABLE_TABLE_KEY
from ..table.focus_page import refocus
from ..table.looks import Looks
from ..table.shared_controls import SHARE_LINKS, Reviewed
from . import kept, taps
from .frame import board_parts, frame, over, parts
from .keeper import Keeper, Said


class RealTablePage:
    def __init__(self, looks: Callable[[], Looks], tally: Callable[[], bool]) -> None:
        """``looks`` and ``tally``: as the settings draw now."""
        self.looks = looks
        self.tally = tally
        self.keeper: Keeper | None = None
        self.drawn: BoardScene | None = None  # the board as last drawn
        self.box: Size | None = None  # the board's box, as the page last told it

    def bind(self) -> None:
        listen(Listen("click", "#table-entry [data-tile]"), self.on_tile)
        listen(Listen("click", "#table-entry [data-starter]"), self.on_starter)
        listen(Listen("click", "#table-board [data-target]"), self.on_place)
        # Enter and Space lay the tile at a lit place (never scroll the page)
        listen(Listen("keydown", "#table-board", keys=("Enter", " "), prevent=True, send=False))
        listen(Listen("keydown", "#table-board [data-target]", keys=("Enter", " ")),
               self.on_place)
        listen(Listen("click", "#entry-drew"), self.on_drew)
        # Enter in the count is no entry (the form has no submit button)
        listen(Listen("submit", "#entry-buttons", prevent=True, send=False))
        listen(Listen("click", "#entry-passed"), lambda _e: self.act(lambda k: k.passed()))
        listen(Listen("click", "#entry-undo"), lambda _e: self.act(lambda k: k.undo()))
        listen(Listen("click", "#entry-start"), lambda _e: self.act(lambda k: k.start()))
        listen(Listen("submit", "#round-left", prevent=True), lambda _e: self.on_left())
        listen(Listen("click", "#round-left [data-left-seat]"), self.on_picker)
        listen(Listen("click", "#round-left [data-pips-step]"), self.on_step)
        listen(Listen("input", "#round-left input[data-seat]"), self.on_pips_typed)
        listen(Listen("input", "#entry-call"), self.on_call)
        listen(Listen(SIZE, "#table-board"), self.on_size)

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

    def on_tile(self, e: PageEvent) -> None:
        name = e.at.data.get("tile", "")
        self.act(lambda k: k.tap_tile(parse_tile(name)))
        if self.keeper is not None and self.keeper.selected is not None \
                and e.keyed:  # from the keyboard: on to its lit places
            refocus("#table-board [data-target]", always=True)
        refocus(f'#entry-tiles [data-tile="{name}"]', "#entry-tiles [data-tile]")

    def on_starter(self, e: PageEvent) -> None:
        seat = taps.seat_of(e.at, "starter")
        if seat is not None:
            self.act(lambda k: k.choose_starter(seat))

    def on_place(self, e: PageEvent) -> None:
        move = parse_move(e.at.data.get("move", ""))
        self.act(lambda k: k.tap_place(move))
        refocus("#entry-tiles [data-tile]")

    def on_call(self, e: PageEvent) -> None:
        page.forget("#entry-call")  # typed: the next frame that empties it writes it
        if self.keeper is not None:
            self.keeper.call = taps.called(e.value)

    def on_drew(self, e: PageEvent) -> None:
        """Drew, as many tiles as the field beside says (then 1 again, the
        usual draw)."""
        count = taps.drew_count(e.submitted())
        # the usual draw again (the person's property, not a frame's: written anew each time)
        page.forget("#entry-drew-count")
        page.write({"#entry-drew-count": Part(props=(("value", "1"),))})
        self.act(lambda k: k.drew(count))

    def on_picker(self, e: PageEvent) -> None:
        """A round-end row's picker button: the picker enters its tiles."""
        seat = taps.seat_of(e.at, "leftSeat")
        if seat is not None:
            self.act(lambda k: k.pick_left(seat))
            refocus(f'#round-left [data-left-seat="{seat}"]', always=True)

    def on_step(self, e: PageEvent) -> None:
        """A round-end row's pip stepper."""
        step = taps.pips_step(e.at)
        if step is not None:
            seat, by = step
            self.act(lambda k: k.step_pips(seat, by))
            refocus(f'#round-left [data-pips-step="{by}"][data-seat="{seat}"]', always=True)

    def on_pips_typed(self, e: PageEvent) -> None:
        """Pips typed: kept as typed (the field is not drawn over)."""
        typed = taps.pips_typed(e)
        if self.keeper is not None and typed is not None:
            self.keeper.set_pips(*typed)

    def on_left(self) -> None:
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
            self.drawn = f.scene
            self.draw_board()

    def on_size(self, e: PageEvent) -> None:
        """The board's box changed (the window turned or resized, the table
        shown): the board drawn again for it."""
        if e.size is not None and e.size != self.box:
            self.box = e.size
            self.draw_board()

    def draw_board(self) -> None:
        """The board drawn for the box it has (none yet: once it is told)."""
        if self.keeper is not None and self.drawn is not None and self.box is not None:
            page.write(board_parts(self.drawn, self.box))

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
