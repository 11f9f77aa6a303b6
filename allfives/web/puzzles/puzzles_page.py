"""The Puzzles panel in the page: shows a puzzle (the table, the mover's
tiles, what the others hold), takes the person's move in two acts (a tile,
then one of its lit places: ``session``), says whether it was the best and why,
and keeps the rating and the schedule in storage. Also turns the person's
mistakes that Review finds into puzzles (``collect``). Thin: ``session``,
``progress`` and ``collect`` decide, ``frame`` says what is shown. The
shipped puzzles are fetched when the panel first opens (``storage.fetch_page``);
one that cannot fetch them says so, and the next opening tries again.
Nothing here reads the page: the dialog's being open is kept as state, the
board is drawn for the box a ``SIZE`` Listen reports, and Escape is kept
from closing the dialog while a tile is picked by the page's thread
(``#puzzles[data-picked]``, which the frame sets)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ... import data_files
from ...bots.analysis import Decision, Moment
from ...coach import puzzles as puzzle_files
from ...coach.puzzles import Puzzle, PuzzleError
from ...moves import Move, parse_move
from ...tiles import NAMES, parse_tile
from ..bots.client_page import BotClient
from ..dom import spawn, store, stored_json
from ..paint.events import SIZE, Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.parts import Effect, Frame
from ..paint.writer_page import page
from ..storage.fetch_page import FILES
from ..storage.keys import PUZZLES_KEY
from ..table.clock_page import today
from ..table.looks import Looks
from . import words
from .collect import own_puzzle, still_to_value, wanted
from .frame import PICKED, board_frame, focused, puzzles_frame
from .progress import DAILY, Playing, Progress, choose
from .session import Solving

SHIPPED = Path(puzzle_files.__file__).with_name("puzzles.json")


class PuzzlesPage:
    def __init__(self, bots: BotClient, looks: Callable[[], Looks],
                 playing: Callable[[], Playing] | None = None) -> None:
        """``playing``: what the person is playing now (the puzzles that fit it
        come first; none from the game still on the table)."""
        self.bots = bots
        self.looks = looks  # how the settings draw tiles now
        self.playing = playing
        self.progress = Progress.from_json(stored_json(PUZZLES_KEY))
        self.shipped: list[Puzzle] | None = None  # read when the panel first opens
        self.problem = ""
        self.solving: Solving | None = None
        self.change: int | None = None  # the rating's change at the last answer
        self.showing = False  # the dialog is open
        self.box: tuple[int, int] | None = None  # the board's size, in whole pixels

    def bind(self) -> None:
        listen(Listen("click", "#puzzles-button"), lambda _e: self.open())
        listen(Listen("click", "#puzzle-next"), lambda _e: spawn(self.loaded(self.next)))
        listen(Listen("click", "#puzzle-daily"), lambda _e: spawn(self.loaded(self.daily)))
        listen(Listen("click", "#puzzle-hand [data-tile]"), self.on_tile)
        listen(Listen("click", "#puzzle-board [data-target]"), self.on_place)
        listen(Listen("keydown", "#puzzle-board [data-target]", keys=("Enter", " "),
                      prevent=True), self.on_place)
        listen(Listen("cancel", "#puzzles", prevent_when=PICKED), lambda _e: self.on_cancel())
        listen(Listen("close", "#puzzles"), lambda _e: self.on_close())
        listen(Listen(SIZE, "#puzzle-board"), self.on_board_size)

    def reload(self) -> None:
        """Read the progress again from storage (a backup was restored)."""
        self.progress = Progress.from_json(stored_json(PUZZLES_KEY))

    async def load(self) -> bool:
        """The shipped puzzles read (fetched first if they are not here yet);
        whether they could be. One that cannot be fetched is not kept: the
        next try fetches again; a file that is not puzzles is kept as none."""
        if self.shipped is not None:
            return True
        try:
            await FILES.ensure(data_files.PUZZLES)
        except data_files.DataFileError as e:
            self.problem = words.unavailable(str(e))
            return False
        try:
            self.shipped = puzzle_files.loads(SHIPPED.read_text(encoding="utf-8"))
            self.problem = ""
        except (OSError, PuzzleError) as e:
            self.shipped = []
            self.problem = words.unavailable(str(e))
        return True

    async def loaded(self, act: Callable[[], None]) -> None:
        """``act`` once the shipped puzzles are read; without them, the panel says why."""
        if await self.load():
            act()
        else:
            self.solving = None
            self.show()
            self.focus()

    def puzzles(self) -> list[Puzzle]:
        return self.shipped or []

    # -- what the person does --------------------------------------------------------

    def open(self) -> None:
        # first: a closed dialog has no size to draw the board for
        page.write({}, [Effect("open", "puzzles")])
        self.showing = True
        spawn(self.loaded(self.opened))

    def opened(self) -> None:
        if self.solving is None or self.solving.chosen is not None:
            self.next(focus=False)
        else:
            self.show()
        self.focus()

    def next(self, focus: bool = True) -> None:
        current = self.solving.puzzle.id if self.solving else None
        picked = choose(self.progress, self.puzzles(), today(), skip=current,
                        playing=self.playing() if self.playing is not None else None)
        self.solving = Solving(*picked) if picked else None
        self.change = None
        self.show()
        if focus:
            self.focus()

    def daily(self) -> None:
        shipped = self.puzzles()
        if shipped:
            self.solving = Solving(puzzle_files.daily(shipped, today()), DAILY)
            self.change = None
            self.show()
            self.focus()

    def on_tile(self, evt: PageEvent) -> None:
        if self.solving is None:
            return
        self.solving.click(parse_tile(evt.at.data["tile"]))
        self.show()
        page.write({}, [Effect("focus", "#puzzle-board [data-target]")])

    def on_place(self, evt: PageEvent) -> None:
        """A lit place clicked, or Enter or Space on it: the answer."""
        self.answer(parse_move(evt.at.data["move"]))

    def on_board_size(self, evt: PageEvent) -> None:
        """The board is drawn for its box's shape: drawn again when that changes."""
        if evt.size is not None:
            self.box = (evt.size.client_width, evt.size.client_height)
            if self.showing:
                page.write(self.board())

    def on_close(self) -> None:
        self.showing = False

    def on_cancel(self) -> None:
        """Escape puts a picked tile back before it closes the panel (the
        page's thread kept it from closing while one was picked)."""
        tile = self.solving.cancel() if self.solving is not None else None
        if tile is not None:
            self.show()
            page.write({}, [Effect("focus", f'#puzzle-hand [data-tile="{NAMES[tile]}"]')])

    def answer(self, move: Move) -> None:
        solving = self.solving
        if solving is None or not solving.choose(move):
            return
        before = self.progress
        self.progress = before.attempt(solving.puzzle, bool(solving.right), today(),
                                       daily=solving.kind == DAILY)
        rated = self.progress.rating != before.rating
        self.change = (self.progress.rating.shown() - before.rating.shown()) if rated else None
        self.keep()
        self.show()
        page.write({}, [Effect("focus", "#puzzle-next")])
        spawn(self.recheck(solving))

    async def recheck(self, solving: Solving) -> None:
        """The verdict's move analysed as Review does; the verdict shown again with it."""
        moment = solving.recheck()
        if moment is not None:
            solving.checked = await self.bots.review(moment, waited=True)
            if self.solving is solving:
                self.paint()

    def focus(self) -> None:
        """The first tile that can be played, or Next once answered."""
        page.write({}, [Effect("focus", focused(self.solving))])

    def keep(self) -> None:
        store(PUZZLES_KEY, json.dumps(self.progress.to_json(), separators=(",", ":")))

    # -- drawing ----------------------------------------------------------------------

    def show(self) -> None:
        """The board of the puzzle being solved, then the rest of the panel."""
        page.write(self.board())
        self.paint()

    def paint(self) -> None:
        """The panel but its board, as ``frame.puzzles_frame`` makes it."""
        page.write(puzzles_frame(self.progress, self.solving, today(), self.looks().faces,
                                 self.change, self.problem))

    def board(self) -> Frame:
        """The board for the box it has (none while the dialog is closed)."""
        return board_frame(self.solving, self.looks(), self.box if self.showing else None)

    # -- the person's own mistakes ---------------------------------------------------

    def collect(self, moment: Moment, decision: Decision, game: str) -> None:
        """A decision of the person's that Review has just analysed in the game
        ``game`` (its ``progress.game_key``): a mistake or a blunder becomes a
        puzzle, once its other moves are valued too."""
        if wanted(decision, moment.view.rules.divisor):
            spawn(self.value_all(moment, decision, game))

    async def value_all(self, moment: Moment, decision: Decision, game: str) -> None:
        losses = {decision.played: decision.loss, decision.best: 0.0}
        for move in still_to_value(moment, decision):
            judged = await self.bots.review(Moment(moment.round, moment.move, moment.view, move))
            losses[move] = judged.loss
        puzzle = own_puzzle(moment, losses)
        if puzzle is not None:
            self.progress = self.progress.add_own(puzzle, game)
            self.keep()
