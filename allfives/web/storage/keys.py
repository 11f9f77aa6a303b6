"""Every key the page keeps in the browser's storage (``localStorage``),
each with what it holds; docs/DOM_HOOKS.md lists them for tests."""

SAVE_KEY = "allfives.save"  # the game in progress: its record with the seats (Table.to_save)
SETUP_KEY = "allfives.setup"  # the new-game dialog's last choices (Setup)
SETTINGS_KEY = "allfives.settings"  # the table's settings and the language (Settings)
STATS_KEY = "allfives.stats"  # the statistics (stats.Stats)
DAILY_KEY = "allfives.daily"  # the daily deal's best margin per day
PUZZLES_KEY = "allfives.puzzles"  # the puzzle rating, tries, schedule, own puzzles (Progress)
# A game kept at a real table (its record with unknown hands): while it is
# here the page is at that table (``body[data-mode=table]``).
TABLE_GAME_KEY = "allfives.table-game"
# Games in progress another window would have overwritten (table.tabs): a JSON
# list of saves, newest first, offered back on loading.
ASIDE_KEY = "allfives.aside"
# A game at a real table left for a game on this device, offered back in New game.
TABLE_KEPT_KEY = "allfives.table-kept"
# Keeping the page's storage (home.keeping): asked, the answer, reminders.
KEEPING_KEY = "allfives.keeping"
# A save that could not be read, kept aside for download; never backed up.
UNREADABLE_KEY = "allfives.unreadable-save"
UNREADABLE_TABLE_KEY = "allfives.unreadable-table-game"  # a table game that could not be read
# What a backup holds, in its order.
KEYS = (SAVE_KEY, SETUP_KEY, SETTINGS_KEY, STATS_KEY, DAILY_KEY, PUZZLES_KEY, TABLE_GAME_KEY,
        ASIDE_KEY, TABLE_KEPT_KEY)
