"""The game at the table in the page: the person's clicks, drags and keys
(``Controller`` decides what they mean), the one turn-loop task that makes
moves and plays the bots' until the person must act (a new game cancels it),
and one redraw after every change (``Screen``). What it needs of other rooms
comes in as values: the coach as a ``Judge``, what happens when a round or
the game ends, and Review, opened by its shortcut."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from ...coach.tutor import Verdict
from ...moves import DRAW, PASS, Move
from ...tiles import parse_tile
from ..bots.client_page import BotClient
from ..dom import spawn
from ..paint.events import MEDIA, SIZE, Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..table import focus_page, words
from ..table import saves_page as saves
from ..table.hand import played_tile
from ..table.shared_controls import Reviewed
from ..table.table import Position, Table
from . import frame, sound_page, steps
from . import screen_page as screen
from .controller import Controller
from .cues import cue
from .drag_page import Drag
from .keyboard_page import Keyboard
from .steps import Play, Reply


class Judge(Protocol):
    """The coach, as the table meets it (``coach.coach_page.CoachPage``)."""

    async def check(self, move: Move) -> Verdict | None: ...

    def ask(self, verdict: Verdict, move: Move) -> None: ...

    def prepare(self) -> None: ...


REDUCED_MOTION = "(prefers-reduced-motion: reduce)"


class TablePage:
    def __init__(self, ctl: Controller, bots: BotClient, ended: Callable[[Table], str],
                 review: Callable[[], None]) -> None:
        self.ctl = ctl
        self.bots = bots
        self.ended = ended  # a round or the game ended: counted; the daily's words
        self.review = review  # the Review shortcut
        self.judge: Judge | None = None  # the coach, once the page has made it
        self.screen = screen.Screen()
        self.saver = saves.saver()
        self.drag = Drag(ctl, self.answer)
        self.keys = Keyboard(ctl, self.answer)
        self.turns: asyncio.Task[None] | None = None  # the one turn loop
        self.queued: tuple[Position, Move] | None = None
        self.paused = False  # a game at a real table is on: this one waits, untouched
        self.still = False  # the person asks for reduced motion: no tile slides

    def bind(self) -> None:
        listen(Listen("click", "#hand [data-tile]"), self.on_hand_click)
        self.drag.bind()
        self.keys.bind()
        listen(Listen("click", "#undo"), lambda _e: self.take_back())
        listen(Listen("click", "#draw"), lambda _e: self.answer(Play(DRAW)))
        listen(Listen("click", "#pass"), lambda _e: self.answer(Play(PASS)))
        listen(Listen("click", "#hint"), self.on_hint)
        listen(Listen("click", "#next-round"), self.on_next_round)
        # Escape must not close the round-end panel: the game would be stranded
        listen(Listen("cancel", "#round-end", prevent=True, send=False))
        # nor the privacy screen: only its button lifts it, for the person to move;
        # a browser may close it still (Chrome does at a repeated Escape): it comes back
        listen(Listen("cancel", "#privacy", prevent=True, send=False))
        listen(Listen("close", "#privacy"), lambda _e: self.redraw())
        listen(Listen("click", "#privacy-show"), self.on_reveal)
        listen(Listen(SIZE, "#board"), lambda e: self.screen.resized(e.size))
        listen(Listen(MEDIA, REDUCED_MOTION), self.on_motion)

    def redraw(self, settled: bool | None = None, then: Sequence[Effect] = ()) -> None:
        """The table drawn as it stands; ``settled``: the turn loop has come to
        rest (by default: when no loop runs); ``then``: effects once it is
        drawn (``Screen.redraw``). At rest, the privacy screen is up exactly
        while the status line says "pass" (``Controller.privacy``), whatever
        closed or covered it."""
        settled = not self.busy() if settled is None else settled
        self.screen.redraw(self.ctl, settled, active=not self.paused, then=then)
        if settled and not self.paused:
            screen.privacy(self.ctl.view(), self.ctl.privacy())

    def commit(self) -> None:
        """The table changed: it is saved, then drawn."""
        self.saver.save(self.ctl.table)
        self.redraw()

    # -- the person's input --------------------------------------------------

    def busy(self) -> bool:
        """A move is being made or bots are playing: the person waits."""
        return self.turns is not None and not self.turns.done()

    def answer(self, reply: Reply) -> None:
        """Carry out what the controller made of a click or a key. While the
        turn loop still runs but it is the person's turn (a bot's tile is
        sliding in), a move waits for the loop (``queued``) instead of being lost."""
        ctl = self.ctl
        if reply is None or self.paused or (self.busy() and not ctl.can_act()):
            return
        if isinstance(reply, Play):
            if self.busy():
                self.queued = (ctl.position(), reply.move)
            elif ctl.can_act():
                self.run_turns(reply.move)
        elif isinstance(reply, (steps.Select, steps.Refuse, steps.Say)):
            self.show(reply)
        elif self.busy():
            return  # a shortcut for a button waits until the table is settled
        elif reply.name == "hint":  # the shortcuts for buttons
            spawn(self.on_hint(None))
        elif reply.name == "undo":
            self.take_back()
        elif reply.name == "review":
            self.review()

    def show(self, reply: steps.Select | steps.Refuse | steps.Say) -> None:
        """A tile picked (its places light up; from the keyboard, focus goes on
        to them), a move refused (said on the status line), words to say."""
        if isinstance(reply, steps.Select):  # from the hand (the keyboard's), on to its places
            self.redraw(then=[Effect("refocus", "#board [data-target]", "#hand")]
                        if reply.tile is not None else [])
            return
        if isinstance(reply, steps.Refuse):
            self.ctl.say(reply.text)
            self.redraw()
        screen.announce(reply.text)

    def on_hand_click(self, event: PageEvent) -> None:
        if not self.busy() or self.ctl.can_act():
            self.answer(self.ctl.click_tile(parse_tile(event.at.data.get("tile", ""))))

    async def on_hint(self, _event: PageEvent | None) -> None:
        ask = None if self.busy() else self.ctl.ask_hint()
        if ask is None:
            return
        self.ctl.hint_words = words.asking()
        self.redraw()
        found = await self.bots.hint(ask.request, lambda: self.ctl.position() == ask.position)
        if found is not None and self.ctl.take_hint(ask, found) is not None:
            self.redraw()  # else play has moved on

    def rethink(self, best: Move | None, said: str) -> None:
        """The coach's dialog closed without the move: nothing selected, and
        ``best``, the move it showed (None: none), hinted with its words."""
        self.ctl.select(None)
        if best is not None:
            self.ctl.hint, self.ctl.hint_words = best, said
        self.redraw()
        view = self.ctl.view()
        screen.focus("#hand [data-hint=tile]" if best is not None else
                     self.ctl.hand(view).focus_after(None))

    # -- the turn loop ----------------------------------------------------------

    def run_turns(self, move: Move | None = None) -> None:
        """Start the turn loop (after the person's ``move``, if given). Where
        the person is to move already, the table is settled at once instead,
        in the same answer: a take-back's table comes with focus in the hand."""
        if self.busy():
            return
        if move is None and self.queued is None and \
                isinstance(self.ctl.next_step(), steps.AwaitPerson):
            self.await_person()
        else:
            self.turns = spawn(self.turn_loop(move))

    def await_person(self) -> None:
        """The person is to move: the table drawn at rest, focus in the hand,
        the bots' worker started and the coach looking at the decision."""
        self.redraw(settled=True)
        screen.focus_at_table(self.ctl.hand(self.ctl.view()).focus())
        self.screen.mark_ready()
        self.bots.start()  # once the table is playable: the page's first load comes first
        if self.judge is not None:
            self.judge.prepare()

    async def turn_loop(self, move: Move | None) -> None:
        """Make ``move`` (unless the coach stops it first), then bot moves and
        automatic draws, until the person must act or the round is over."""
        if move is not None and self.judge is not None:
            stop = await self.judge.check(move)
            if stop is not None:
                self.queued = None  # a click made while the coach looked is not kept
                self.judge.ask(stop, move)
                return
        if move is not None:
            await self.make(move)
        while True:
            step = self.ctl.next_step()
            if isinstance(step, steps.AwaitPerson):
                queued, self.queued = self.queued, None
                if queued is not None and queued[0] == self.ctl.position():
                    await self.make(queued[1])  # asked for while the last tile slid in
                    continue
                self.await_person()
                return
            if isinstance(step, steps.AutoMove):
                self.ctl.say(step.status.text)
                self.redraw()
                await asyncio.sleep(step.delay)
                await self.make(step.move)
            elif isinstance(step, steps.PassTo):
                # what the last person had open (Review from their seat) goes first
                close("review", "coach", "keys")
                self.redraw(settled=True)  # the privacy screen comes up
                self.bots.start()
                return
            elif isinstance(step, steps.BotMove):  # whose turn it is: drawn with the last move
                started = time.monotonic()
                chosen = await self.bots.choose(step.request)
                await asyncio.sleep(max(0.0, step.pause - (time.monotonic() - started)))
                await self.make(chosen)
            else:
                self.redraw(settled=True)
                screen.over(self.ctl, isinstance(step, steps.RoundOver),
                            self.ended(self.ctl.table))
                screen.announce(words.round_summary(self.ctl.view()))
                self.bots.start()
                return

    async def make(self, move: Move) -> None:
        """Make a move, save, redraw, and slide the tile to its place."""
        view = self.ctl.view()
        tile = played_tile(move)
        slide = None if tile is None else frame.slide(view.player.turn, view.seat, tile)
        played = self.ctl.play(move)
        if self.judge is not None:
            self.judge.prepare()  # the person's next decision is analysed from now on
        if isinstance(played, steps.Refuse):
            self.ctl.say(played.text)
            self.redraw()
            return
        screen.announce(played.said)
        sound_page.play(cue(played, self.ctl.status().phase), self.ctl.settings.mute)
        ms = 0 if self.still else self.ctl.settings.slide_ms
        if played.tile is not None and slide is not None:
            screen.slide(slide[1], slide[0], ms)  # from where the tile is before the commit
        self.commit()
        if played.tile is not None:
            if ms:  # the tile slides: the turn goes on once it is in
                await asyncio.sleep(ms / 1000)
        elif played.linger:
            await asyncio.sleep(played.linger)

    def on_motion(self, event: PageEvent) -> None:
        """Reduced motion asked for, or no longer (the page's thread says)."""
        self.still = event.checked is True

    # -- the table changes hands ---------------------------------------------------

    def on_reveal(self, _event: PageEvent) -> None:
        """The person to move asks to see their hand: the privacy screen lifts."""
        if self.busy() or not self.ctl.reveal():
            return  # the screen stays up: nobody's hand may show yet
        close("privacy")
        self.run_turns()
        self.commit()

    def on_next_round(self, _event: PageEvent) -> None:
        close("round-end")
        if self.ctl.next_round():
            self.run_turns()
            self.commit()

    def download(self) -> None:
        """Download record (the header's, the game-over panel's), while this table has the page."""
        saves.download_record(self.ctl.table)

    def refocus(self) -> None:
        """Focus fell to the page (a dialog closed): back to the hand."""
        focus_page.refocus(self.ctl.hand(self.ctl.view()).focus_after(None))

    def reviewed(self, seat: int | None) -> Reviewed:
        """The game for Review, from ``seat`` (None: the person shown)."""
        table = self.ctl.table
        return Reviewed(table.game.copy(), table.names, table.bots,
                        table.viewer if seat is None else seat, table.daily)

    def review_seats(self) -> tuple[int, ...]:
        return self.ctl.table.review_seats()

    def hands_hidden(self) -> bool:
        """Every hand hidden (the privacy screen, or bots leading a covered
        deal): Review, which shows the viewer's, does not open."""
        return self.ctl.table.hidden

    def pause(self) -> None:
        """A game at a real table takes the page: this game's turn loop stops
        and its buttons and keys do nothing, until ``take_over``."""
        self.paused = True
        if self.turns is not None:
            self.turns.cancel()
        self.queued = None
        close("privacy")  # the game at the real table is not this one

    def take_over(self, table: Table) -> None:
        """Play ``table`` from where it stands, in place of the game in progress."""
        self.paused = False
        close("new-game", "round-end", "game-over", "coach", "privacy")
        if self.turns is not None:
            self.turns.cancel()  # nobody waits for the old game's bots any more
            self.turns = None  # (cancelled, though not done until it runs once more)
        self.queued = None
        self.ctl.take_over(table)
        screen.hush()  # the old game's last move, said, is no more
        self.run_turns()
        self.commit()

    def take_back(self) -> None:
        """The viewer's last turn and the bots' replies since, taken back."""
        back = self.ctl.taken_back()
        if back is not None:
            self.take_over(back)


def close(*dialogs: str) -> None:
    """Close these dialogs (those open)."""
    page.write({}, [Effect("close", d) for d in dialogs])
