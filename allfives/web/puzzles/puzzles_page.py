"""The Puzzles panel in the page: shows a puzzle (the table, the mover's
tiles, what the others hold), takes the person's move in two acts (a tile,
then one of its lit places: ``session``), says whether it was the best and why,
and keeps the rating and the schedule in storage. Also turns the person's
mistakes that Review finds into puzzles (``collect``). Thin: ``session``,
``progress`` and ``collect`` decide, ``frame`` says what is shown. The
shipped puzzles are fetched when the panel first opens (``storage.fetch_page``);
one that cannot fetch them says so, and the next opening tries again."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from pyscript import window

from ... import data_files
from ...bots.analysis import Decision, Moment
from ...coach import puzzles as puzzle_files
from ...coach.puzzles import Puzzle, PuzzleError
from ...moves import Move, parse_move
from ...tiles import NAMES, parse_tile
from ..bots.client_page import BotClient
from ..dom import closest, el, found, on, spawn, store, stored_json
from ..draw import board_page
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..storage.fetch_page import FILES
from ..storage.keys import PUZZLES_KEY
from ..table.clock_page import today
from ..table.looks import Looks
from . import words
from .collect import own_puzzle, still_to_value, wanted
from .frame import puzzles_frame
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

    def bind(self) -> None:
        on(el("puzzles-button"), "click", lambda _e: self.open())
        on(el("puzzle-next"), "click", lambda _e: spawn(self.loaded(self.next)))
        on(el("puzzle-daily"), "click", lambda _e: spawn(self.loaded(self.daily)))
        on(el("puzzle-hand"), "click", self.on_tile)
        on(el("puzzle-board"), "click", self.on_place)
        on(el("puzzle-board"), "keydown", self.on_place_key)
        on(el("puzzles"), "cancel", self.on_cancel)
        on(window, "resize", lambda _e: self.on_resize())

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

    def on_tile(self, evt: Any) -> None:
        button = closest(evt, "[data-tile]")
        if button is None or self.solving is None:
            return
        self.solving.click(parse_tile(str(button.dataset.tile)))
        self.show()
        page.write({}, [Effect("focus", "#puzzle-board [data-target]")])

    def on_place(self, evt: Any) -> None:
        place = closest(evt, "[data-target]")
        if place is not None:
            self.answer(parse_move(str(place.dataset.move)))

    def on_place_key(self, evt: Any) -> None:
        place = closest(evt, "[data-target]")
        if place is not None and evt.key in ("Enter", " "):
            evt.preventDefault()
            self.answer(parse_move(str(place.dataset.move)))

    def on_resize(self) -> None:
        """The board is drawn for its box's shape: drawn again when that changes."""
        if self.solving is not None and el("puzzles").open:
            self.draw_board(self.solving)

    def on_cancel(self, evt: Any) -> None:
        """Escape puts a picked tile back before it closes the panel."""
        tile = self.solving.cancel() if self.solving is not None else None
        if tile is not None:
            evt.preventDefault()
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
            solving.checked = await self.bots.review(moment)
            if self.solving is solving:
                self.paint()

    def focus(self) -> None:
        """The first tile that can be played, or Next once answered."""
        if self.solving is not None and self.solving.chosen is None and found(
                el("puzzle-hand").querySelector("[data-playable=true]")) is not None:
            page.write({}, [Effect("focus", "#puzzle-hand [data-playable=true]")])
        else:
            page.write({}, [Effect("focus", "#puzzle-next")])

    def keep(self) -> None:
        store(PUZZLES_KEY, json.dumps(self.progress.to_json(), separators=(",", ":")))

    # -- drawing ----------------------------------------------------------------------

    def show(self) -> None:
        """The board of the puzzle being solved, then the rest of the panel."""
        if self.solving is not None:
            self.draw_board(self.solving)
        self.paint()

    def paint(self) -> None:
        """The panel but its board, as ``frame.puzzles_frame`` makes it."""
        page.write(puzzles_frame(self.progress, self.solving, today(), self.looks().faces,
                                 self.change, self.problem))

    def draw_board(self, solving: Solving) -> None:
        board_page.draw("puzzle-board", replace(solving.scene(), drawn=self.looks()),
                        whole_pixels=True)
        page.forget("#puzzle-board")  # drawn apart: an empty board is written anew

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
