"""Sharing a deal and the daily deal, in the page: the Share buttons (a link
on the clipboard, and shown), a ``?deal=`` or ``?seed=`` link opened while a
game is saved (the person chooses: resume, or play the link's deal), the
Daily deal button, and the best daily result kept per day. The deals
themselves are made and read in ``deals``."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import js
from pyscript import window

from ...errors import AllFivesError
from ..dom import el, on, page_address, page_path, show_dialog, store, stored_json, url_param
from ..i18n.catalogs import _
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
        for panel in ("round-end", "game-over"):
            on(el(f"{panel}-share"), "click", partial(self.on_share, panel))
        on(el("daily"), "click", lambda _e: self.play_daily())
        on(el("deal-play"), "click", lambda _e: self.play_offered())
        on(el("deal-resume"), "click", lambda _e: el("deal-choice").close())
        # however it closes (Resume, Escape, Play), the game on the table then plays on
        on(el("deal-choice"), "close", lambda _e: self.resume())

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
        page.write({}, [Effect("address", page_path())])
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
        show_dialog("deal-choice")

    def play_offered(self) -> None:
        el("deal-choice").close()
        if self.offered is not None:
            self.take_over(self.dealt(self.offered))

    async def on_share(self, panel: str, _evt: Any) -> None:
        """Put a link to this game's deal on the clipboard, and show it."""
        link = deal_of(self.current()).link(page_address())
        out = el(f"{panel}-share-link")
        out.value = link
        out.removeAttribute("hidden")
        out.select()
        try:
            await window.navigator.clipboard.writeText(link)
        except Exception as e:  # noqa: BLE001 - no clipboard here: the link is shown
            js.console.warn(f"allfives: no clipboard: {e}")

    def ended(self, table: Table) -> str:
        """At a game's end: keep a daily deal's best result; the words for the panel."""
        day = daily_day(table)
        if day is None or not table.game.over:
            return ""
        best = best_days(stored_json(DAILY_KEY), day, margin(table))
        store(DAILY_KEY, json.dumps(best))
        return words.daily_best(day, best[day])
