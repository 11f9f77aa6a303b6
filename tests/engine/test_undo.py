"""Taking moves back (``Round.undo``, ``Layout.unplace``): a round played on
and then undone move by move passes back through every state it was in, so
a search can walk a tree of moves on one round (``bots.exact``)."""

from __future__ import annotations

import random

import pytest

from allfives.game import Round, deal
from allfives.rules import PRESETS, Rules


def state(rnd: Round) -> tuple[object, ...]:
    """Everything that decides a round's future and its record (open-end lists
    as sets: ``undo`` may list them in another order)."""
    layout = rnd.layout
    return (tuple(rnd.hands), rnd.bone_pos, rnd.turn, tuple(rnd.scores), tuple(rnd.history),
            rnd.end, rnd.went_out, rnd.result, rnd.winner, tuple(layout.placements),
            layout.count, tuple(frozenset(e) for e in layout.ends), layout.open_values,
            tuple(layout.free), tuple(layout.joined), tuple(layout.spinner_tiles),
            frozenset(rnd.legal_moves()))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_undo_passes_back_through_every_state(preset: str, players: int) -> None:
    """Whole rounds of random play (draws, passes, every kind of end, a low
    target so that some end on it), undone to the deal."""
    rng = random.Random(f"{preset}{players}")
    for game in range(12):
        rules = Rules.make(preset, players=players, target=rng.choice([40, 250]))
        hands, boneyard, starter = deal(rules, game, 0)
        scores = [rng.randrange(30) for _ in range(rules.sides)]
        rnd = Round(rules, hands, boneyard, starter, scores)
        seen = [state(rnd)]
        while rnd.end is None:
            moves = rnd.legal_moves()
            rnd.play(moves[rng.randrange(len(moves))])
            seen.append(state(rnd))
        while rnd.history:
            rnd.undo()
            seen.pop()
            assert state(rnd) == seen[-1]
