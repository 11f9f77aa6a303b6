"""The page's wiring: DOM events in, controller calls, rendered strings out.

Decisions are made in ``play.controller`` (and ``home.new_game``, ``play.table``);
``play.screen_page`` writes what they show. One turn-loop task plays the bots' moves until the
person must act; a new game cancels it. Tests' hooks: docs/DOM_HOOKS.md. Loading this page
script starts the game.
"""

# ruff: noqa: E402 - the first mark must come before the game's own imports
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from typing import Any

import js

js.performance.mark("allfives:python-ready")  # bench/load_time.py: the game's own share starts

from pyscript import document, window

from allfives.moves import DRAW, PASS, Move
from allfives.tiles import parse_tile
from allfives.web import dom
from allfives.web.bots.client_page import BotClient
from allfives.web.coach.coach_page import CoachPage
from allfives.web.dom import closest, el, on, spawn
from allfives.web.home import dialogs_page as dialogs
from allfives.web.home import new_game as forms
from allfives.web.home import rules_page
from allfives.web.home.launch import Launch, launch
from allfives.web.home.menu_page import Menu
from allfives.web.home.sharing_page import Sharing
from allfives.web.home.stats_page import StatsPage
from allfives.web.i18n import catalogs as i18n
from allfives.web.i18n import language_page as page_language
from allfives.web.play import controller as steps
from allfives.web.play import looks_page, words
from allfives.web.play import screen_page as screen
from allfives.web.play.controller import Controller, Play, Reply, Status
from allfives.web.play.cues import cue
from allfives.web.play.drag_page import Drag
from allfives.web.play.hand import played_tile
from allfives.web.play.keyboard_page import Keyboard
from allfives.web.play.seats import HINT_BOT
from allfives.web.play.settings import Settings
from allfives.web.play.setup import Setup
from allfives.web.play.sound_page import Player
from allfives.web.play.table import Table
from allfives.web.puzzles.puzzles_page import PuzzlesPage
from allfives.web.review.panel_page import ReviewPanel
from allfives.web.review.records import seated
from allfives.web.review.state import Review
from allfives.web.storage import saves_page as saves
from allfives.web.storage.backup_page import BackupPage
from allfives.web.storage.keys import SETTINGS_KEY, SETUP_KEY

js.performance.mark("allfives:imported")


class App:
    def __init__(self) -> None:
        settings = page_language.visit(Settings.from_json(dom.stored_json(SETTINGS_KEY)))
        looks_page.apply(settings)  # as theme.js showed it; the boards draw with its faces
        self.setup = Setup.from_json(dom.stored_json(SETUP_KEY))
        self.sharing = Sharing(self.take_over, lambda: self.ctl.table, lambda: self.setup.name)
        self.launch = launch(dom.url_param("do"))  # an installed app's shortcut (?do=)
        self.asked = self.sharing.asked(lambda: Table.fresh(self.setup))
        self.restored = saves.restore()
        table = self.restored or (self.sharing.dealt(self.asked) if self.asked
                                  else Table.fresh(self.setup))
        self.ctl = Controller(table, settings)
        self.saver = saves.Saver()
        self.bots = BotClient()
        self.coach = CoachPage(self.ctl, self.bots, self.run_turns)
        self.drag = Drag(self.ctl, self.answer)
        self.keys = Keyboard(self.ctl, self.answer)
        self.puzzles = PuzzlesPage(self.bots)
        self.reviews = ReviewPanel(self.bots, self.play_on, self.puzzles.collect)
        self.stats = StatsPage()
        self.menu = Menu()
        self.backup = BackupPage(self.reopen)
        self.sound = Player()
        self.turns: asyncio.Task[None] | None = None  # the one turn loop
        self.queued: tuple[tuple[int, int, int], Move] | None = None  # (position, move)

    def start(self) -> None:
        self.bind()
        self.settle()
        js.performance.mark("allfives:first-render")
        el("progress").setAttribute("hidden", "")
        for node in document.querySelectorAll(".bar [disabled]"):  # the header wakes up
            node.removeAttribute("disabled")
        self.run_turns()
        if self.restored and self.asked:
            self.sharing.offer(self.asked)
        elif self.launch is not None:
            self.launched(self.launch)

    def bind(self) -> None:
        on(el("hand"), "click", self.on_hand_click)
        self.drag.bind(el("hand"), el("board"))
        self.keys.bind()
        self.coach.bind()
        self.reviews.bind(self.review_of, self.review_seats)
        self.sharing.bind()
        self.stats.bind()
        self.menu.bind()
        self.puzzles.bind()
        self.backup.bind()
        self.sound.bind()
        rules_page.bind(lambda: self.ctl.table.rules.preset,
                        lambda: dialogs.read_new_game(self.setup).preset)
        on(el("undo"), "click", lambda _e: self.take_back())
        on(el("mute"), "click", lambda _e: self.change_settings(
            replace(self.ctl.settings, mute=not self.ctl.settings.mute)))
        page_language.Languages(self).bind()
        on(el("draw"), "click", lambda _e: self.answer(Play(DRAW)))
        on(el("pass"), "click", lambda _e: self.answer(Play(PASS)))
        on(el("hint"), "click", self.on_hint)
        on(el("next-round"), "click", self.on_next_round)
        # Escape must not close the round-end panel: the game would be stranded
        on(el("round-end"), "cancel", lambda e: e.preventDefault())
        # nor the privacy screen: only its button lifts it, for the person to move
        on(el("privacy"), "cancel", lambda e: e.preventDefault())
        on(el("privacy-show"), "click", self.on_reveal)
        on(el("play-again"), "click", lambda _e: dialogs.open_new_game(self.setup))
        on(el("new-game-button"), "click", lambda _e: dialogs.open_new_game(self.setup))
        on(el("download"), "click", lambda _e: saves.download_record(self.ctl.table))
        on(el("game-over-download"), "click", lambda _e: saves.download_record(self.ctl.table))
        on(el("settings-button"), "click", lambda _e: dialogs.open_settings(self.ctl.settings))
        for kind in ("change", "input"):
            on(el("settings-form"), kind,
               lambda _e: self.change_settings(dialogs.read_settings(self.ctl.settings)))
        on(el("new-game-form"), "submit", self.on_new_game_submit)
        on(el("new-game-form"), "change",
           lambda e: dialogs.refresh_new_game(str(e.target.name or ""), self.setup))
        on(el("ng-cancel"), "click", lambda _e: el("new-game").close())
        on(window, "resize", lambda _e: screen.layout(self.ctl, self.ctl.view()))
        for dialog in document.querySelectorAll("dialog"):  # focus back at the table
            on(dialog, "close", lambda _e: screen.refocus(self.ctl))

    def launched(self, action: Launch) -> None:
        """Open what the address asked for (``?do=``), and drop it from the
        address, so a reload resumes."""
        window.history.replaceState(js.Object.new(), "", window.location.pathname)
        if action == "new":
            dialogs.open_new_game(self.setup)
        elif action == "daily":
            self.sharing.play_daily()
        else:
            self.puzzles.open()

    # -- the person's input --------------------------------------------------

    def busy(self) -> bool:
        """A move is being made or bots are playing: the person waits."""
        return self.turns is not None and not self.turns.done()

    def answer(self, reply: Reply) -> None:
        """Carry out what the controller made of a click or a key. While the
        turn loop still runs but it is the person's turn (a bot's tile is
        sliding in), a move waits for the loop (``queued``) instead of being lost."""
        if reply is None or (self.busy() and not self.ctl.can_act()):
            return
        if isinstance(reply, Play):
            if self.busy():
                self.queued = (self.ctl.position(), reply.move)
            elif self.ctl.can_act():
                self.run_turns(reply.move)
        elif isinstance(reply, steps.Select):
            screen.selected(self.ctl, reply.tile)
        elif isinstance(reply, (steps.Refuse, steps.Say)):
            screen.said(reply)
        elif self.busy():
            return  # a shortcut for a button waits until the table is settled
        elif reply.name == "hint":  # the shortcuts for buttons
            spawn(self.on_hint(None))
        elif reply.name == "undo":
            self.take_back()
        elif reply.name == "review":
            self.reviews.open_table(self.review_of, self.review_seats())

    def review_of(self, seat: int | None) -> Review:
        """The game on the table reviewed from ``seat`` (None: the shown person's)."""
        table = self.ctl.table
        return Review.of(table, table.viewer if seat is None else seat)

    def review_seats(self) -> tuple[int, ...]:
        return self.ctl.table.review_seats()

    def on_hand_click(self, evt: Any) -> None:
        button = closest(evt, "[data-tile]")
        if not self.drag.takes_click() and button is not None and (
                not self.busy() or self.ctl.can_act()):
            self.answer(self.ctl.click_tile(parse_tile(str(button.dataset.tile))))

    async def on_hint(self, _evt: Any) -> None:
        ask = None if self.busy() else self.ctl.ask_hint()
        if ask is None:
            return
        screen.hint_text(words.asking(HINT_BOT))
        text = self.ctl.take_hint(ask, await self.bots.choose(ask.request))
        if text is not None:  # else play has moved on
            screen.hint_text(text)
            view = self.ctl.view()
            screen.hand(self.ctl, view)
            screen.layout(self.ctl, view)

    # -- the turn loop ----------------------------------------------------------

    def run_turns(self, move: Move | None = None) -> None:
        """Start the turn loop (after the person's ``move``, if given)."""
        if not self.busy():
            self.turns = spawn(self.turn_loop(move))

    async def turn_loop(self, move: Move | None) -> None:
        """Make ``move`` (unless the coach stops it first), then bot moves and
        automatic draws, until the person must act or the round is over."""
        if move is not None:
            stop = await self.coach.check(move)
            if stop is not None:
                self.queued = None  # a click made while the coach looked is not kept
                self.coach.ask(stop, move)
                return
            await self.make(move)
        while True:
            step = self.ctl.next_step()
            if isinstance(step, steps.AwaitPerson):
                queued, self.queued = self.queued, None
                if queued is not None and queued[0] == self.ctl.position():
                    await self.make(queued[1])  # asked for while the last tile slid in
                    continue
                screen.status(self.ctl.status())
                if screen.focus_lost():
                    screen.focus(self.ctl.hand(self.ctl.view()).focus())
                screen.mark_ready()
                self.bots.start()  # once the table is playable: the page's first load comes first
                self.coach.prepare()
                return
            if isinstance(step, steps.AutoMove):
                screen.status(step.status)
                await asyncio.sleep(step.delay)
                await self.make(step.move)
            elif isinstance(step, steps.PassTo):
                # what the last person had open (Review from their seat) goes first
                dom.close_dialogs("review", "coach", "keys")
                screen.status(self.ctl.status())
                screen.privacy(self.ctl.view(), step.seat)
                self.bots.start()
                return
            elif isinstance(step, steps.BotMove):
                screen.status(self.ctl.status())
                started = time.monotonic()
                chosen = await self.bots.choose(step.request)
                await asyncio.sleep(max(0.0, step.pause - (time.monotonic() - started)))
                await self.make(chosen)
            else:
                self.stats.ended(self.ctl.table)
                screen.over(self.ctl, isinstance(step, steps.RoundOver),
                            self.sharing.ended(self.ctl.table))
                screen.announce(words.round_summary(self.ctl.view()))
                self.bots.start()
                return

    async def make(self, move: Move) -> None:
        """Make a move, save, redraw, and slide the tile to its place."""
        view = self.ctl.view()
        source = screen.source_rect(view.player.turn, view.seat, played_tile(move))
        played = self.coach.make(move)
        self.coach.prepare()  # the person's next decision is analysed from now on
        if isinstance(played, steps.Refuse):
            screen.status(Status("human", played.text))
            return
        screen.announce(played.said)
        if (now := self.ctl.status()).phase == "bot":
            screen.status(now)  # at once, while the tile slides
        self.sound.play(cue(played, now.phase), self.ctl.settings.mute)
        self.settle()
        if played.tile is not None:
            await screen.slide(played.tile, source, self.ctl.settings.slide_ms)
        elif played.linger:
            await asyncio.sleep(played.linger)

    def settle(self) -> None:
        """The table changed: the hint's words go, it is saved, then drawn whole."""
        screen.hint_text("")
        self.saver.save(self.ctl.table)
        screen.table(self.ctl)

    # -- dialogs ------------------------------------------------------------------

    def on_reveal(self, _evt: Any) -> None:
        """The person to move asks to see their hand: the privacy screen lifts."""
        if self.busy() or not self.ctl.reveal():
            return  # the screen stays up: nobody's hand may show yet
        el("privacy").close()
        self.settle()
        self.run_turns()

    def on_next_round(self, _evt: Any) -> None:
        el("round-end").close()
        if self.ctl.next_round():
            self.settle()
            screen.status(self.ctl.status())  # not "Round over" until the turn loop's first step
            self.run_turns()

    def on_new_game_submit(self, evt: Any) -> None:
        evt.preventDefault()
        setup = dialogs.read_new_game(self.setup)
        problem = forms.check(setup)
        if problem:
            dialogs.show_new_game_problem(problem)
            return
        self.setup = setup
        dom.store(SETUP_KEY, json.dumps(setup.to_json()))
        self.take_over(Table.new(setup))

    def play_on(self, review: Review) -> None:
        """An opened record goes on as the game, the person in the review's seat."""
        self.take_over(Table.from_record(seated(review, self.setup.name)))

    def take_over(self, table: Table) -> None:
        """Play ``table`` from where it stands, in place of the game in progress."""
        dom.close_dialogs("new-game", "round-end", "game-over", "coach", "privacy")
        if self.turns is not None:
            self.turns.cancel()  # nobody waits for the old game's bots any more
        self.queued = None
        self.ctl.take_over(table)
        screen.hush()  # the old game's last move, said, is no more
        self.settle()
        screen.status(self.ctl.status())  # not the old game's until the turn loop's first step
        self.turns = spawn(self.turn_loop(None))

    def take_back(self) -> None:
        """The viewer's last turn and the bots' replies since, taken back."""
        table = self.ctl.table
        back = table.taken_back() if self.ctl.settings.undo and not table.screened else None
        if back is not None:
            self.take_over(back)

    def reopen(self) -> None:
        """Play on from what is kept now (a backup was restored)."""
        self.stats.reload()
        self.puzzles.reload()
        self.setup = Setup.from_json(dom.stored_json(SETUP_KEY))
        self.ctl.settings = Settings.from_json(dom.stored_json(SETTINGS_KEY))
        looks_page.apply(self.ctl.settings)
        dialogs.fill_settings(self.ctl.settings)
        self.take_over(saves.restore() or Table.fresh(self.setup))

    def change_settings(self, settings: Settings) -> None:
        """Apply and keep settings (from their dialog, or the mute button)."""
        self.ctl.settings = settings
        dom.store(SETTINGS_KEY, json.dumps(settings.to_json()))
        looks_page.apply(settings)
        screen.table(self.ctl)
        self.coach.prepare()  # the coach turned on or off
        if self.ctl.can_act():
            self.run_turns()  # automatic drawing may apply now


def main() -> None:
    try:
        App().start()
    except Exception as e:  # noqa: BLE001 - a plain message for people, details in the console
        js.console.error(f"allfives: could not start: {type(e).__name__}: {e}")
        page_language.apply(i18n.current())  # shows the page's texts, these among them
        el("progress").textContent = i18n._("The game could not start in this browser. "
                                            "Reloading the page may help.")
        el("progress").removeAttribute("hidden")
        el("status").textContent = i18n._("Not started.")


main()
