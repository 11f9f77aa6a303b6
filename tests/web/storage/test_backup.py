"""The backup file (``allfives.web.storage.backup``): everything the page keeps, in
one JSON file; read back whole, every value checked as the page reads it,
or refused with one line."""

from __future__ import annotations

import json

import pytest

from allfives.game import Game
from allfives.rules import Rules
from allfives.tiles import parse_tile
from allfives.web.home.stats import Stats, record_game
from allfives.web.home.stats_kept import check_stats
from allfives.web.i18n.page_text import messages
from allfives.web.puzzles.progress import Progress, check_progress
from allfives.web.realtable import kept as table_kept
from allfives.web.realtable.keeper import Keeper
from allfives.web.storage.backup import (
    BackupError,
    make_backup,
    not_kept,
    not_restored,
    read_backup,
    restored,
    too_big,
)
from allfives.web.storage.bounded_json import MAX_CHARS
from allfives.web.storage.keys import (
    ASIDE_KEY,
    DAILY_KEY,
    KEYS,
    PUZZLES_KEY,
    SAVE_KEY,
    SETTINGS_KEY,
    SETUP_KEY,
    STATS_KEY,
    TABLE_GAME_KEY,
    TABLE_KEPT_KEY,
)
from allfives.web.table import kept
from allfives.web.table.deals import best_days
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.tabs import check_aside

from ...helpers import ROOT
from ..pseudo_i18n import pseudo, untranslated
from ..tables import scripted_table, table_of

# as app.py gathers them, from the rooms that keep each value
CHECKS = {**kept.CHECKS, STATS_KEY: check_stats, PUZZLES_KEY: check_progress,
          TABLE_GAME_KEY: table_kept.check_table_game,
          TABLE_KEPT_KEY: table_kept.check_table_game, ASIDE_KEY: check_aside}


def stored_values() -> dict[str, str]:
    """What a page that has played keeps, in the form it writes."""
    table = scripted_table()
    game = Game(Rules.make("standard", target=10), 5)
    while not game.over:
        game.next_round() if game.round.over else game.apply(game.legal_moves()[0])
    stats = record_game(Stats(), table_of(game), "2025-06-01")
    assert stats.total.played == 1
    return {
        SAVE_KEY: table.to_save(),
        SETUP_KEY: json.dumps(Setup(name="Ada", players=4, preset="five_up").to_json()),
        SETTINGS_KEY: json.dumps(Settings(bot_pause=0, speed="off").to_json()),
        STATS_KEY: json.dumps(stats.to_json(), separators=(",", ":")),
        DAILY_KEY: json.dumps(best_days(None, "2025-06-01", -12)),
        PUZZLES_KEY: json.dumps(Progress(tried=3, solved=2, seen=("a", "b")).to_json(),
                                separators=(",", ":")),
        TABLE_GAME_KEY: table_kept.to_save(table_at_a_real_table()),
        TABLE_KEPT_KEY: table_kept.to_save(table_at_a_real_table()),
        ASIDE_KEY: json.dumps([table.to_save()]),
    }


def table_at_a_real_table() -> Keeper:
    """A game at a real table, its first tile laid."""
    keeper = table_kept.new(Setup(players=3, mode="table", first=1))
    keeper.tap_tile(parse_tile("6-6"))
    return keeper


def backup_of(values: object, **extra: object) -> str:
    return json.dumps({"format": "allfives-backup", "version": 1, "values": values, **extra})


def test_a_backup_reads_back_as_it_was_made():
    values = stored_values()
    text = make_backup(values)
    assert json.loads(text)["format"] == "allfives-backup" and json.loads(text)["version"] == 1
    assert read_backup(text, CHECKS) == values
    assert set(KEYS) == {"allfives.save", "allfives.setup", "allfives.settings",
                         "allfives.stats", "allfives.daily", "allfives.puzzles",
                         "allfives.table-game", "allfives.aside", "allfives.table-kept"}


def test_keys_with_nothing_stored_are_left_out():
    values = stored_values()
    text = make_backup({SAVE_KEY: values[SAVE_KEY], SETUP_KEY: None, STATS_KEY: None})
    assert list(json.loads(text)["values"]) == [SAVE_KEY]
    assert read_backup(text, CHECKS) == {SAVE_KEY: values[SAVE_KEY]}
    assert read_backup(make_backup({}), CHECKS) == {}


def test_a_value_nothing_checks_is_not_restored():
    values = stored_values()
    with pytest.raises(BackupError, match="'allfives.stats' is not kept"):
        read_backup(make_backup(values), kept.CHECKS)


def test_a_backup_is_made_of_our_keys_only():
    with pytest.raises(BackupError, match="'allfives.unreadable-save' is not kept"):
        make_backup({"allfives.unreadable-save": "{}"})
    with pytest.raises(BackupError, match="more than 1,000,000"):
        make_backup({SAVE_KEY: "x" * MAX_CHARS})


def test_setup_and_settings_come_back_in_the_pages_form():
    text = backup_of({SETUP_KEY: '{"players": 9, "preset": "muggins"}',
                      SETTINGS_KEY: '{"bot_pause": 0}'})
    out = read_backup(text, CHECKS)
    assert json.loads(out[SETUP_KEY]) == Setup(preset="muggins").to_json()
    assert json.loads(out[SETTINGS_KEY]) == Settings(bot_pause=0).to_json()


def bad_save() -> str:
    record = json.loads(scripted_table().to_save())
    record["rounds"][0]["moves"][1] = "6-6>5-5"
    return json.dumps(record)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "not a backup file (not JSON (Expecting value at line 1 column 1))"),
    ("{", "not a backup file (not JSON"),
    ("[" * 50_000, "not a backup file (nested 50,000 levels deep"),
    ("x" * (MAX_CHARS + 1), "not a backup file (1,000,001 characters long"),
    ("[]", "not an All Fives backup file"),
    (json.dumps({"format": "allfives-record/1"}), "not an All Fives backup file"),
    (backup_of({}, version=2), "a backup of version 2; this page reads version 1"),
    (backup_of({}, version=True), "a backup of version True"),
    (backup_of([]), "the backup holds no values"),
    (backup_of({"allfives.unreadable-save": "{}"}), "'allfives.unreadable-save' is not kept"),
    (backup_of({"theme": "dark"}), "'theme' is not kept by this page"),
    (backup_of({SAVE_KEY: None}), "allfives.save: the value is not text"),
    (backup_of({SETUP_KEY: {"players": 2}}), "allfives.setup: the value is not text"),
    (backup_of({SAVE_KEY: "{}"}), "allfives.save: the saved game cannot be read (record: "
                                  "format must be"),
    (backup_of({SAVE_KEY: bad_save()}), "allfives.save: the saved game cannot be read "
                                        "(round 1, move 2: illegal 6-6>5-5"),
    (backup_of({SETUP_KEY: "[1, 2]"}), "allfives.setup: expected a JSON object"),
    (backup_of({SETTINGS_KEY: "{bot_pause: 0}"}), "allfives.settings: not JSON"),
    (backup_of({STATS_KEY: '{"format": "allfives-stats/1"}'}),
     "allfives.stats: statistics: levels must be keyed by"),
    (backup_of({DAILY_KEY: '{"yesterday": 3}'}), "allfives.daily: expected at most 400 days"),
    (backup_of({PUZZLES_KEY: "[]"}), "allfives.puzzles: expected a JSON object"),
    (backup_of({DAILY_KEY: '{"2025-06-01": true}'}), "allfives.daily: expected"),
    (backup_of({DAILY_KEY: '{"2025-06-01": 1.5}'}), "allfives.daily: expected"),
    (backup_of({DAILY_KEY: '[]'}), "allfives.daily: expected a JSON object"),
])
def test_a_bad_file_is_refused_with_one_line(text, reason):
    with pytest.raises(BackupError) as caught:
        read_backup(text, CHECKS)
    message = str(caught.value)
    assert message.startswith(reason) and "\n" not in message


def test_one_bad_value_refuses_the_whole_file():
    values = stored_values()
    values[STATS_KEY] = values[STATS_KEY].replace('"streak":0', '"streak":-1')
    with pytest.raises(BackupError, match="allfives.stats: statistics: streak must be"):
        read_backup(backup_of(values), CHECKS)


# What the page calls each kept value where it says what a backup holds.
NAMED = {SAVE_KEY: "game", SETUP_KEY: "set-up", SETTINGS_KEY: "settings",
         STATS_KEY: "statistics", DAILY_KEY: "daily bests", PUZZLES_KEY: "puzzle progress",
         TABLE_GAME_KEY: "game", TABLE_KEPT_KEY: "game",  # a game at a real table is "the game" too
         ASIDE_KEY: "game"}  # and so are the games put aside by another window


def test_the_settings_dialog_names_everything_a_backup_holds():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    your_data = next(m.text for m in messages(page)
                     if m.text.startswith("Everything this page keeps"))
    for key in KEYS:
        assert NAMED[key] in your_data, key
        assert NAMED[key] in restored("b.json"), key


def test_what_the_settings_dialog_says_about_backups():
    assert restored("b.json") == ("Restored from b.json: your game, statistics, settings, "
                                  "set-up, daily bests and puzzle progress.")
    assert not_restored("b.json", "not an All Fives backup file") == \
        "b.json was not restored, nothing has changed: not an All Fives backup file."
    assert too_big("b.json", 2_000_001) == \
        "b.json was not restored, nothing has changed: 2,000,001 bytes is too big."
    assert not_kept().endswith("nothing has changed.")


@pytest.mark.parametrize("text", ["", "[" * 50_000, "[]", backup_of({}, version=2),
                                  backup_of([]), backup_of({"theme": "dark"}),
                                  backup_of({SAVE_KEY: None}), backup_of({SETUP_KEY: "[1, 2]"}),
                                  backup_of({DAILY_KEY: '{"yesterday": 3}'}),
                                  backup_of({STATS_KEY: '{"format": "allfives-stats/1"}'})])
def test_a_bad_file_is_refused_in_the_pages_language(text):
    with pseudo(), pytest.raises(BackupError) as caught:
        read_backup(text, CHECKS)
    message = str(caught.value)
    assert untranslated(message, r"'?allfives\.\w+'?|'theme'|Expecting value|YYYY|MM|DD"
                                 r"|levels|easy|medium|hard|expert|mixed") == [], message
    with pseudo():
        said = not_restored("b.json", message)
    assert untranslated(said, r"b\.json") == []
