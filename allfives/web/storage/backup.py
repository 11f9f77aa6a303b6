"""One file holding everything the page keeps in the browser (the game in
progress, the statistics, the settings, the last set-up, the daily deal's
best results and the puzzles' progress), to download and to restore on
another browser. Pure Python, no browser.

A backup is JSON: ``{"format": "allfives-backup", "version": 1, "values":
{storage key: stored text}}``, a key left out when nothing was stored under
it. Reading one checks every value the way the page reads it, and either
returns all of them or raises ``BackupError``: the page then replaces its
keys (removing those the backup does not hold), so a bad file changes
nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ...errors import AllFivesError
from ..i18n.catalogs import _, ngettext, number
from .bounded_json import MAX_CHARS, UnreadableError, loads
from .keys import KEYS

# What a room's value, read back from a backup, is checked by: the value as
# the page keeps it, or BackupError. The page (app.py) gathers one per key
# from the rooms that keep them.
Checks = Mapping[str, Callable[[str], str]]
FORMAT = "allfives-backup"
VERSION = 1


class BackupError(AllFivesError):
    """A backup file that cannot be restored; one line for people, in the
    page's language (storage keys, and an English detail from the engine's
    record checks, as they are)."""


def _not_kept(key: object) -> BackupError:
    # Translators: a backup file holds a value under {key} (a storage name, as
    # 'allfives.theme'), which this page does not keep.
    return BackupError(_("{key} is not kept by this page").format(key=repr(key)))


def make_backup(values: Mapping[str, str | None]) -> str:
    """The backup file's text for the stored ``values`` (None: nothing stored).
    BackupError for a key that is not one of ``KEYS``, or a file too big to
    read back."""
    unknown = sorted(set(values) - set(KEYS))
    if unknown:
        raise _not_kept(unknown[0])
    kept = {k: values[k] for k in KEYS if values.get(k) is not None}
    text = json.dumps({"format": FORMAT, "version": VERSION, "values": kept},
                      separators=(",", ":"))
    if len(text) > MAX_CHARS:
        # Translators: a backup too big to read back; {n} and {limit} are numbers of characters.
        raise BackupError(ngettext("the backup would be {n} character, more than {limit}",
                                   "the backup would be {n} characters, more than {limit}",
                                   len(text)).format(n=number(len(text)), limit=number(MAX_CHARS)))
    return text


def read_backup(text: str, checks: Checks) -> dict[str, str]:
    """The storage keys and texts a backup holds, each checked by its room's
    check in ``checks`` as the page reads it (and written back in the page's
    own form); BackupError with a one-line reason for anything else, and
    for a key nothing checks."""
    try:
        data = loads(text)
    except UnreadableError as e:
        # Translators: a file chosen to restore that is no backup; {reason} says why.
        raise BackupError(_("not a backup file ({reason})").format(reason=e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        # Translators: All Fives is the game's name.
        raise BackupError(_("not an All Fives backup file"))
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        # Translators: {version} is the backup file's version, {supported} the one this page reads.
        raise BackupError(_("a backup of version {version}; this page reads version {supported}")
                          .format(version=repr(version), supported=VERSION))
    values = data.get("values")
    if not isinstance(values, dict):
        # Translators: a backup file with nothing in it to restore.
        raise BackupError(_("the backup holds no values"))
    out = {}
    for key, value in values.items():
        if key not in KEYS or key not in checks:
            raise _not_kept(str(key)[:40])
        if not isinstance(value, str):
            # Translators: {key} is a storage name, as 'allfives.save'.
            raise BackupError(_("{key}: the value is not text").format(key=key))
        out[key] = checks[key](value)
    return out


def json_object(key: str, text: str) -> dict[str, Any]:
    """The JSON object kept under ``key``, as read back from a backup;
    BackupError if it is none."""
    try:
        data = loads(text)
    except UnreadableError as e:
        raise BackupError(f"{key}: {e}") from None
    if not isinstance(data, dict):
        # Translators: {key} is a storage name, as 'allfives.setup'; what it holds is of the
        # wrong kind (JSON is the format the page keeps things in).
        raise BackupError(_("{key}: expected a JSON object").format(key=key))
    return data


# -- the words the settings dialog says about backups ------------------------------


def backup_name(stamp: str) -> str:
    """The downloaded file's name; ``stamp`` is the date and time, YYYYMMDD-HHMMSS."""
    return f"allfives-backup-{stamp}.json"


def restored(name: str) -> str:
    # Translators: {name} is the backup file's name.
    return _("Restored from {name}: your game, statistics, settings, set-up, daily "
             "bests and puzzle progress.").format(name=name)


def not_restored(name: str, why: str) -> str:
    # Translators: {name} is a file's name; {reason} says what is wrong with it (as "not an All
    # Fives backup file").
    return _("{name} was not restored, nothing has changed: {reason}.").format(name=name,
                                                                              reason=why)


def too_big(name: str, size: int) -> str:
    """A file too big to be a backup, refused unread."""
    # Translators: {name} is a file's name, {n} its size in bytes.
    return ngettext("{name} was not restored, nothing has changed: {n} byte is too big.",
                    "{name} was not restored, nothing has changed: {n} bytes is too big.",
                    size).format(name=name, n=number(size))


def not_kept() -> str:
    # Translators: restoring a backup failed because the browser refused to store it.
    return _("This browser would not keep the backup's values (its storage may be full or "
             "switched off); nothing has changed.")
