"""The statistics panel in the page, and each finished game counted once
(the statistics themselves are ``stats``; the panel ``dialog_frames.stats_frame``)."""

from __future__ import annotations

import json

from ..dom import store, stored_json
from ..paint.events import Listen
from ..paint.listening_page import listen
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..storage.keys import STATS_KEY
from ..table.clock_page import today
from ..table.table import Table
from .dialog_frames import stats_frame
from .stats import record_game, reset
from .stats_kept import kept_stats


class StatsPage:
    def __init__(self) -> None:
        self.stats = kept_stats(stored_json(STATS_KEY))
        self.showing = False  # the panel is open

    def bind(self) -> None:
        listen(Listen("click", "#stats-button"), lambda _e: self.show())
        listen(Listen("click", "#stats-reset"), lambda _e: self.confirming(True))
        listen(Listen("click", "#stats-reset-no"), lambda _e: self.confirming(False))
        listen(Listen("click", "#stats-reset-yes"), lambda _e: self.reset())
        listen(Listen("close", "#stats"), lambda _e: setattr(self, "showing", False))

    def reload(self) -> None:
        """Read the statistics again from storage (a backup was restored)."""
        self.stats = kept_stats(stored_json(STATS_KEY))

    def ended(self, table: Table) -> None:
        """A round or the game is over: a finished game is counted (once)."""
        if not table.game.over:
            return
        counted = record_game(self.stats, table, today())
        if counted is not self.stats:
            self.stats = counted
            self.keep()

    def show(self) -> None:
        # Reset keeps focus in an open panel (after a reset); opened, Close has it (autofocus)
        self.showing = True
        page.write(stats_frame(self.stats),
                   [Effect("focus", "#stats-reset"), Effect("open", "stats")])

    def confirming(self, asking: bool) -> None:
        """Reset asks first: its question and answers show in place of it."""
        page.write(stats_frame(self.stats, asking),
                   [Effect("focus", "#stats-reset-no" if asking else "#stats-reset")])

    def reset(self) -> None:
        self.stats = reset(self.stats)
        self.keep()
        self.show()

    def keep(self) -> None:
        store(STATS_KEY, json.dumps(self.stats.to_json(), separators=(",", ":")))
