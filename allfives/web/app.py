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

import js

js.allfivesPage.mark("allfives:python-ready")  # bench/load_time.py: the game's own share starts

from allfives.web import dom
from allfives.web.i18n.catalogs import data_file
from allfives.web.i18n.page_text import NOT_STARTED, NOT_STARTED_STATUS
from allfives.web.storage.fetch_page import FILES

# The visit's catalog asked for now, to travel while the game's modules import
# (<html lang> is the visit's language: static/progress.js chose it as
# catalogs.choose does); page_language.visit waits for it.
FILES.start(data_file(dom.page_language()))
from allfives.web.bots.client_page import BotClient
from allfives.web.coach.coach_page import CoachPage
from allfives.web.home import dialogs_page as dialogs
from allfives.web.home import language_page as page_language
from allfives.web.home import new_game as forms
from allfives.web.home import rules_page
from allfives.web.home.backup_page import BackupPage
from allfives.web.home.form_values import setup_from_form
from allfives.web.home.keeping_page import KeepingPage
from allfives.web.home.launch import Launch, launch
from allfives.web.home.menu_page import Menu
from allfives.web.home.sharing_page import Sharing
from allfives.web.home.stats_kept import check_stats
from allfives.web.home.stats_page import StatsPage
from allfives.web.i18n import catalogs as i18n
from allfives.web.paint.events import Listen, PageEvent
from allfives.web.paint.listening_page import listen
from allfives.web.paint.parts import Effect, Part, shown
from allfives.web.paint.writer_page import page
from allfives.web.play.controller import Controller
from allfives.web.play.table_page import TablePage
from allfives.web.puzzles.progress import Playing, check_progress, game_key
from allfives.web.puzzles.puzzles_page import PuzzlesPage
from allfives.web.realtable import kept as table_kept
from allfives.web.realtable.between_page import Between
from allfives.web.realtable.realtable_page import RealTablePage
from allfives.web.review.panel_page import ReviewPanel
from allfives.web.review.records import seated
from allfives.web.review.state import Review
from allfives.web.storage.keys import PUZZLES_KEY, SETTINGS_KEY, SETUP_KEY, STATS_KEY
from allfives.web.table import kept
from allfives.web.table import saves_page as saves
from allfives.web.table.confirm_page import Confirm
from allfives.web.table.ending import in_progress
from allfives.web.table.looks import Looks
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.tabs_page import Tabs

js.allfivesPage.mark("allfives:imported")


class App:
    def __init__(self, settings: Settings) -> None:
        """``settings``: as kept, with the visit's language (``page_language.visit``)."""
        page.write(settings.looks_frame())  # as theme.js showed it
        self.setup = Setup.from_json(dom.stored_json(SETUP_KEY))
        self.sharing = Sharing(lambda t: self.between.take_over(t),
                               lambda go: self.between.ask_end(go), lambda: self.ctl.table,
                               lambda: self.setup.name, lambda: self.between.play_on())
        self.launch = launch(dom.url_param("do"))  # an installed app's shortcut (?do=)
        self.asked = self.sharing.asked(lambda: Table.fresh(self.setup))
        self.restored = saves.restore()
        if self.restored is not None and self.asked and not in_progress(self.restored):
            self.restored = None  # nothing to lose (no move yet, or over): the link deals at once
        table = self.restored or (self.sharing.dealt(self.asked) if self.asked
                                  else Table.fresh(self.setup))
        self.ctl = Controller(table, settings)
        self.shown_over = table if table.game.over else None  # no game ended here: not asked
        self.bots = BotClient(lambda: self.ctl.table.rules)
        self.puzzles = PuzzlesPage(self.bots, self.looks, self.playing)
        self.reviews = ReviewPanel(self.bots, self.play_on, self.looks, self.puzzles.collect)
        self.table = TablePage(self.ctl, self.bots, self.ended, self.open_review)
        self.coach = CoachPage(self.ctl, self.bots, self.table.run_turns, self.table.rethink,
                               self.reviews.keep_coaching)
        self.table.judge = self.coach
        self.stats = StatsPage()
        self.menu = Menu()
        self.backup = BackupPage({**kept.CHECKS, **table_kept.CHECKS, STATS_KEY: check_stats,
                                  PUZZLES_KEY: check_progress},
                                 self.reopen, lambda go: self.between.ask_end(go, table=True))
        self.real = RealTablePage(self.looks, lambda: self.ctl.settings.tally)
        self.confirm = Confirm()
        self.tabs = Tabs(self.table.saver, lambda: self.ctl.table,
                         lambda t: self.between.take_over(t), self.table.pause,
                         lambda: self.real.keeper is not None, self.confirm)
        self.keeping = KeepingPage(self.backup.download)
        self.between = Between(self.real, self.table, lambda: self.ctl.table, self.confirm)

    def start(self) -> None:
        self.bind()
        # a link's deal with a game in progress saved: the game waits, undrawn,
        # until the person chooses (no panel or privacy screen under the question)
        asking = self.restored is not None and self.asked is not None
        self.between.start(waiting=asking)
        js.allfivesPage.mark("allfives:first-render")
        page.write({"#progress": Part(attrs=(shown(False),))})
        if asking and self.asked is not None:
            self.sharing.offer(self.asked)  # the deal-choice dialog
        elif self.launch is not None:
            self.launched(self.launch)
        if not asking and self.launch != "new":  # no dialog asks already
            self.tabs.offer()

    def bind(self) -> None:
        for room in (self.table, self.real, self.coach, self.sharing, self.stats, self.menu,
                     self.puzzles, self.backup, self.confirm, self.tabs, self.keeping,
                     self.between):
            room.bind()
        for button in ("download", "game-over-download"):
            listen(Listen("click", f"#{button}"), lambda _e: self.between.active().download())
        self.reviews.bind(self.review_of, lambda: self.between.active().review_seats(),
                          lambda: self.between.active().hands_hidden())
        rules_page.bind(lambda: self.ctl.table.rules.preset,
                        lambda e: setup_from_form(e.form, self.setup).preset, self.looks)
        listen(Listen("click", "#mute"), lambda _e: self.change_settings(
            replace(self.ctl.settings, mute=not self.ctl.settings.mute)))
        page_language.Languages(self.language_chosen).bind()
        listen(Listen("click", "#play-again"), lambda _e: self.open_new_game())
        listen(Listen("click", "#new-game-button"), lambda _e: self.open_new_game())
        listen(Listen("click", "#settings-button"),
               lambda _e: dialogs.open_settings(self.ctl.settings))
        for kind in ("change", "input"):
            listen(Listen(kind, "#settings-form"), lambda e: self.change_settings(
                dialogs.read_settings(e.form, self.ctl.settings)))
        listen(Listen("submit", "#new-game-form", prevent=True), self.on_new_game_submit)
        listen(Listen("change", "#new-game-form"),
               lambda e: dialogs.refresh_new_game(e.field, e.form, self.setup))
        listen(Listen("input", "#new-game-form"),
               lambda e: dialogs.rename_table_seats(e.field, e.form, self.setup))
        listen(Listen("click", "#ng-cancel"),
               lambda _e: page.write({}, [Effect("close", "new-game")]))
        # focus back at the table
        listen(Listen("close", "dialog"), lambda _e: self.between.active().refocus())

    def launched(self, action: Launch) -> None:
        """Open what the address asked for (``?do=``), dropped from it: a reload resumes."""
        page.write({}, [Effect("drop-query", "")])
        {"new": self.open_new_game, "daily": self.sharing.play_daily,
         "puzzles": self.puzzles.open}[action]()

    # -- what the rooms hand each other ----------------------------------------------

    def playing(self) -> Playing:
        """For the puzzles: the rules and players of the game on the table, its key until over."""
        game = self.ctl.table.game
        return Playing(game.rules.preset, game.rules.players,
                       None if game.over else game_key(game.seed))

    def looks(self) -> Looks:
        """How the settings draw tiles now (Review's, the puzzles' and How to play's)."""
        return self.ctl.settings.looks

    def ended(self, table: Table) -> str:
        """A round or the game ended: counted in the statistics; Review's first
        decisions analysed while play waits; the daily's best, in words."""
        self.stats.ended(table)
        if table.game.over and table is not self.shown_over:
            dom.spawn(self.keeping.game_over())
        if not self.table.hands_hidden():
            self.reviews.ahead(lambda: self.review_of(None))
        return self.sharing.ended(table)

    def review_of(self, seat: int | None) -> Review:
        """The game of the table that has the page, reviewed from ``seat``."""
        of = self.between.active().reviewed(seat)
        return Review(of.game, of.names, of.levels, of.seat, daily=of.daily)

    def open_review(self) -> None:
        if not self.between.active().hands_hidden():
            self.reviews.open_table(self.review_of, self.between.active().review_seats())

    def play_on(self, review: Review) -> None:
        """An opened record goes on being played, or kept at a real table."""
        record = review.record
        if review.observed and record is not None:
            self.between.new_at_table(lambda: table_kept.from_record(record))
        else:
            self.between.new_on_device(
                lambda: Table.from_record(seated(review, self.setup.name)))

    # -- dialogs ------------------------------------------------------------------

    def open_new_game(self) -> None:
        dialogs.open_new_game(self.setup)
        self.between.offer()

    def on_new_game_submit(self, evt: PageEvent) -> None:
        setup = setup_from_form(evt.form, self.setup)
        problem = forms.check(setup)
        if problem:
            dialogs.show_new_game_problem(problem)
            return
        self.setup = setup
        dom.store(SETUP_KEY, json.dumps(setup.to_json()))
        if setup.at_table:
            self.between.new_at_table(lambda: table_kept.new(setup))
        else:
            self.between.new_on_device(lambda: Table.new(setup))

    def reopen(self) -> None:
        """Play on from what is kept now (a backup was restored)."""
        self.stats.reload()
        self.puzzles.reload()
        self.setup = Setup.from_json(dom.stored_json(SETUP_KEY))
        self.ctl.restyle(Settings.from_json(dom.stored_json(SETTINGS_KEY)))
        page.write(self.ctl.settings.looks_frame())
        dialogs.fill_settings(self.ctl.settings)
        self.between.reopen(lambda: saves.restore() or Table.fresh(self.setup))

    def language_chosen(self, code: str) -> None:
        """A language chosen in Settings: kept, and what the page's code wrote, written in it."""
        page.forget()  # the page's own texts were put back in it: the tables are written whole
        self.change_settings(replace(self.ctl.settings, language=code))  # the table redrawn
        dialogs.fill_settings(self.ctl.settings)  # its own words (the bot pause's seconds)
        for room in (self.reviews, self.stats):
            if room.showing:
                room.show()

    def change_settings(self, settings: Settings) -> None:
        """Apply and keep settings (from their dialog, or the mute button)."""
        self.ctl.restyle(settings)
        dom.store(SETTINGS_KEY, json.dumps(settings.to_json()))
        page.write(settings.looks_frame())
        self.between.redraw()
        self.coach.prepare()  # the coach turned on or off
        if self.ctl.can_act():
            self.table.run_turns()  # automatic drawing may apply now


async def main() -> None:
    try:
        App(await page_language.visit(Settings.from_json(dom.stored_json(SETTINGS_KEY)))).start()
    except Exception as e:  # noqa: BLE001 - a plain message for people, details in the console
        js.console.error(f"allfives: could not start: {type(e).__name__}: {e}")
        await page_language.apply(i18n.current())  # shows the page's texts, these among them
        page.write({"#progress": Part(text=i18n._(NOT_STARTED),
                                      attrs=(shown(True), ("data-failed", ""))),
                    "#status": Part(text=i18n._(NOT_STARTED_STATUS))})


# static/page-worker.mjs runs this script with top-level await.
await main()  # type: ignore[top-level-await]  # noqa: F704
