"""Policy-based inference: worlds weighed by the plays the other seats made."""

from __future__ import annotations

import math
import random

import pytest

from allfives.bots.inference import DEALT, gather, sample_slots
from allfives.bots.knowledge import infer
from allfives.rules import Rules
from allfives.tiles import NAMES, tiles_of
from allfives.view import PlayerView

from ..helpers import full_deal, make_round, play
from .test_bots import matches, positions


def tile(name: str) -> int:
    return NAMES.index(name)


def after_a_quiet_reply(moves: tuple[str, ...] = ("1-4", "4-6>1-4")):
    """Seat 0 leads 1-4 (5 points); seat 1 answers 4-6 on the 4 (count 7: no
    points) where 1-6 on the 1 would have made 10. Seen from seat 0."""
    rules = Rules.make("standard", players=2, hand_size=3)
    hands, boneyard = full_deal([["1-4", "0-0", "2-2"], ["4-6", "3-3", "5-5"]])
    rnd = make_round(rules, hands, boneyard)
    play(rnd, *moves)
    view = PlayerView.of(rnd, 0)
    return view, infer(view)


def world(*names: str) -> list[list[int]]:
    return [[], [tile(n) for n in names]]


def test_with_no_weight_on_points_a_world_counts_the_plays_it_offered():
    view, know = after_a_quiet_reply()
    evidence = gather(view, know, beta=0.0)
    assert [(p.seat, p.at, p.known) for p in evidence.plays] == [(1, 1, 1.0)]  # 4-6 itself
    assert evidence.births == ((), (DEALT, DEALT))
    # 1-2 fits the 1 and 4-4 the 4: three plays in all, 4-6 one of them.
    assert evidence.weight(world("1-2", "4-4")) == pytest.approx(1 / 3)
    assert evidence.weight(world("0-3", "2-5")) == pytest.approx(1.0)  # nothing else fitted


def test_a_world_where_the_seat_passed_up_points_weighs_less():
    view, know = after_a_quiet_reply()
    evidence = gather(view, know, beta=0.2)
    # With 1-6 the seat could have scored 10: exp(0.2 * 10) beside 4-6's exp(0).
    assert evidence.weight(world("1-6", "0-3")) == pytest.approx(1 / (1 + math.exp(2)))
    assert evidence.weight(world("0-3", "2-5")) == pytest.approx(1.0)


def test_a_tile_drawn_after_a_play_was_not_held_at_it():
    """Seat 1 answers 4-6, later draws 5-5 (kept) and 0-2 (played at once).
    At the 4-6 only the two dealt slots were in its hand; the drawn one was
    not, whatever tile a world puts there."""
    rules = Rules.make("standard", players=2, hand_size=3)
    hands, boneyard = full_deal([["1-4", "0-0", "0-1"], ["4-6", "3-3", "2-2"]], ["5-5", "0-2"])
    rnd = make_round(rules, hands, boneyard)
    play(rnd, "1-4", "4-6>1-4", "0-1>1-4", "draw", "draw", "0-2>0-1")
    view = PlayerView.of(rnd, 0)
    evidence = gather(view, infer(view), beta=0.0)
    assert evidence.births[1] == (DEALT, DEALT, 3)
    assert [(p.at, p.known) for p in evidence.plays] == [(1, 1.0), (5, 1.0)]
    # 1-2 fits the 1 at the 4-6: it counts in a dealt slot, not in the drawn one.
    assert evidence.weight(world("3-3", "2-2", "1-2")) == pytest.approx(1.0)
    assert evidence.weight(world("1-2", "2-2", "3-3")) == pytest.approx(1 / 2)


def test_weights_need_slots_as_sampled_and_the_real_deal_weighs_more_than_nothing():
    rng = random.Random(4)
    for players in (2, 3, 4):
        rules = Rules.make("standard", players=players)
        for rnd in positions(rules, 4, 30 + players):
            view = PlayerView.of(rnd, rnd.turn)
            know = infer(view)
            evidence = gather(view, know, beta=0.2)
            tiles, boneyard = sample_slots(know, rng)
            assert len(boneyard) == view.boneyard_left
            for s in range(players):
                assert len(tiles[s]) == len(know.slots[s]) == len(evidence.births[s])
                if s != view.seat:
                    assert matches(tiles[s], know.slots[s])
            assert evidence.weight(tiles) > 0.0
            dealt = {t for ts in tiles for t in ts} | set(boneyard)
            assert dealt == set(tiles_of(know.unseen))
