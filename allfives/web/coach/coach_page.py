"""The coach in the page: its analysis asked of the bots' worker (or made
on the page without one) as soon as it is the person's turn, a clicked move
checked against it (waiting at most ``advisor.WAIT_SECONDS`` for one under
way), and the dialog that asks first
(``#coach``: Think again, Show the better move, Play anyway; Escape thinks
again). Thin: the decisions are ``advisor``'s, the words ``words``'."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from ...coach.tutor import CoachAsk, Coaching, Verdict
from ...moves import Move
from ..bots.client_page import BotClient
from ..dom import spawn
from ..paint.events import Listen
from ..paint.listening_page import heard_at, listen, now_ms
from ..paint.parts import Effect, Part, shown
from ..paint.writer_page import page
from ..table.table import Position
from ..table.table_view import TableView
from .advisor import ANALYSING, OFF_NOW, READY, Advisor, AtTable, wait_left, watches
from .frame import state_frame, stop_frame
from .words import better_words

CHOICES = ("rethink", "show", "play")  # the dialog's buttons: #coach-rethink, ...


class Seen(AtTable, Protocol):
    """The table as the coach's dialog needs it: what the person sees."""

    def view(self) -> TableView: ...


class CoachPage:
    def __init__(self, ctl: Seen, bots: BotClient, play: Callable[[Move], None],
                 rethink: Callable[[Move | None, str], None],
                 kept: Callable[[CoachAsk, Coaching], None]) -> None:
        """``kept`` hears of every analysis that comes in (Review's own, for
        whichever move is made: ``review.ahead.coached``)."""
        self.ctl = ctl
        self.bots = bots
        self.play = play  # plays the person's move (the turn loop)
        # the person thinks again: the table shows the move the coach names
        # (None: none) and its words, with the hand ready for a choice
        self.rethink = rethink
        self.kept = kept
        self.advisor = Advisor()
        self.task: asyncio.Task[None] | None = None
        self.stopped: tuple[Verdict, Move, Position] | None = None  # what the dialog asks about
        self.choice = "rethink"

    def bind(self) -> None:
        for choice in CHOICES:
            listen(Listen("click", f"#coach-{choice}"), self.chooser(choice))
        listen(Listen("close", "#coach"), lambda _e: self.closed())
        listen(Listen("click", "#settings-button"), lambda _e: self.settings_note())

    def settings_note(self) -> None:
        """In a daily deal, Settings says the coach does not watch it."""
        page.write({"#set-coach-daily": Part(attrs=(shown(self.ctl.table.daily),))})

    # -- the analysis -------------------------------------------------------------

    def prepare(self) -> None:
        """After every move and change: the person's decision now, if the
        coach watches it, is analysed (once); an analysis for any other
        position is stopped."""
        ctl = self.ctl
        request = self.advisor.request(ctl)
        if request is not None:
            self.stop()
            self.show(ANALYSING)
            self.task = spawn(self.analyse(request))
        elif not watches(ctl):
            self.stop()
            self.show(OFF_NOW)

    async def analyse(self, request: CoachAsk) -> None:
        found = await self.bots.coach(request)
        if found is not None:
            self.kept(request, found)
        if self.advisor.take(request, found):
            self.show(READY)

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            self.bots.drop_coaching()
        self.task = None

    @staticmethod
    def show(state: str) -> None:
        page.write(state_frame(state))

    # -- a move clicked -------------------------------------------------------------

    async def check(self, move: Move) -> Verdict | None:
        """The verdict on the person's ``move``: an analysis under way gets
        what is left of ``WAIT_SECONDS`` from the click that made the move to
        finish, else the move is played unasked."""
        ctl = self.ctl
        if not watches(ctl):
            return None
        task = self.task
        if not self.advisor.ready(ctl) and task is not None and not task.done():
            await asyncio.wait({task}, timeout=wait_left(heard_at(), now_ms()))
        return self.advisor.verdict(ctl, move)

    def ask(self, verdict: Verdict, move: Move) -> None:
        """Stop and ask before ``move`` is played."""
        self.stopped = (verdict, move, self.ctl.position())
        self.choice = "rethink"
        page.write(stop_frame(verdict, self.ctl.view().rules),
                   [Effect("open", "coach"), Effect("focus", "#coach-rethink")])

    def chooser(self, choice: str) -> Callable[[Any], None]:
        """A button's click: its choice, then the dialog closes."""
        def choose(_evt: Any) -> None:
            self.choice = choice
            page.write({}, [Effect("close", "coach")])
        return choose

    def closed(self) -> None:
        """The dialog closed by a button, or by Escape (Think again)."""
        stopped, self.stopped = self.stopped, None
        ctl = self.ctl
        if stopped is None or stopped[2] != ctl.position():
            return  # a new game came meanwhile
        verdict, move, _at = stopped
        if self.choice == "play":
            self.advisor.allow(move)
            self.play(move)
            return
        if self.choice == "show":
            self.rethink(verdict.decision.best, better_words(ctl.view(), verdict))
        else:
            self.rethink(None, "")
