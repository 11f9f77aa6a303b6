"""A game kept at a real table is saved and read back like every other
save: refused, before its replay, past the size a save may have."""

import json

import pytest

from allfives.errors import RecordError
from allfives.observed import ObservedGame, to_record
from allfives.rules import Rules
from allfives.web.realtable import kept
from allfives.web.table.save_limits import MAX_MOVES, MAX_ROUNDS


def test_a_save_longer_than_a_save_may_be_is_refused_before_its_replay(monkeypatch):
    data = to_record(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]))
    monkeypatch.setattr(kept, "replay", lambda _data: pytest.fail("replayed"))
    data["rounds"] = [{"hands": [None, None], "starter": 0, "moves": []}] * (MAX_ROUNDS + 1)
    with pytest.raises(RecordError, match="^201 rounds, more than 200$"):
        kept.from_save(json.dumps(data))
    data["rounds"] = [{"hands": [None, None], "starter": 0, "moves": ["pass"] * (MAX_MOVES + 1)}]
    with pytest.raises(RecordError, match="^round 1: 251 moves, more than a round can have$"):
        kept.from_save(json.dumps(data))


def test_a_save_within_the_limits_reads_back():
    game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    game.start_round(1)
    keeper = kept.from_save(kept.to_save(kept.Keeper(game, 1)))
    assert keeper.game.entries == game.entries and keeper.first == 1
