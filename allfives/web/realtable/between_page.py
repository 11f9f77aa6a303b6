"""A game on this device and one kept at a real table, in the page (thin):
which of the two has the page (``active``: it owns the shared controls),
and neither ever ends the other (the table's waits aside,
``allfives.table-kept``, and New game -> at a real table offers it back); a
new game of either kind over one in progress asks first (``table.ending``,
``#confirm``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..paint.events import Listen
from ..paint.listening_page import listen
from ..paint.parts import Effect, Part, shown
from ..paint.writer_page import page
from ..table.confirm_page import Confirm
from ..table.ending import end_game, end_table_game, in_progress
from ..table.shared_controls import ActiveTable, header_awake
from ..table.table import Table
from . import kept
from .keeper import Keeper
from .realtable_page import RealTablePage


class DeviceTable(ActiveTable, Protocol):
    """The game on this device's page (``play.table_page.TablePage``)."""

    def commit(self) -> None: ...

    def redraw(self) -> None: ...

    def run_turns(self) -> None: ...

    def pause(self) -> None: ...

    def take_over(self, table: Table) -> None: ...


class Between:
    def __init__(self, real: RealTablePage, device_page: DeviceTable,
                 device: Callable[[], Table], confirm: Confirm) -> None:
        """``device``: the game on this device; its page waits while the table's is on."""
        self.real = real
        self.page = device_page
        self.device = device
        self.confirm = confirm

    def bind(self) -> None:
        listen(Listen("click", "#ng-table-resume"), lambda _e: self.resume())

    def active(self) -> ActiveTable:
        """The table that has the page."""
        return self.real if self.real.keeper is not None else self.page

    def start(self, waiting: bool) -> None:
        """The page opens on the game kept at a real table, if one is, with
        this device's drawn behind it; else this device's plays on, unless
        ``waiting`` (a question about it comes first)."""
        page.write(header_awake())
        at_table = self.real.kept_game()
        if at_table is not None:
            self.page.commit()
            self.page.pause()
            self.real.take(at_table)
        elif not waiting:
            self.play_on()

    def redraw(self) -> None:
        """Both tables drawn again (the settings changed); the one behind
        leaves the shared controls to the one that has the page."""
        self.page.redraw()
        self.real.redraw()

    def play_on(self) -> None:
        """The game on this device plays on (a game at a real table waits on)."""
        if self.real.keeper is None:
            self.page.run_turns()
            self.page.commit()

    def take_over(self, table: Table) -> None:
        """``table`` is played on this device (a game at a real table is left)."""
        self.real.leave()
        self.page.take_over(table)

    def reopen(self, restored: Callable[[], Table]) -> None:
        """Both games as kept now (a backup was restored): the table's before
        the backup is not kept aside."""
        at_table = self.real.kept_game()  # taking the game over leaves the table: read it first
        self.real.drop()
        self.take_over(restored())
        if at_table is not None:
            self.page.pause()
            self.real.take(at_table)

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

    def new_on_device(self, table: Callable[[], Table]) -> None:
        """A new game on this device (dealt once agreed), over the one in progress."""
        self.ask_end(lambda: self.take_over(table()))

    def new_at_table(self, keeper: Callable[[], Keeper]) -> None:
        """A new game kept at a real table (made once agreed), over the one kept."""
        self.ask_table(lambda: self.keep(keeper()))

    def keep(self, keeper: Keeper) -> None:
        """``keeper``'s game is kept at the table from now on; this device's waits."""
        page.write({}, [Effect("close", d) for d in ("new-game", "round-end", "game-over")])
        self.page.pause()
        self.real.take(keeper)

    def resume(self) -> None:
        keeper = self.real.left()
        if keeper is not None:
            self.keep(keeper)

    def offer(self) -> None:
        """In the new-game dialog: the way back to a game left at the table, if one is."""
        page.write({"#ng-table-resume-row": Part(attrs=(shown(self.real.left() is not None),))})
