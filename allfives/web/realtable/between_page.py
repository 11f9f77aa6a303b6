"""A game on this device and one kept at a real table, in the page (thin):
neither ever ends the other (the table's waits aside, ``allfives.table-kept``,
and New game -> at a real table offers it back), and a new game of either
kind over one in progress asks first (``table.ending``, ``#confirm``)."""

from __future__ import annotations

from collections.abc import Callable

from ..dom import close_dialogs, el, on, toggle
from ..table.confirm_page import Confirm
from ..table.ending import end_game, end_table_game, in_progress
from ..table.table import Table
from . import kept
from .keeper import Keeper
from .realtable_page import RealTablePage


class Between:
    def __init__(self, real: RealTablePage, device: Callable[[], Table],
                 pause: Callable[[], None], confirm: Confirm) -> None:
        """``device``: the game on this device; ``pause``: it waits while the table's is on."""
        self.real = real
        self.device = device
        self.pause = pause
        self.confirm = confirm

    def bind(self) -> None:
        on(el("ng-table-resume"), "click", lambda _e: self.resume())

    def table_in_progress(self) -> bool:
        return kept.in_progress(self.real.keeper) or kept.in_progress(self.real.left())

    def ask_end(self, go: Callable[[], None], *, table: bool = False) -> None:
        """``go``, once the person agrees to end the game in progress on this
        device (``table``: or at a real table), if there is one to end."""
        if in_progress(self.device()) or (table and self.table_in_progress()):
            self.confirm.ask(end_game(), go)
        else:
            go()

    def ask_table(self, go: Callable[[], None]) -> None:
        """``go``, once agreed, where it replaces a game kept at a real table."""
        if self.table_in_progress():
            self.confirm.ask(end_table_game(), go)
        else:
            go()

    def keep(self, keeper: Keeper) -> None:
        """``keeper``'s game is kept at the table from now on; this device's waits."""
        close_dialogs("new-game", "round-end", "game-over")
        self.pause()
        self.real.take(keeper)

    def resume(self) -> None:
        keeper = self.real.left()
        if keeper is not None:
            self.keep(keeper)

    def offer(self) -> None:
        """In the new-game dialog: the way back to a game left at the table, if one is."""
        toggle(el("ng-table-resume-row"), "hidden", self.real.left() is None)
