"""A game at a real table read back from storage: as long as any save may be
(``table.save_limits``), refused with its reason before the replay, as a
game on this device is."""

from __future__ import annotations

import json

import pytest

from allfives.errors import AllFivesError
from allfives.observed import ObservedGame, to_record
from allfives.rules import Rules
from allfives.web.realtable import kept
from allfives.web.table.save_limits import MAX_MOVES, MAX_ROUNDS
from allfives.web.table.setup import Setup


def a_save() -> dict:
    setup = Setup(players=2, mode="table", known=0, names=("Ben",))
    return json.loads(kept.to_save(kept.new(setup)))


def test_a_save_read_back_is_the_game_kept():
    keeper = kept.from_save(json.dumps(a_save()))
    assert keeper.names == ("Player 1", "Ben") and keeper.game.known_seat == 0


def test_a_save_within_the_limits_reads_back():
    game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    game.start_round(1)
    keeper = kept.from_save(kept.to_save(kept.Keeper(game, 1)))
    assert keeper.game.entries == game.entries and keeper.first == 1


@pytest.mark.parametrize(("grow", "reason"), [
    (lambda d: d | {"rounds": [{"moves": []}] * (MAX_ROUNDS + 1)}, "201 rounds, more than 200"),
    (lambda d: d | {"rounds": [{"moves": ["5-5"] * (MAX_MOVES + 1)}]},
     "round 1: 251 moves, more than a round can have"),
])
def test_a_save_longer_than_any_save_may_be_is_refused_with_its_reason(grow, reason):
    with pytest.raises(AllFivesError) as refused:
        kept.from_save(json.dumps(grow(a_save())))
    assert str(refused.value) == reason


def test_a_long_save_is_refused_before_its_replay(monkeypatch):
    data = to_record(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]))
    monkeypatch.setattr(kept, "replay", lambda _data: pytest.fail("replayed"))
    data["rounds"] = [{"hands": [None, None], "starter": 0, "moves": []}] * (MAX_ROUNDS + 1)
    with pytest.raises(AllFivesError, match="^201 rounds, more than 200$"):
        kept.from_save(json.dumps(data))
