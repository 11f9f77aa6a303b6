"""Two windows of one profile, in the page (thin): another window's save
noticed (the ``storage`` event, and on coming back to this window), the
decision taken in ``tabs``, and its dialogs: ``#tab-changed`` (another game
there: keep this one, or play that one) and ``#aside`` (a game put aside,
offered back on loading)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from ..dom import store, stored
from ..i18n.catalogs import _
from ..paint.events import DOCUMENT, WINDOW, Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.notice_page import notice
from ..paint.parts import Effect, download
from ..paint.writer_page import page
from ..storage.keys import ASIDE_KEY, SAVE_KEY
from . import tabs
from .confirm_page import Confirm
from .dialog_frames import aside_frame
from .ending import discard_aside
from .saving import Saver
from .table import Table


class Tabs:
    def __init__(self, saver: Saver, current: Callable[[], Table],
                 take_over: Callable[[Table], None], pause: Callable[[], None],
                 elsewhere: Callable[[], bool], confirm: Confirm) -> None:
        """``current``: the game shown; ``take_over``: play a game in its
        place; ``pause``: hold it while the person chooses; ``elsewhere``: the
        page is at a real table (the game here waits, nothing to follow)."""
        self.saver = saver
        self.current = current
        self.take_over = take_over
        self.pause = pause
        self.elsewhere = elsewhere
        self.confirm = confirm
        self.asking = False  # #tab-changed is open: the person chooses

    def bind(self) -> None:
        listen(Listen("storage", WINDOW), self.on_storage)
        listen(Listen("visibilitychange", DOCUMENT),
               lambda e: self.look() if e.value == "visible" else None)
        listen(Listen("click", "#tab-keep"), lambda _e: self.keep())
        listen(Listen("click", "#tab-other"), lambda _e: self.play_other())
        # a choice is needed: Escape does not close it
        listen(Listen("cancel", "#tab-changed", prevent=True, send=False))
        listen(Listen("click", "#aside-resume"), lambda _e: self.resume())
        listen(Listen("click", "#aside-download"), lambda _e: self.download())
        listen(Listen("click", "#aside-discard"),
               lambda _e: self.confirm.ask(discard_aside(), self.discard))
        listen(Listen("click", "#aside-later"),
               lambda _e: page.write({}, [Effect("close", "aside")]))

    def on_storage(self, evt: PageEvent) -> None:
        if evt.key in ("", SAVE_KEY):  # "": storage cleared
            self.look()

    def look(self) -> None:
        """What storage holds now, against what this window last read or wrote."""
        if self.elsewhere() or self.asking:
            return
        now = stored(SAVE_KEY)
        reaction = tabs.on_change(self.saver.mine, now)
        if reaction is tabs.Reaction.FOLLOW and now:
            self.saver.mine = now
            self.take_over(Table.from_save(now))
            notice(_("This game went on in another window: here it is as it stands."))
        elif reaction is tabs.Reaction.OFFER:
            self.keep_aside(self.saver.mine)
            self.pause()
            self.asking = True
            page.write({}, [Effect("open", "tab-changed")])

    def keep(self) -> None:
        """This window's game goes on (and is saved: the other one goes aside)."""
        self.asking = False
        page.write({}, [Effect("close", "tab-changed")])
        self.take_over(self.current())

    def play_other(self) -> None:
        self.asking = False
        page.write({}, [Effect("close", "tab-changed")])
        now = stored(SAVE_KEY)
        if tabs.course(now) is None or now is None:
            self.take_over(self.current())
            return
        self.saver.mine = now
        self.take_over(Table.from_save(now))

    # -- games put aside -------------------------------------------------------

    def aside(self) -> list[str]:
        return tabs.aside_list(stored(ASIDE_KEY))

    def keep_aside(self, text: str | None) -> None:
        there = tabs.course(text)
        if text and there is not None and there.live:
            store(ASIDE_KEY, json.dumps(tabs.put_aside(text, self.aside())))

    def offer(self) -> bool:
        """Offer the newest game put aside, if there is one."""
        aside = self.aside()
        if not aside:
            return False
        page.write(aside_frame(tabs.describe(aside[0])), [Effect("open", "aside")])
        return True

    def resume(self) -> None:
        """The game put aside is played; the one shown goes aside in its place."""
        page.write({}, [Effect("close", "aside")])
        aside = self.aside()
        if not aside:
            return
        table = Table.from_save(aside[0])
        shown = self.current().to_save()
        self.keep_aside(shown)
        self.saver.mine = shown
        self.take_over(table)

    def download(self) -> None:
        aside = self.aside()
        if aside:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
            page.write({}, [download(f"allfives-aside-{stamp}.json", aside[0])])

    def discard(self) -> None:
        store(ASIDE_KEY, json.dumps(self.aside()[1:]))
        page.write({}, [Effect("close", "aside")])
