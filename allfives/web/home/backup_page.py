"""The backup in the page: download everything the page keeps as one file,
and restore such a file whole or not at all (``backup`` reads and checks it)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pyscript import window

from ..dom import download, el, on, store, stored
from ..paint.writer_page import page
from ..storage.backup import (
    BackupError,
    Checks,
    backup_name,
    make_backup,
    not_kept,
    not_restored,
    read_backup,
    restored,
    too_big,
)
from ..storage.keys import KEYS
from .dialog_frames import backup_status

MAX_BACKUP_BYTES = 2_000_000  # a backup is at most stored.MAX_CHARS characters


class BackupPage:
    def __init__(self, checks: Checks, reopen: Callable[[], None],
                 ask: Callable[[Callable[[], None]], None]) -> None:
        self.checks = checks  # each kept value's check, from the room that keeps it
        self.reopen = reopen  # play on from what is kept once a backup is restored
        self.ask = ask  # runs its argument once the person agrees to end a game in progress

    def bind(self) -> None:
        on(el("backup-download"), "click", lambda _e: self.download())
        on(el("backup-restore"), "change", self.on_restore)

    def download(self) -> None:
        try:
            text = make_backup({key: stored(key) for key in KEYS})
        except BackupError as e:
            page.write(backup_status(str(e)))
            return
        download(text, backup_name(time.strftime("%Y%m%d-%H%M%S", time.localtime())))

    async def on_restore(self, evt: Any) -> None:
        """Restore a backup file whole, or change nothing and say why."""
        files = evt.target.files
        if not files.length:
            return
        file = files.item(0)
        evt.target.value = ""  # the same file may be chosen again
        name = str(file.name)
        if int(file.size) > MAX_BACKUP_BYTES:
            page.write(backup_status(too_big(name, int(file.size))))
            return
        try:
            values = read_backup(str(await file.text()), self.checks)
        except BackupError as e:
            page.write(backup_status(not_restored(name, str(e))))
            return
        self.ask(lambda: self.restore(name, values))

    def restore(self, name: str, values: dict[str, str]) -> None:
        before = {key: stored(key) for key in KEYS}
        if not all(put(key, values.get(key)) for key in KEYS):
            for key in KEYS:
                put(key, before[key])
            page.write(backup_status(not_kept()))
            return
        self.reopen()
        page.write(backup_status(restored(name)))


def put(key: str, value: str | None) -> bool:
    """Keep ``value`` under ``key``, or nothing when it is None."""
    if value is not None:
        return store(key, value)
    try:
        window.localStorage.removeItem(key)
    except Exception:  # noqa: BLE001 - storage may be switched off
        return False
    return True
