"""The backup in the page: download everything the page keeps as one file,
and restore such a file whole or not at all (``backup`` reads and checks it,
``restoring`` has the page's thread keep it)."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..dom import STORAGE, spawn, stored
from ..paint.events import Listen, PageEvent
from ..paint.listening_page import ask, listen
from ..paint.parts import download
from ..paint.writer_page import page
from ..storage import restoring
from ..storage.backup import (
    BackupError,
    Checks,
    backup_name,
    make_backup,
    not_restored,
    read_backup,
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
        listen(Listen("click", "#backup-download"), lambda _e: self.download())
        listen(Listen("change", "#backup-restore", file_limit=MAX_BACKUP_BYTES), self.on_restore)

    def download(self) -> None:
        try:
            text = make_backup({key: stored(key) for key in KEYS})
        except BackupError as e:
            page.write(backup_status(str(e)))
            return
        page.write({}, [download(backup_name(time.strftime("%Y%m%d-%H%M%S", time.localtime())),
                                 text)])

    def on_restore(self, evt: PageEvent) -> None:
        """Restore a backup file whole, or change nothing and say why."""
        file = evt.file
        if file is None:
            return
        name = file.name
        if file.text is None:
            page.write(backup_status(too_big(name, file.size)))
            return
        try:
            values = read_backup(file.text, self.checks)
        except BackupError as e:
            page.write(backup_status(not_restored(name, str(e))))
            return
        self.ask(lambda: self.restore(name, values))

    def restore(self, name: str, values: dict[str, str]) -> None:
        spawn(self.kept(name, values))

    async def kept(self, name: str, values: dict[str, str]) -> None:
        """The backup kept by the page's thread, all or nothing, then said so."""
        page.write(backup_status(await restoring.restore(name, values, ask, STORAGE,
                                                         self.reopen)))
