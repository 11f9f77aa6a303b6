"""The Review dialog: puts a ``Review`` into the page, steps through it by
buttons, arrow keys and the decisions list, and asks the bots' worker to
analyse the decisions one by one (the page stays free; the table can be
reviewed before the analysis ends), showing at once those this page has
analysed before (``known``): at an earlier opening, while play waited
(``ahead``), or by the coach. Thin: what is shown is ``frame``'s, made from
``state``, written by the page's one writer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

from ...bots.analysis import Decision, Moment
from ...coach.tutor import CoachAsk, Coaching
from ...errors import AllFivesError
from ..bots.client_page import BotClient
from ..dom import spawn
from ..draw.board import board_part
from ..paint.events import SIZE, File, Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.notice_page import notice
from ..paint.parts import Effect, Part
from ..paint.writer_page import page
from ..table import words
from ..table.looks import Looks
from ..table.words_reasons import too_big
from .ahead import ahead, coached
from .frame import review_frame, seats_frame
from .known import KnownDecisions
from .records import opened
from .state import REVIEW_KEYS, Review

MAX_RECORD_BYTES = 1_000_000  # a long game's record is tens of KB


class ReviewPanel:
    def __init__(self, bots: BotClient, play_on: Callable[[Review], None],
                 looks: Callable[[], Looks],
                 analysed: Callable[[Moment, Decision, str], None] | None = None) -> None:
        """``looks``: how the settings draw tiles now; ``analysed`` hears of
        each decision of the person's own game as its analysis comes in, with
        the game's seed as text (their mistakes become puzzles, once that game
        is no longer being played)."""
        self.bots = bots
        self.looks = looks
        self.play_on = play_on
        self.analysed = analysed
        self.known = KnownDecisions()
        self.review: Review | None = None
        self.task: asyncio.Task[None] | None = None
        self.early: asyncio.Task[None] | None = None  # the analysis while play waits
        self.reseat: Callable[[int], Review] | None = None
        self.seats: tuple[int, ...] = ()  # whose decisions may be analysed (#review-seat)
        self.showing = False  # the dialog is open
        # the board's and the chart's boxes, in whole CSS pixels (SIZE Listens;
        # None while unknown or empty: a closed dialog's)
        self.board_box: tuple[int, int] | None = None
        self.chart_width: int | None = None

    def bind(self, current: Callable[[int | None], Review],
             choosable: Callable[[], tuple[int, ...]], hidden: Callable[[], bool]) -> None:
        """The dialog's controls; the Review button reviews the game on the
        table (``open_table``; not while ``hidden()``: every hand on the table
        is hidden), and a record file opened from the header or dropped on
        the page opens too."""
        for opener in ("review-button", "round-end-review", "game-over-review"):
            listen(Listen("click", f"#{opener}"),  # above an open panel
                   lambda _e: None if hidden() else self.open_table(current, choosable()))
        listen(Listen("change", "#open-record", file_limit=MAX_RECORD_BYTES), self.on_file)
        listen(Listen("dragover", "html", prevent=True, send=False))  # a file may be dropped
        listen(Listen("drop", "html", prevent=True, file_limit=MAX_RECORD_BYTES), self.on_file)
        listen(Listen("click", "#review-prev"), lambda _e: self.go(lambda r: r.step(-1)))
        listen(Listen("click", "#review-next"), lambda _e: self.go(lambda r: r.step(1)))
        listen(Listen("click", "#review-round-prev"),
               lambda _e: self.go(lambda r: r.round_start(-1)))
        listen(Listen("click", "#review-round-next"),
               lambda _e: self.go(lambda r: r.round_start(1)))
        listen(Listen("click", "#review-moves [data-round]"), self.on_pick)
        # the arrows step (not in the seat's list, where they choose)
        listen(Listen("keydown", "#review", keys=tuple(REVIEW_KEYS), plain=True, prevent=True),
               self.on_key)
        listen(Listen("change", "#review-seat"), lambda e: self.on_seat(int(e.value or 0)))
        listen(Listen("click", "#review-play-on"), lambda _e: self.on_play_on())
        listen(Listen("click", "#review-close"),
               lambda _e: page.write({}, [Effect("close", "review")]))
        listen(Listen("close", "#review"), lambda _e: self.stop())
        listen(Listen(SIZE, "#review-board"), self.on_board_size)
        listen(Listen(SIZE, "#review-chart"), self.on_chart_size)

    async def on_file(self, evt: PageEvent) -> None:
        if evt.file is not None:
            await self.open_file(evt.file)

    async def open_file(self, file: File) -> None:
        """Review a record file; a broken one is named in one line and changes nothing."""
        if file.text is None:
            notice(too_big(file.name, file.size))
            return
        text = file.text
        try:
            review = opened(text)
        except AllFivesError as e:
            notice(words.unopened(file.name, str(e)))
            return
        self.open(review, None if review.observed else lambda seat: opened(text, seat))

    def open_table(self, current: Callable[[int | None], Review],
                   seats: tuple[int, ...]) -> None:
        """Review the game on the table: ``current(None)`` from the shown
        person's seat, and, when there are ``seats`` to choose among (friends
        at one table, once their game is over), from any of them."""
        self.open(current(None), current if len(seats) > 1 else None, seats)

    def open(self, review: Review, reseat: Callable[[int], Review] | None = None,
             seats: tuple[int, ...] = ()) -> None:
        """Show ``review``; with ``reseat`` the person may pick whose decisions
        to analyse (an opened record: any seat; else one of ``seats``) and play
        on an unfinished game (a game at a real table opened from its record:
        keep its score on)."""
        self.stop()
        self.review = review
        self.reseat = reseat
        seats = seats or (tuple(range(len(review.names))) if reseat else (review.seat,))
        self.seats = seats
        for moment in review.pending():  # analysed at an earlier opening: shown at once
            known = self.known.get(moment)
            if known is not None:
                self.took(review, known)
        # opened first: a closed dialog has no size to draw for
        page.write(seats_frame(review, seats, reseat is not None), [Effect("open", "review")])
        self.showing = True
        self.show()
        self.task = spawn(self.analyse(review))

    def stop(self) -> None:
        """The dialog closed (or shows another review): its analysis stops."""
        self.showing = False
        if self.task is not None:
            if not self.task.done():
                self.task.cancel()
                self.bots.drop_reviews()  # in the worker too
            self.task = None

    def go(self, move: Callable[[Review], None]) -> None:
        if self.review is not None:
            move(self.review)
            self.show()

    def on_key(self, evt: PageEvent) -> None:
        if self.review is not None and self.review.key(evt.key):
            self.show()

    def on_pick(self, evt: PageEvent) -> None:
        if self.review is not None:
            self.review.jump(int(evt.at.data["round"]), int(evt.at.data["move"]))
            self.show()

    def on_seat(self, seat: int) -> None:
        if self.reseat is not None:
            self.open(self.reseat(seat), self.reseat, self.seats)

    def on_play_on(self) -> None:
        if self.review is not None:
            page.write({}, [Effect("close", "review")])
            self.play_on(self.review)

    # -- drawing ------------------------------------------------------------------

    def show(self) -> None:
        """The board at the shown position, then the rest of the dialog."""
        if self.review is not None:
            self.draw_board(self.review)
            self.paint()

    def paint(self) -> None:
        """The dialog but its board, as ``frame.review_frame`` makes it."""
        if self.review is not None:
            page.write(review_frame(self.review, self.looks().faces, self.chart_width))

    def draw_board(self, review: Review) -> None:
        """The board for the box it has (nothing while that is unknown)."""
        if self.board_box is not None:
            page.write({"#review-board": board_part(
                replace(review.scene(review.view()), drawn=self.looks()), *self.board_box)})

    def on_board_size(self, evt: PageEvent) -> None:
        """The board is drawn for its box's shape: drawn again when that changes."""
        self.board_box = box(evt)
        if self.review is not None and self.showing:
            self.draw_board(self.review)

    def on_chart_size(self, evt: PageEvent) -> None:
        """The chart is drawn for its box's width (its height follows the
        drawing). A closed dialog's box has none: the width known before is
        kept, so that the chart is there the moment the dialog opens again
        (drawn once more if its box has changed meanwhile)."""
        width = evt.size.client_width if evt.size is not None else 0
        if width and width != self.chart_width:
            self.chart_width = width
            if self.showing:
                self.paint()

    # -- the analysis, decision by decision ------------------------------------------

    def ahead(self, reviewed: Callable[[], Review]) -> None:
        """Play waits (a round or the game over on this device): the first
        decisions the review ``reviewed()`` would ask for (``ahead.ahead``)
        are analysed in the bots' worker meanwhile and kept, so that Review
        opens with them; anything else asked of the worker stops it first.
        Not while a review is shown, nor without a worker (the page does
        none of it). ``body[data-review-ahead]``: analysing, then ready."""
        self.stop_ahead()
        if self.showing or not self.bots.working():
            return
        self.bots.on_demand = self.stop_ahead
        page.write({"body": Part(attrs=(("data-review-ahead", "analysing"),))})
        self.early = spawn(self.analyse_ahead(reviewed))

    async def analyse_ahead(self, reviewed: Callable[[], Review]) -> None:
        # a task of its own: the review is made once the round's end is drawn
        state = "ready"
        for moment in ahead(reviewed(), self.known):
            decision = await self.bots.review_ahead(moment)
            if decision is None:  # the worker given up
                state = "stopped"
                break
            self.known.keep(moment, decision)
        if self.bots.on_demand == self.stop_ahead:
            self.bots.on_demand = None
        page.write({"body": Part(attrs=(("data-review-ahead", state),))})

    def stop_ahead(self) -> None:
        """Play goes on (or something else is asked of the worker): the
        analysis while it waited stops, in the worker too."""
        if self.early is not None and not self.early.done():
            self.early.cancel()
            self.bots.drop_reviews()
            page.write({"body": Part(attrs=(("data-review-ahead", "stopped"),))})
        self.early = None
        if self.bots.on_demand == self.stop_ahead:
            self.bots.on_demand = None

    def keep_coaching(self, ask: CoachAsk, found: Coaching) -> None:
        """The coach's analysis of the person's decision: Review's for
        whichever move they make (``ahead.coached``)."""
        for moment, decision in coached(ask, found):
            self.known.keep(moment, decision)

    async def analyse(self, review: Review) -> None:
        """The pending decisions, one by one, the one nearest the shown
        position next (``Review.nearest_pending``: a step or a chip moves the
        analysis to where the person looks)."""
        first = True
        while pending := review.nearest_pending():
            request = pending[0]
            # known meanwhile (the coach's), else asked; shared with the page where the
            # person waits for it: the first verdict, the one at the shown position
            waited = first or review.here(request)
            answer = self.known.get(request) or await self.bots.review(request, waited=waited)
            first = False
            if self.review is not review:
                return
            self.known.keep(request, answer)
            self.took(review, answer)
            self.paint()

    def took(self, review: Review, decision: Decision) -> None:
        """``decision`` is ``review``'s; one of the game on the table is heard
        of (``analysed``) the first time it is shown."""
        review.take(decision)
        if self.analysed is not None and self.reseat is None:  # the game on the table
            moment = review.moment(decision)
            if self.known.first_told(moment):
                self.analysed(moment, decision, str(review.seed))


def box(evt: PageEvent) -> tuple[int, int] | None:
    """A ``SIZE`` event's box in whole CSS pixels, or None when it is empty."""
    size = evt.size
    if size is None or size.client_width <= 0 or size.client_height <= 0:
        return None
    return (size.client_width, size.client_height)
