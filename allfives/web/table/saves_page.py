"""The game kept in the browser: restored on load, saved after every move,
and downloaded as a record file. A save that cannot be read is kept under
its own key for download and a notice says so; storage that refuses is
reported once. Another window's game in progress is never written over
(``saving.Saver``: it is put aside first)."""

from __future__ import annotations

import time

import js

from ..dom import STORAGE, store, stored
from ..i18n.catalogs import _
from ..paint.notice_page import notice
from ..paint.parts import download
from ..paint.writer_page import page
from ..storage.keys import SAVE_KEY, UNREADABLE_KEY
from .saving import Saver
from .table import SaveError, Table


def restore() -> Table | None:
    """The saved game, or None (nothing saved, or unreadable: then say so)."""
    text = stored(SAVE_KEY)
    if not text:
        return None
    try:
        return Table.from_save(text)
    except SaveError as e:
        store(UNREADABLE_KEY, text)
        js.console.warn(f"allfives: the saved game could not be read: {e}")
        notice(_("Your saved game could not be read. It is kept, so nothing is lost; "
                 "a new game has started."),
               # Translators: a button under the notice that a saved game could not be read
               (_("Download the saved game"),
                lambda _e: page.write({}, [download("allfives-unreadable-save.json",
                                                    stored(UNREADABLE_KEY) or text)])))
        return None


def saver() -> Saver:
    """The game's saver on the page's storage, and its one warning."""
    return Saver(STORAGE, lambda: notice(
        # Translators: "Download record" is the name of a button on the page: use the same words
        _("This browser would not save the game (its storage may be full or "
          "switched off). Use Download record to keep a copy.")))


def download_record(table: Table) -> None:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
    page.write({}, [download(f"allfives-{stamp}.json", table.to_save())])
