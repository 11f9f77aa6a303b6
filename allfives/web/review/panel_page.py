"""The Review dialog: puts a ``Review`` into the page, steps through it by
buttons, arrow keys and the decisions list, and asks the bots' worker to
analyse the decisions one by one (the page stays free; the table can be
reviewed before the analysis ends). Thin: what is shown comes from
``state``, ``render``, ``board`` and ``words``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

from pyscript import document, window

from ...bots.analysis import Decision, Moment, method_hook
from ...errors import AllFivesError
from ..bots.client_page import BotClient
from ..dom import closest, el, found, notice, on, put_verdict, spawn, toggle
from ..draw import board_page, render
from ..table import words
from ..table.looks import Looks
from ..table.seats import shown_name
from ..table.table_view import TableView
from ..table.words_grades import summary_html
from ..table.words_reasons import too_big
from .records import opened
from .state import Review

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
        self.review: Review | None = None
        self.task: asyncio.Task[None] | None = None
        self.reseat: Callable[[int], Review] | None = None

    def bind(self, current: Callable[[int | None], Review],
             choosable: Callable[[], tuple[int, ...]], hidden: Callable[[], bool]) -> None:
        """The dialog's controls; the Review button reviews the game on the
        table (``open_table``; not while ``hidden()``: every hand on the table
        is hidden), and a record file opened from the header or dropped on
        the page opens too."""
        for opener in ("review-button", "round-end-review", "game-over-review"):
            on(el(opener), "click",  # above an open panel
               lambda _e: None if hidden() else self.open_table(current, choosable()))
        on(el("open-record"), "change", self.on_file)
        on(document, "dragover", lambda e: e.preventDefault())
        on(document, "drop", self.on_drop)
        on(el("review-prev"), "click", lambda _e: self.go(lambda r: r.step(-1)))
        on(el("review-next"), "click", lambda _e: self.go(lambda r: r.step(1)))
        on(el("review-round-prev"), "click", lambda _e: self.go(lambda r: r.round_start(-1)))
        on(el("review-round-next"), "click", lambda _e: self.go(lambda r: r.round_start(1)))
        on(el("review-moves"), "click", self.on_pick)
        on(el("review"), "keydown", self.on_key)
        on(el("review-seat"), "change", lambda e: self.on_seat(int(str(e.target.value))))
        on(el("review-play-on"), "click", lambda _e: self.on_play_on())
        on(el("review-close"), "click", lambda _e: el("review").close())
        on(el("review"), "close", lambda _e: self.stop())
        on(window, "resize", lambda _e: self.on_resize())

    async def on_file(self, evt: Any) -> None:
        files = evt.target.files
        if files.length:
            await self.open_file(files.item(0))
        evt.target.value = ""  # the same file may be opened again

    async def on_drop(self, evt: Any) -> None:
        evt.preventDefault()
        files = evt.dataTransfer.files if evt.dataTransfer else None
        if files is not None and files.length:
            await self.open_file(files.item(0))

    async def open_file(self, file: Any) -> None:
        """Review a record file; a broken one is named in one line and changes nothing."""
        name = str(file.name)
        if int(file.size) > MAX_RECORD_BYTES:
            notice(too_big(name, int(file.size)))
            return
        text = str(await file.text())
        try:
            review = opened(text)
        except AllFivesError as e:
            notice(words.unopened(name, str(e)))
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
        el("review-seat").innerHTML = "".join(
            f'<option value="{s}"{" selected" if s == review.seat else ""}>'
            f"{escape(shown_name(review.names[s]))}</option>" for s in seats)
        toggle(el("review-seat"), "disabled", reseat is None)
        goes_on = reseat is not None or (review.observed and review.record is not None)
        toggle(el("review-play-on"), "hidden", not goes_on or review.game.over)
        if not el("review").open:  # first: a closed dialog has no size to draw for
            el("review").showModal()
        self.show()
        self.task = spawn(self.analyse(review))

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def go(self, move: Callable[[Review], None]) -> None:
        if self.review is not None:
            move(self.review)
            self.show()

    def on_key(self, evt: Any) -> None:
        if self.review is not None and closest(evt, "select") is None and self.review.key(
                str(evt.key)):
            evt.preventDefault()
            self.show()

    def on_pick(self, evt: Any) -> None:
        button = closest(evt, "[data-round]")
        if button is not None and self.review is not None:
            self.review.jump(int(str(button.dataset.round)), int(str(button.dataset.move)))
            self.show()

    def on_seat(self, seat: int) -> None:
        if self.reseat is not None:
            choices = tuple(int(str(o.value)) for o in el("review-seat").options)
            self.open(self.reseat(seat), self.reseat, choices)

    def on_play_on(self) -> None:
        if self.review is not None:
            el("review").close()
            self.play_on(self.review)

    # -- drawing ------------------------------------------------------------------

    def show(self) -> None:
        review = self.review
        if review is None:
            return
        view = review.view()
        here = review.decision_here()
        drawn = self.looks()
        board_page.draw("review-board", replace(review.scene(view), drawn=drawn),
                        whole_pixels=True)
        el("review-step").textContent = review.step_text()
        seed = review.seed
        el("review-deal").textContent = words.deal_line(
            str(seed), review.daily) if seed is not None else ""
        self.say(view, here)
        el("review-hand-label").textContent = words.review_hand_label(view)
        el("review-hand").innerHTML = render.review_hand(view, drawn.faces)
        end = render.round_end_panel(view, headline=False, faces=drawn.faces) \
            if view.round.over else ""
        el("review-end").innerHTML = end
        toggle(el("review-prev"), "disabled", review.at == 0)
        toggle(el("review-next"), "disabled", review.at == len(review.spots) - 1)
        self.show_analysis()

    @staticmethod
    def say(view: TableView, here: Decision | None) -> None:
        """``#review-says``, with ``data-method`` when it judges a decision."""
        says = el("review-says")
        put_verdict(says, words.said_html(words.review_says(view, here)))
        if here is None:
            says.removeAttribute("data-method")
        else:
            says.setAttribute("data-method", method_hook(here.method))

    def on_resize(self) -> None:
        """The board and the chart are drawn for their boxes' sizes: drawn
        again when those change."""
        if self.review is not None and el("review").open:
            scene = self.review.scene(self.review.view())
            board_page.draw("review-board", replace(scene, drawn=self.looks()),
                            whole_pixels=True)
            self.draw_chart(self.review)

    def draw_chart(self, review: Review) -> None:
        """The chart, drawn at its box's width in CSS pixels (its words keep their size)."""
        el("review-chart").innerHTML = review.chart(float(el("review-chart").clientWidth))

    def show_analysis(self) -> None:
        review = self.review
        if review is None:
            return
        decisions = review.analysed()
        el("review-moves").innerHTML = render.review_moves(decisions, review.game.rules.divisor,
                                                           self.looks().faces)
        spot = review.spot
        current = found(document.querySelector(
            f'#review-moves [data-round="{spot.round}"][data-move="{spot.move + 1}"]'))
        if current is not None:
            current.setAttribute("aria-current", "true")
        el("review-summary").textContent = words.review_summary(
            review.done, review.total, review.worst())
        el("review-grades").innerHTML = summary_html(review.graded())
        self.draw_chart(review)
        progress = el("review-progress")
        progress.max = max(review.total, 1)
        progress.value = review.done
        toggle(progress, "hidden", review.done >= review.total)

    # -- the analysis, decision by decision ------------------------------------------

    async def analyse(self, review: Review) -> None:
        for request in review.pending():
            answer = await self.bots.review(request)
            if self.review is not review:
                return
            decision = review.take(answer)
            if self.analysed is not None and self.reseat is None:  # the game on the table
                self.analysed(review.moment(decision), decision, str(review.seed))
            self.show_analysis()
            if review.decision_here() is not None:
                self.say(review.view(), review.decision_here())
