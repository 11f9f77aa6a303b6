"""What the table room keeps in the browser, read back from a backup as the
page reads it: the game in progress, the last set-up, the settings, the
daily deal's best results and the games another window put aside
(``storage.backup`` calls these checks; ``app.py`` gathers every room's)."""

from __future__ import annotations

import json
import re

from ..i18n.catalogs import _, ngettext
from ..storage.backup import BackupError, Checks, json_object
from ..storage.keys import ASIDE_KEY, DAILY_KEY, SAVE_KEY, SETTINGS_KEY, SETUP_KEY
from .deals import DAYS_KEPT
from .settings import Settings
from .setup import Setup
from .table import SaveError, Table
from .tabs import check_aside

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_MARGIN = 10**6  # a day's margin: a game to 10000 is the most the page deals


def check_save(text: str) -> str:
    try:
        Table.from_save(text)
    except SaveError as e:
        # Translators: {key} is a storage name ('allfives.save'); {reason} says why the game
        # saved in the backup cannot be read.
        raise BackupError(_("{key}: the saved game cannot be read ({reason})").format(
            key=SAVE_KEY, reason=e)) from None
    return text


def check_setup(text: str) -> str:
    return json.dumps(Setup.from_json(json_object(SETUP_KEY, text)).to_json())


def check_settings(text: str) -> str:
    return json.dumps(Settings.from_json(json_object(SETTINGS_KEY, text)).to_json())


def check_daily(text: str) -> str:
    """The daily bests as ``deals.best_days`` reads them: a date to a whole number."""
    data = json_object(DAILY_KEY, text)
    if len(data) > DAYS_KEPT or not all(
            _DAY.fullmatch(day) and isinstance(best, int) and not isinstance(best, bool)
            and abs(best) <= MAX_MARGIN for day, best in data.items()):
        # Translators: {key} is a storage name ('allfives.daily'): the best result of each day's
        # deal, at most {n} days, each a date written YYYY-MM-DD (keep it) with a whole number.
        raise BackupError(ngettext("{key}: expected at most {n} day (YYYY-MM-DD), each with a "
                                   "whole number",
                                   "{key}: expected at most {n} days (YYYY-MM-DD), each with a "
                                   "whole number", DAYS_KEPT).format(key=DAILY_KEY, n=DAYS_KEPT))
    return json.dumps(dict(sorted(data.items())))


CHECKS: Checks = {SAVE_KEY: check_save, SETUP_KEY: check_setup, SETTINGS_KEY: check_settings,
                  DAILY_KEY: check_daily, ASIDE_KEY: check_aside}
