"""Sharing a deal and the daily deal, in the page: the Share buttons (a link
on the clipboard, and shown), a ``?deal=`` or ``?seed=`` link opened while a
game is saved (the person chooses: resume, or play the link's deal), the
Daily deal button, and the best daily result kept per day. The deals
themselves are made and read in ``deals``, what is shown in ``sharing``;
the page's thread copies the link and drops the address's query (effects),
so nothing here reads or writes the page but through the writer."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

import js

from ...errors import AllFivesError
from ..dom import store, stored_json, url_param
from ..i18n.catalogs import _
from ..paint.events import Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.notice_page import notice
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..storage.keys import DAILY_KEY
from ..table import words
from ..table.clock_page import today
from ..table.deals import (
    Deal,
    DealError,
    best_days,
    daily,
    daily_day,
    deal_of,
    margin,
    read_deal,
    seed_deal,
)
from ..table.table import Table
from .sharing import CHOICE, PANELS, shared


class Sharing:
    def __init__(self, take_over: Callable[[Table], None],
                 ask: Callable[[Callable[[], None]], None], current: Callable[[], Table],
                 name: Callable[[], str], resume: Callable[[], None]) -> None:
        """``ask``: runs its argument once the person agrees to end the game
        in progress (``#deal-choice`` is its own question)."""
        self.take_over = take_over
        self.ask = ask
        self.current = current
        self.name = name
        self.resume = resume  # the saved game plays on (it waited for the answer)
        self.offered: Deal | None = None

    def bind(self) -> None:
        for panel in PANELS:
            listen(Listen("click", f"#{panel}-share"), partial(self.on_share, panel))
        listen(Listen("click", "#daily"), lambda _e: self.play_daily())
        listen(Listen("click", "#deal-play"), lambda _e: self.play_offered())
        listen(Listen("click", "#deal-resume"),
               lambda _e: page.write({}, [Effect("close", CHOICE)]))
        # however it closes (Resume, Escape, Play), the game on the table then plays on
        listen(Listen("close", f"#{CHOICE}"), lambda _e: self.resume())

    def play_daily(self) -> None:
        """Today's deal, in place of the game in progress (asked first)."""
        self.ask(lambda: self.take_over(self.dealt(daily(today()))))

    def dealt(self, deal: Deal) -> Table:
        """``deal`` at the table today, the person named as set up."""
        return deal.table(self.name(), today())

    def asked(self, setup_table: Callable[[], Table]) -> Deal | None:
        """The deal the address asks for (``?deal=``, or ``?seed=`` with the
        remembered set-up), then the address without it, so a reload resumes."""
        deal_text, seed = url_param("deal"), url_param("seed")
        if deal_text is None and seed is None:
            return None
        page.write({}, [Effect("drop-query", "")])
        try:
            return read_deal(deal_text) if deal_text else seed_deal(str(seed), setup_table())
        except DealError as e:
            notice(words.unreadable_link(str(e)))
        except AllFivesError as e:  # the engine refused the link's rules
            js.console.warn(f"allfives: the link's rules: {e}")
            notice(words.unreadable_link(_("Its rules are not ones this page can play.")))
        return None

    def offer(self, deal: Deal) -> None:
        """A game in progress is saved and a link asks for another: ask which
        to play (the saved game waits, ``resume``)."""
        self.offered = deal
        page.write({}, [Effect("open", CHOICE)])

    def play_offered(self) -> None:
        page.write({}, [Effect("close", CHOICE)])
        if self.offered is not None:
            self.take_over(self.dealt(self.offered))

    def on_share(self, panel: str, _evt: PageEvent) -> None:
        """Put a link to this game's deal on the clipboard, and show it."""
        page.write(*shared(panel, deal_of(self.current())))

    def ended(self, table: Table) -> str:
        """At a game's end: keep a daily deal's best result; the words for the panel."""
        day = daily_day(table)
        if day is None or not table.game.over:
            return ""
        best = best_days(stored_json(DAILY_KEY), day, margin(table))
        store(DAILY_KEY, json.dumps(best))
        return words.daily_best(day, best[day])
