"""The table's set-up, settings and saves (``allfives.web.table.table``), the
new-game dialog's options (``forms``) and the bots' requests (``decide``)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from allfives.bots import DESCRIPTIONS, LEVELS
from allfives.bots.asks import MoveAsk
from allfives.moves import move_text, parse_move
from allfives.record import summary
from allfives.rules import PRESETS
from allfives.web import worker
from allfives.web.bots.decide import decide
from allfives.web.home import new_game as forms
from allfives.web.review.records import opened
from allfives.web.storage.backup import make_backup, read_backup
from allfives.web.storage.keys import SAVE_KEY
from allfives.web.table import kept
from allfives.web.table.settings import Settings, visit_language
from allfives.web.table.setup import Setup
from allfives.web.table.table import SaveError, Table

from ...helpers import DATA


def test_setup_dialog_offers_every_preset_and_every_level():
    setup = Setup()
    html = forms.preset_options(setup)
    for name, preset in PRESETS.items():
        assert f'value="{name}"' in html and preset.description in html.replace("&#x27;", "'")
    bots = forms.bot_options(Setup(players=4, bots=("easy", "expert", "master")))
    assert bots.count("<select") == 3
    assert re.findall(r'<option value="(\w+)"', bots) == [*LEVELS, "person"] * 3
    assert re.findall(r'<option value="(\w+)" selected', bots) == ["easy", "expert", "master"]
    shown = re.findall(r'<span class="bot-desc">([^<]*)</span>', bots)
    assert shown == [DESCRIPTIONS[b].replace("'", "&#x27;") for b in ("easy", "expert", "master")]


def test_bots_kept_from_older_saves_show_as_levels():
    bots = forms.bot_options(Setup(players=3, bots=("greedy", "random", "medium")))
    assert re.findall(r'<option value="(\w+)" selected', bots) == ["medium", "medium"]
    # a level not offered cannot be chosen through the dialog
    values = {"players": "3", "preset": "standard", "bot0": "random", "bot1": "expert"}
    assert forms.read_setup(values, Setup()).bots[:2] == ("medium", "expert")


def test_setup_read_from_the_dialog():
    values = {"name": "  Zed  ", "players": "4", "partnership": True, "preset": "punt",
              "hand_size": "7", "target": "300", "bot0": "easy", "bot1": "hard",
              "bot2": "expert"}
    setup = forms.read_setup(values, Setup())
    assert (setup.name, setup.players, setup.partnership, setup.preset) == ("Zed", 4, True, "punt")
    rules = setup.rules()
    assert (rules.hand_size, rules.target, rules.partnership) == (7, 300, True)
    assert setup.bots == ("easy", "hard", "expert")
    assert forms.check(setup) is None
    assert forms.check(forms.read_setup({**values, "target": "-5"}, Setup())) is not None
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    assert Setup.from_json({"players": 9, "preset": "nope", "bots": ["zzz"]}) == \
        Setup(bots=Setup().bots)


def test_the_partners_box_is_unticked_and_disabled_without_four_players():
    # guards: with 2 players the box showed ticked (Setup's default) but greyed
    assert forms.partners_box(Setup(players=2, partnership=True)) == (False, False)
    assert forms.partners_box(Setup(players=3, partnership=False)) == (False, False)
    assert forms.partners_box(Setup(players=4, partnership=True)) == (True, True)
    assert forms.partners_box(Setup(players=4, partnership=False)) == (False, True)
    # the choice read back while the box is disabled (the dialog keeps it) stays
    values = {"players": "2", "preset": "standard", "partnership": False}
    two = forms.read_setup(values, Setup(players=4))
    assert not two.partnership and not two.rules().partnership
    assert forms.partners_box(replace(two, players=4)) == (False, True)


def test_settings_survive_bad_storage():
    assert Settings.from_json({"bot_pause": -1, "speed": "warp"}) == Settings()
    assert Settings.from_json("junk") == Settings()
    assert Settings(speed="off").slide_ms == 0


def test_take_backs_tallies_and_mute_are_settings_off_by_default():
    assert (Settings().undo, Settings().tally, Settings().mute) == (False, False, False)
    on = Settings.from_json({"undo": True, "tally": 1, "mute": True, "speed": "off"})
    assert (on.undo, on.tally, on.mute, on.speed) == (True, True, True, "off")
    assert Settings.from_json(on.to_json()) == on


def test_a_save_keeps_its_take_backs():
    table = Table.new(Setup(), seed=9)
    assert "takebacks" not in json.loads(table.to_save())  # none: the plain record
    table.takebacks = 2
    assert json.loads(table.to_save())["takebacks"] == 2
    assert Table.from_save(table.to_save()).takebacks == 2
    for junk in ("2", -1, True, None):
        record = {**json.loads(table.to_save()), "takebacks": junk}
        assert Table.from_save(json.dumps(record)).takebacks == 0


def test_save_round_trip_and_corrupt_saves():
    table = Table.new(Setup(name="Zed", players=3, bots=("master", "hard")), seed=9)
    table.game.apply(table.game.legal_moves()[0])
    again = Table.from_save(table.to_save())
    assert again.names == ("Zed", "Anna", "Ben") and again.bots == (None, "master", "hard")
    assert again.game.round.history == table.game.round.history
    assert json.loads(table.to_save())["format"] == "allfives-record/1"
    for bad in ("{", "[]", '{"format": "allfives-record/1", "rules": {}, "rounds": []}',
                json.dumps({**json.loads(table.to_save()), "rounds": [7]})):
        with pytest.raises(SaveError):
            Table.from_save(bad)


def test_a_muggins_save_from_before_the_change_resumes_as_it_was_played():
    # The page's save of a four-player muggins game, written by the engine of
    # commit 8d60679 when muggins subtracted the hands; restored from a backup
    # and opened in Review it reads the same.
    text = (DATA / "muggins-4p-save-1.json").read_text()
    for data in (text, read_backup(make_backup({SAVE_KEY: text}), kept.CHECKS)[SAVE_KEY]):
        table = Table.from_save(data)
        rounds = summary(table.game)["rounds"]
        assert [r["round_end_points"] for r in rounds] == [[-25, -5], [-30, -10], [0, 0]]
        assert [r["end"] for r in rounds] == ["domino", "domino", "unfinished"]
        assert table.game.scores == [-5, 40] and table.rules.round_end == "subtract"
        assert table.names == ("Ann", "Bea", "Cai", "Dev")
        # saved again unchanged, so its identity in the statistics is the one it had
        assert table.to_save() == text
    assert opened(text).game.scores == [-5, 40]
    assert Table.new(Setup(players=4, preset="muggins"), seed=1).rules.round_end == "winner_takes"


def test_bot_requests_cross_to_the_worker_and_back():
    table = Table.new(Setup(), seed=4)
    request = table.bot_request(table.game.round.turn)
    sent = json.dumps(request.to_json())
    assert MoveAsk.from_json(json.loads(sent)) == request
    move = worker.choose(sent)
    assert parse_move(move) in table.game.legal_moves()
    assert worker.choose(sent) == move == move_text(decide(request))  # the seed: repeatable
    with pytest.raises(ValueError, match="person"):  # a person's seat has no bot of its own
        table.bot_request(0)


def test_form_fields_read_as_numbers_and_pauses_as_seconds():
    assert forms.int_or(" 42 ") == 42 and forms.int_or("x", 7) == 7 and forms.int_or("") == 0
    assert forms.seconds(700) == "0.7 s" and forms.seconds(0) == "0.0 s"
    assert forms.seconds(2000) == "2.0 s"


def test_a_language_asked_for_is_shown_and_remembered():
    kept = Settings(language="nl")
    assert visit_language("de", kept, ["sk"]) == ("de", Settings(language="de"))
    assert visit_language("en-GB", kept, []) == ("en", Settings(language="en"))
    assert visit_language(None, kept, ["sk"]) == ("nl", kept)        # the kept choice
    assert visit_language("xx", Settings(), ["sk-SK"]) == ("sk", Settings())  # the browser's
    assert visit_language("", Settings(), []) == ("en", Settings())
