"""A player's home in the page: the statistics panel, taking a move back,
how to play, the sounds and their mute button, and the backup of everything
the page keeps. Thin wiring bound from ``app``: the statistics, take-backs,
rules, sounds and backups themselves are decided in ``stats``,
``takeback``, ``rules_help``, ``cues`` and ``backup``."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any, Protocol

from pyscript import window

from . import dialogs, saves
from .backup import (
    KEYS,
    SETTINGS_KEY,
    SETUP_KEY,
    BackupError,
    backup_name,
    make_backup,
    not_kept,
    not_restored,
    read_backup,
    restored,
    too_big,
)
from .controller import Controller, Phase, Played
from .cues import cue
from .dom import download, el, on, show_dialog, store, stored, stored_json, toggle
from .rules_help import rules_help
from .sharing import today
from .sound import Player
from .stats import STATS_KEY, Stats, record_game, reset
from .stats_panel import stats_panel
from .table import Settings, Setup, Table
from .takeback import take_back

MAX_BACKUP_BYTES = 2_000_000  # a backup is at most stored.MAX_CHARS characters


class Host(Protocol):
    """What the home needs of the page (``app.App``)."""

    ctl: Controller
    setup: Setup

    def take_over(self, table: Table) -> None: ...

    def change_settings(self, settings: Settings) -> None: ...


class Home:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.stats = Stats.from_json(stored_json(STATS_KEY))
        self.player = Player()

    def bind(self) -> None:
        self.player.bind()
        on(el("stats-button"), "click", lambda _e: self.show_stats())
        on(el("stats-reset"), "click", lambda _e: self.confirming(True))
        on(el("stats-reset-no"), "click", lambda _e: self.confirming(False))
        on(el("stats-reset-yes"), "click", lambda _e: self.reset_stats())
        on(el("rules-button"), "click",
           lambda _e: self.show_rules(self.host.ctl.table.rules.preset))
        on(el("ng-rules"), "click",
           lambda _e: self.show_rules(dialogs.read_new_game(self.host.setup).preset))
        on(el("undo"), "click", lambda _e: self.take_back())
        on(el("mute"), "click", lambda _e: self.host.change_settings(
            replace(self.host.ctl.settings, mute=not self.host.ctl.settings.mute)))
        on(el("backup-download"), "click", lambda _e: self.download())
        on(el("backup-restore"), "change", self.on_restore)

    # -- statistics ----------------------------------------------------------------

    def ended(self, table: Table) -> None:
        """A round or the game is over: a finished game is counted (once)."""
        if not table.game.over:
            return
        counted = record_game(self.stats, table, today())
        if counted is not self.stats:
            self.stats = counted
            store(STATS_KEY, json.dumps(counted.to_json(), separators=(",", ":")))

    def show_stats(self) -> None:
        el("stats-body").innerHTML = stats_panel(self.stats)
        self.confirming(False)
        show_dialog("stats")

    def confirming(self, asking: bool) -> None:
        """Reset asks first: its question and answers show in place of it."""
        toggle(el("stats-confirm"), "hidden", not asking)
        toggle(el("stats-reset"), "hidden", asking)
        el("stats-reset-no" if asking else "stats-reset").focus()

    def reset_stats(self) -> None:
        self.stats = reset(self.stats)
        store(STATS_KEY, json.dumps(self.stats.to_json(), separators=(",", ":")))
        self.show_stats()

    # -- take-backs, rules and sounds ----------------------------------------------------

    def take_back(self) -> None:
        """The person's last turn and the bots' replies since, taken back."""
        ctl = self.host.ctl
        back = take_back(json.loads(ctl.table.to_save())) if ctl.settings.undo else None
        if back is not None:
            self.host.take_over(Table.from_save(json.dumps(back)))

    def show_rules(self, preset: str) -> None:
        el("rules-help-body").innerHTML = rules_help(preset)
        show_dialog("rules-help")
        el("rules-help").scrollTop = 0

    def sounded(self, played: Played, phase: Phase) -> None:
        self.player.play(cue(played, phase), self.host.ctl.settings.mute)

    # -- the backup ----------------------------------------------------------------------

    def download(self) -> None:
        try:
            text = make_backup({key: stored(key) for key in KEYS})
        except BackupError as e:
            el("backup-status").textContent = str(e)
            return
        download(text, backup_name(time.strftime("%Y%m%d-%H%M%S", time.localtime())))

    async def on_restore(self, evt: Any) -> None:
        """Restore a backup file whole, or change nothing and say why."""
        files = evt.target.files
        if not files.length:
            return
        file = files.item(0)
        evt.target.value = ""  # the same file may be chosen again
        name, say = str(file.name), el("backup-status")
        if int(file.size) > MAX_BACKUP_BYTES:
            say.textContent = too_big(name, int(file.size))
            return
        try:
            values = read_backup(str(await file.text()))
        except BackupError as e:
            say.textContent = not_restored(name, str(e))
            return
        before = {key: stored(key) for key in KEYS}
        if not all(put(key, values.get(key)) for key in KEYS):
            for key in KEYS:
                put(key, before[key])
            say.textContent = not_kept()
            return
        self.reopen()
        say.textContent = restored(name)

    def reopen(self) -> None:
        """Play on from what is kept now (a backup was restored)."""
        host = self.host
        self.stats = Stats.from_json(stored_json(STATS_KEY))
        host.setup = Setup.from_json(stored_json(SETUP_KEY))
        host.ctl.settings = Settings.from_json(stored_json(SETTINGS_KEY))
        dialogs.fill_settings(host.ctl.settings)
        host.take_over(saves.restore() or Table.fresh(host.setup))


def put(key: str, value: str | None) -> bool:
    """Keep ``value`` under ``key``, or nothing when it is None."""
    if value is not None:
        return store(key, value)
    try:
        window.localStorage.removeItem(key)
    except Exception:  # noqa: BLE001 - storage may be switched off
        return False
    return True
