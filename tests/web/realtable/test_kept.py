"""A game at a real table read back from storage: as long as any save may be
(``table.save_limits``), refused with its reason before the replay, as a
game on this device is."""

from __future__ import annotations

import json

import pytest

from allfives.errors import AllFivesError
from allfives.web.realtable import kept
from allfives.web.table.save_limits import MAX_MOVES, MAX_ROUNDS
from allfives.web.table.setup import Setup


def a_save() -> dict:
    setup = Setup(players=2, mode="table", known=0, names=("Ben",))
    return json.loads(kept.to_save(kept.new(setup)))


def test_a_save_read_back_is_the_game_kept():
    keeper = kept.from_save(json.dumps(a_save()))
    assert keeper.names == ("Player 1", "Ben") and keeper.game.known_seat == 0


@pytest.mark.parametrize(("grow", "reason"), [
    (lambda d: d | {"rounds": [{"moves": []}] * (MAX_ROUNDS + 1)}, "201 rounds, more than 200"),
    (lambda d: d | {"rounds": [{"moves": ["5-5"] * (MAX_MOVES + 1)}]},
     "round 1: 251 moves, more than a round can have"),
])
def test_a_save_longer_than_any_save_may_be_is_refused_with_its_reason(grow, reason):
    with pytest.raises(AllFivesError) as refused:
        kept.from_save(json.dumps(grow(a_save())))
    assert str(refused.value) == reason
