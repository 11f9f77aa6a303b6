"""The page's wiring: the rooms made and handed to each other, and the
header's and dialogs' events. The game at the table is ``play.table_page``
(the turn loop, one redraw after every change); decisions are made in the
rooms' pure modules. The feature rooms never import each other: what one
needs of another is handed over here. Tests' hooks: docs/DOM_HOOKS.md.
Loading this page script starts the game.
"""

# ruff: noqa: E402 - the first mark must come before the game's own imports
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import js

js.performance.mark("allfives:python-ready")  # bench/load_time.py: the game's own share starts

from pyscript import document, window

from allfives.observed import replay, to_record
from allfives.web import dom
from allfives.web.bots.client_page import BotClient
from allfives.web.coach.coach_page import CoachPage
from allfives.web.dom import el, on
from allfives.web.home import dialogs_page as dialogs
from allfives.web.home import language_page as page_language
from allfives.web.home import new_game as forms
from allfives.web.home import rules_page
from allfives.web.home.backup_page import BackupPage
from allfives.web.home.keeping_page import KeepingPage
from allfives.web.home.launch import Launch, launch
from allfives.web.home.menu_page import Menu
from allfives.web.home.sharing_page import Sharing
from allfives.web.home.stats_kept import check_stats
from allfives.web.home.stats_page import StatsPage
from allfives.web.i18n import catalogs as i18n
from allfives.web.play import looks_page, screen_page
from allfives.web.play.controller import Controller
from allfives.web.play.table_page import TablePage
from allfives.web.puzzles.progress import Playing, check_progress, game_key
from allfives.web.puzzles.puzzles_page import PuzzlesPage
from allfives.web.realtable import kept as table_kept
from allfives.web.realtable.between_page import Between
from allfives.web.realtable.frame import game_over_html
from allfives.web.realtable.realtable_page import RealTablePage
from allfives.web.review.panel_page import ReviewPanel
from allfives.web.review.records import seated
from allfives.web.review.state import Review
from allfives.web.storage.keys import (
    ASIDE_KEY,
    PUZZLES_KEY,
    SETTINGS_KEY,
    SETUP_KEY,
    STATS_KEY,
    TABLE_GAME_KEY,
    TABLE_KEPT_KEY,
)
from allfives.web.table import kept
from allfives.web.table import saves_page as saves
from allfives.web.table.confirm_page import Confirm
from allfives.web.table.ending import in_progress
from allfives.web.table.looks import Looks
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.tabs import check_aside
from allfives.web.table.tabs_page import Tabs

js.performance.mark("allfives:imported")


class App:
    def __init__(self) -> None:
        settings = page_language.visit(Settings.from_json(dom.stored_json(SETTINGS_KEY)))
        looks_page.apply(settings)  # as theme.js showed it
        self.setup = Setup.from_json(dom.stored_json(SETUP_KEY))
        self.sharing = Sharing(self.take_over, lambda go: self.between.ask_end(go),
                               lambda: self.ctl.table, lambda: self.setup.name, self.resume)
        self.launch = launch(dom.url_param("do"))  # an installed app's shortcut (?do=)
        self.asked = self.sharing.asked(lambda: Table.fresh(self.setup))
        self.restored = saves.restore()
        if self.restored is not None and self.asked and not in_progress(self.restored):
            self.restored = None  # nothing to lose (no move yet, or over): the link deals at once
        table = self.restored or (self.sharing.dealt(self.asked) if self.asked
                                  else Table.fresh(self.setup))
        self.ctl = Controller(table, settings)
        self.shown_over = table if table.game.over else None  # no game ended here: not asked
        self.bots = BotClient()
        self.puzzles = PuzzlesPage(self.bots, self.looks, self.playing)
        self.reviews = ReviewPanel(self.bots, self.play_on, self.looks, self.puzzles.collect)
        self.table = TablePage(self.ctl, self.bots, self.ended, self.open_review)
        self.coach = CoachPage(self.ctl, self.bots, self.table.run_turns, self.table.rethink)
        self.table.judge = self.coach
        self.stats = StatsPage()
        self.menu = Menu()
        self.backup = BackupPage({**kept.CHECKS, STATS_KEY: check_stats,
                                  PUZZLES_KEY: check_progress,
                                  TABLE_GAME_KEY: table_kept.check_table_game,
                                  TABLE_KEPT_KEY: table_kept.check_table_game,
                                  ASIDE_KEY: check_aside},
                                 self.reopen, lambda go: self.between.ask_end(go, table=True))
        self.real = RealTablePage(self.looks, lambda: self.ctl.settings.tally, self.table_over)
        self.confirm = Confirm()
        self.tabs = Tabs(self.table.saver, lambda: self.ctl.table, self.take_over,
                         self.table.pause, lambda: self.real.keeper is not None, self.confirm)
        self.keeping = KeepingPage(self.backup.download)
        self.between = Between(self.real, lambda: self.ctl.table, self.table.pause, self.confirm)

    def start(self) -> None:
        self.bind()
        at_table = self.real.kept_game()
        # a link's deal with a game in progress saved: the game waits, undrawn,
        # until the person chooses (no panel or privacy screen under the question)
        asking = self.restored is not None and self.asked is not None
        if at_table is not None:
            self.table.commit()
            self.table.pause()
            self.real.take(at_table)
        elif not asking:
            self.resume()
        js.performance.mark("allfives:first-render")
        el("progress").setAttribute("hidden", "")
        for node in document.querySelectorAll(".bar [disabled]"):  # the header wakes up
            node.removeAttribute("disabled")
        if asking and self.asked is not None:
            self.sharing.offer(self.asked)
        elif self.launch is not None:
            self.launched(self.launch)
        if not any(el(d).open for d in ("deal-choice", "new-game")):
            self.tabs.offer()

    def resume(self) -> None:
        """Play on the game on the table (a game at a real table waits on)."""
        if self.real.keeper is None:
            self.table.run_turns()
            self.table.commit()

    def bind(self) -> None:
        self.table.bind()
        self.real.bind()
        on(el("download"), "click", lambda _e: self.real.download())
        on(el("game-over-download"), "click", lambda _e: self.real.download())
        self.coach.bind()
        self.reviews.bind(self.review_of, self.review_seats, self.hands_hidden)
        for room in (self.sharing, self.stats, self.menu, self.puzzles, self.backup,
                     self.confirm, self.tabs, self.keeping, self.between):
            room.bind()
        rules_page.bind(lambda: self.ctl.table.rules.preset,
                        lambda: dialogs.read_new_game(self.setup).preset, self.looks)
        on(el("mute"), "click", lambda _e: self.change_settings(
            replace(self.ctl.settings, mute=not self.ctl.settings.mute)))
        page_language.Languages(self.language_chosen).bind()
        on(el("play-again"), "click", lambda _e: self.open_new_game())
        on(el("new-game-button"), "click", lambda _e: self.open_new_game())
        on(el("settings-button"), "click", lambda _e: dialogs.open_settings(self.ctl.settings))
        for kind in ("change", "input"):
            on(el("settings-form"), kind,
               lambda _e: self.change_settings(dialogs.read_settings(self.ctl.settings)))
        on(el("new-game-form"), "submit", self.on_new_game_submit)
        on(el("new-game-form"), "change",
           lambda e: dialogs.refresh_new_game(str(e.target.name or ""), self.setup))
        on(el("new-game-form"), "input",
           lambda e: dialogs.rename_table_seats(str(e.target.name or ""), self.setup))
        on(el("ng-cancel"), "click", lambda _e: el("new-game").close())
        for dialog in document.querySelectorAll("dialog"):  # focus back at the table
            on(dialog, "close", lambda _e: screen_page.refocus(self.ctl.hand(self.ctl.view())))

    def launched(self, action: Launch) -> None:
        """Open what the address asked for (``?do=``), and drop it from the
        address, so a reload resumes."""
        window.history.replaceState(js.Object.new(), "", window.location.pathname)
        if action == "new":
            self.open_new_game()
        elif action == "daily":
            self.sharing.play_daily()
        else:
            self.puzzles.open()

    # -- what the rooms hand each other ----------------------------------------------

    def playing(self) -> Playing:
        """What the person plays now, for the puzzles: the rules and players of
        the game on the table, and its key while it is not over."""
        game = self.ctl.table.game
        return Playing(game.rules.preset, game.rules.players,
                       None if game.over else game_key(game.seed))

    def looks(self) -> Looks:
        """How the settings draw tiles now (Review's, the puzzles' and How to play's)."""
        return self.ctl.settings.looks

    def ended(self, table: Table) -> str:
        """A round or the game ended: counted in the statistics; the daily's best, in words."""
        self.stats.ended(table)
        if table.game.over and table is not self.shown_over:
            dom.spawn(self.keeping.game_over())
        return self.sharing.ended(table)

    def review_seats(self) -> tuple[int, ...]:
        keeper = self.real.keeper
        if keeper is not None:
            return (keeper.game.known_seat or 0,)
        return self.ctl.table.review_seats()

    def review_of(self, seat: int | None) -> Review:
        """The game on the table reviewed from ``seat`` (None: the shown
        person's); at a real table, from the seat whose hand is entered."""
        keeper = self.real.keeper
        if keeper is not None:
            game = replay(to_record(keeper.game))  # a copy: entries go on under it
            known = game.known_seat
            return Review(game, game.names, [None] * game.rules.players,
                          0 if known is None else known)
        table = self.ctl.table
        return Review.of(table, table.viewer if seat is None else seat)

    def hands_hidden(self) -> bool:
        """Whether every hand of the game on this device is hidden (the privacy
        screen, or bots leading a covered deal): Review, which shows the
        viewer's, does not open."""
        return self.real.keeper is None and self.ctl.table.hidden

    def open_review(self) -> None:
        if not self.hands_hidden():
            self.reviews.open_table(self.review_of, self.review_seats())

    def table_over(self, said: str) -> None:
        """The game at a real table is over: the game-over panel says who won
        (its daily line and deal link are the games on this device's)."""
        keeper = self.real.keeper
        if keeper is None or el("game-over").open:
            return
        el("game-over-body").innerHTML = game_over_html(keeper)
        el("game-over-daily").textContent = said
        el("game-over-deal").textContent = ""
        el("game-over-share").setAttribute("hidden", "")
        dom.show_dialog("game-over")

    def play_on(self, review: Review) -> None:
        """An opened record goes on as the game, the person in the review's
        seat; a game at a real table goes on being kept."""
        if review.observed and review.record is not None:
            record = review.record
            self.between.ask_table(lambda: self.between.keep(table_kept.from_record(record)))
            return
        self.between.ask_end(
            lambda: self.take_over(Table.from_record(seated(review, self.setup.name))))

    def take_over(self, table: Table) -> None:
        """``table`` is played on this device (a game at a real table is left)."""
        self.real.leave()
        el("game-over-share").removeAttribute("hidden")
        self.table.take_over(table)

    # -- dialogs ------------------------------------------------------------------

    def open_new_game(self) -> None:
        dialogs.open_new_game(self.setup)
        self.between.offer()

    def on_new_game_submit(self, evt: Any) -> None:
        evt.preventDefault()
        setup = dialogs.read_new_game(self.setup)
        problem = forms.check(setup)
        if problem:
            dialogs.show_new_game_problem(problem)
            return
        self.setup = setup
        dom.store(SETUP_KEY, json.dumps(setup.to_json()))
        if setup.at_table:
            self.between.ask_table(lambda: self.between.keep(table_kept.new(setup)))
            return
        self.between.ask_end(lambda: self.take_over(Table.new(setup)))

    def reopen(self) -> None:
        """Play on from what is kept now (a backup was restored)."""
        self.stats.reload()
        self.puzzles.reload()
        self.setup = Setup.from_json(dom.stored_json(SETUP_KEY))
        self.ctl.settings = Settings.from_json(dom.stored_json(SETTINGS_KEY))
        looks_page.apply(self.ctl.settings)
        dialogs.fill_settings(self.ctl.settings)
        at_table = self.real.kept_game()  # taking the game over leaves the table: read it first
        self.real.drop()  # the table's game before the backup is not kept aside
        self.take_over(saves.restore() or Table.fresh(self.setup))
        if at_table is not None:
            self.table.pause()
            self.real.take(at_table)

    def language_chosen(self, code: str) -> None:
        """A language chosen in Settings: kept, and what the page's code wrote, written in it."""
        self.change_settings(replace(self.ctl.settings, language=code))  # the table redrawn
        dialogs.fill_settings(self.ctl.settings)  # its own words (the bot pause's seconds)
        if el("review").open:
            self.reviews.show()
        if el("stats").open:
            self.stats.show()

    def change_settings(self, settings: Settings) -> None:
        """Apply and keep settings (from their dialog, or the mute button)."""
        self.ctl.settings = settings
        dom.store(SETTINGS_KEY, json.dumps(settings.to_json()))
        looks_page.apply(settings)
        self.table.redraw()
        self.real.redraw()
        self.coach.prepare()  # the coach turned on or off
        if self.ctl.can_act():
            self.table.run_turns()  # automatic drawing may apply now


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
