"""Copying and rewinding a game (``Game.copy``, ``Game.rewound``): a copy is
independent of its original, and a game rewound to any position is the game
its record, cut at that position, replays to."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.game import Game, Round
from allfives.moves import move_text
from allfives.record import replay, to_record
from allfives.rules import PRESETS, Rules
from allfives.tiles import NAMES, tiles_of

from ..helpers import full_deal, hand, tiles

# Game-playing examples take milliseconds each but vary a lot: no deadline.
GAMES = settings(max_examples=150, deadline=None)
PLAY_RNG = st.randoms(use_true_random=True)


def drawing_game() -> Game:
    """Five tiles each; seat 1 leads 6-6; seat 0 draws 1-1 and 3-6, plays
    3-6 for 15; seat 1 plays 3-4; seat 0 draws 0-2 (and must draw again)."""
    hands, boneyard = full_deal([["0-0", "0-1", "0-5", "1-5", "5-5"],
                                 ["6-6", "3-4", "2-2", "2-3", "2-4"]], ["1-1", "3-6", "0-2"])
    game = Game(Rules.make("standard", hand_size=5), seed=3, deal_first=False)
    game.start_round([hand(*h) for h in hands], tiles(*boneyard), starter=1)
    for move in ("6-6", "draw", "draw", "3-6>6-6", "3-4>3-6", "draw"):
        game.apply(move)
    return game


def names(mask: int) -> list[str]:
    return [NAMES[t] for t in tiles_of(mask)]


def texts(rnd: Round) -> list[str]:
    return [move_text(m) for m in rnd.legal_moves()]


def test_rewinding_a_round_to_each_of_its_moves():
    game = drawing_game()
    before = to_record(game)
    deal = game.rewound(1, 0).round
    assert names(deal.hands[1]) == ["2-2", "2-3", "2-4", "3-4", "6-6"]
    assert (deal.turn, deal.scores, deal.history, texts(deal)) == (
        1, [0, 0], [], ["2-2", "2-3", "2-4", "3-4", "6-6"])
    drew = game.rewound(1, 3).round  # seat 0 has drawn 1-1 and 3-6
    assert names(drew.hands[0]) == ["0-0", "0-1", "0-5", "1-1", "1-5", "3-6", "5-5"]
    assert drew.boneyard_left == 16 and NAMES[drew.boneyard[drew.bone_pos]] == "0-2"
    assert (drew.turn, drew.scores, texts(drew)) == (0, [0, 0], ["3-6>6-6"])
    scored = game.rewound(1, 4).round
    assert (scored.turn, scored.scores, texts(scored)) == (1, [15, 0], ["2-3>3-6", "3-4>3-6"])
    assert scored.history == game.round.history[:4]
    assert game.rewound(1, 6).round.history == game.round.history
    assert to_record(game) == before  # the game itself is unchanged


def test_the_rewound_game_plays_on_as_the_game_did():
    game = drawing_game()
    back = game.rewound(1, 4)
    back.apply("2-3>3-6")  # another move than the game's 3-4
    assert [move_text(m) for _, m, _ in game.round.history][4] == "3-4>3-6"
    assert back.round.hands[1] != game.round.hands[1]


def test_rewinding_to_an_earlier_round_drops_the_later_ones():
    game = Game(Rules.make("standard", players=3), seed=11)
    rng = random.Random(11)
    while len(game.rounds) < 3 and not game.over:
        game.next_round() if game.round.over else game.apply(rng.choice(game.legal_moves()))
    first = game.rounds[0]
    end = game.rewound(1, len(first.history))
    assert len(end.rounds) == 1 and end.round.over and end.scores == first.scores
    assert end.round.end == first.end and end.round.result == first.result
    second = end.next_round()  # the seed deals round 2 again, the same starter
    assert second.dealt == game.rounds[1].dealt and second.starter == game.rounds[1].starter
    start = game.rewound(2, 0)
    assert start.scores == first.scores and start.round.dealt == game.rounds[1].dealt


def test_no_rewinding_to_a_position_never_reached():
    game = drawing_game()
    for round_no, moves in ((0, 0), (2, 0), (1, 7), (1, -1)):
        with pytest.raises(IndexError):
            game.rewound(round_no, moves)


def test_a_copy_and_its_original_play_on_apart():
    game = drawing_game()
    before = to_record(game)
    twin = game.copy()
    assert to_record(twin) == before and twin.seed == 3
    twin.apply("draw")  # seat 0 draws 0-3 on the copy
    assert to_record(game) == before and game.round.boneyard_left == 15
    assert twin.round.boneyard_left == 14
    game.apply("draw")
    assert len(twin.round.history) == len(game.round.history) == 7
    game.apply("draw")
    assert len(twin.round.history) == 7 and twin.round.hands[0] != game.round.hands[0]


# -- properties over random games ---------------------------------------------------


def played(preset: str, players: int, seed: int, rng: random.Random, moves: int) -> Game:
    """A seeded game played ``moves`` random legal moves (new rounds dealt as needed)."""
    game = Game(Rules.make(preset, players=players, target=rng.choice([50, 150, 10_000])), seed)
    for _ in range(moves):
        if game.over:
            break
        game.next_round() if game.round.over else game.apply(rng.choice(game.legal_moves()))
    return game


def cut(record: dict[str, Any], round_no: int, moves: int) -> dict[str, Any]:
    """The record as it stood after ``moves`` moves of round ``round_no``."""
    rounds = record["rounds"][:round_no]
    last = {**rounds[-1], "moves": rounds[-1]["moves"][:moves]}
    return {**record, "rounds": [*rounds[:-1], last]}


def state(game: Game) -> list[Any]:
    """Everything a game holds, round by round, and what may be played next."""
    return [game.seed, game.rules, game.scores, game.winner, game.legal_moves()] + [
        (rnd.dealt, rnd.hands, rnd.boneyard, rnd.bone_pos, rnd.starter, rnd.turn, rnd.scores,
         rnd.history, rnd.layout.placements, rnd.layout.open_values, rnd.end, rnd.went_out,
         rnd.result, rnd.winner) for rnd in game.rounds]


games = st.tuples(st.sampled_from(sorted(PRESETS)), st.integers(2, 4), st.integers(0, 2**32),
                  PLAY_RNG, st.integers(0, 300))


@GAMES
@given(games, st.data())
def test_rewinding_equals_replaying_the_cut_record(spec: Any, data: st.DataObject) -> None:
    preset, players, seed, rng, moves = spec
    game = played(preset, players, seed, rng, moves)
    before = state(game)
    round_no = data.draw(st.integers(1, len(game.rounds)))
    at = data.draw(st.integers(0, len(game.rounds[round_no - 1].history)))
    back = game.rewound(round_no, at)
    assert state(back) == state(replay(cut(to_record(game), round_no, at)))
    assert state(game) == before


@GAMES
@given(games, PLAY_RNG)
def test_a_copy_is_independent(spec: Any, other: random.Random) -> None:
    preset, players, seed, rng, moves = spec
    game = played(preset, players, seed, rng, moves)
    before, twin = state(game), game.copy()
    assert state(twin) == before
    for _ in range(20):  # play on the copy: the game stays as it was
        if twin.over:
            break
        twin.next_round() if twin.round.over else twin.apply(other.choice(twin.legal_moves()))
    assert state(game) == before
    after = state(twin)
    for _ in range(20):  # and on the game: the copy stays as it was
        if game.over:
            break
        game.next_round() if game.round.over else game.apply(other.choice(game.legal_moves()))
    assert state(twin) == after
