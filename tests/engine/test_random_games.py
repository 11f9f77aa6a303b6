"""Many random games under every preset, checked against a from-scratch model.

The reference functions below rebuild the layout from the placement list
alone, straight from docs/RULES.md sections 5-6, so the incremental engine is
compared with an independent reading of the rules after every move.
"""

import random

import pytest

from allfives.game import DRAW, PASS, Game
from allfives.moves import LEAD, move_text, play_move
from allfives.record import dumps, loads, summary
from allfives.rules import PRESETS, Rules
from allfives.tiles import HIGH, IS_DOUBLE, LOW, tiles_of
from allfives.view import PlayerView


def reference_state(rules: Rules, placements: list[tuple[int, int]]):
    """(count, {table tile: set of values it shows at an open point})."""
    first_double = next((t for t, _ in placements if IS_DOUBLE[t]), None)
    spinner = {t for t, _ in placements if IS_DOUBLE[t] and (
        rules.spinners == "all" or (rules.spinners == "first" and t == first_double))}
    joined = {t: (0 if on == LEAD else 1) for t, on in placements}
    shared = {}
    for t, on in placements:
        if on != LEAD:
            joined[on] += 1
            (v,) = {LOW[t], HIGH[t]} & {LOW[on], HIGH[on]}
            shared[t] = v  # the value where t joins on
    live = 2 if rules.spinner_counts == "until_sides" else 4
    count, shows = 0, {}
    for t, on in placements:
        a, b = LOW[t], HIGH[t]
        if IS_DOUBLE[t]:
            capacity = 4 if t in spinner else 2
            if joined[t] < capacity:
                shows[t] = {a}
            if t in spinner:
                count += 2 * a if joined[t] < live else 0
            elif joined[t] < capacity:
                count += 2 * a
            continue
        used = [shared[x] for x, o in placements if o == t]  # values covered by joined tiles
        free = [a, b] if on == LEAD else [b if shared[t] == a else a]
        for v in used:
            free.remove(v)
        if free:
            shows[t] = set(free)
        count += sum(free)
    return count, shows


def reference_plays(hand: int, shows: dict[int, set[int]], led: bool) -> set[str]:
    names = set()
    for t in tiles_of(hand):
        if not led:
            names.add(move_text(play_move(t)))
            continue
        for on, values in shows.items():
            if {LOW[t], HIGH[t]} & values:
                names.add(move_text(play_move(t, on)))
    return names


CASES = [(preset, players, partnership) for preset in sorted(PRESETS)
         for players, partnership in [(2, False), (3, False), (4, True), (4, False)]]


@pytest.mark.parametrize("preset, players, partnership", CASES)
def test_random_games_match_the_reference(preset, players, partnership):
    rng = random.Random(f"{preset}{players}{partnership}")
    for g in range(6):
        sizes = range(1, 28 // players + 1)
        rules = Rules.make(preset, players=players, partnership=partnership,
                           hand_size=rng.choice(sizes) if g % 2 else None, target=rng.choice(
                               [None, 60 if rules_div(preset) == 1 else 15]))
        game = Game(rules, seed=rng.randrange(10**6))
        rounds = 0
        while True:
            check_round(game, rng)
            rounds += 1
            if game.over or rounds >= 30:
                break
            game.next_round()
        again = loads(dumps(game))
        assert summary(again) == summary(game)


def rules_div(preset: str) -> int:
    return PRESETS[preset].divisor


def check_round(game: Game, rng: random.Random) -> None:
    rnd = game.round
    rules = rnd.rules
    start_scores = list(rnd.scores)
    while not rnd.over:
        placements = rnd.layout.placements
        count, shows = reference_state(rules, placements)
        assert rnd.layout.count == count
        seat = rnd.turn
        moves = rnd.legal_moves()
        names = {move_text(m) for m in moves}
        assert len(names) == len(moves)
        expected = reference_plays(rnd.hands[seat], shows, bool(placements))
        if expected:
            assert names == expected
        else:
            assert names == ({"draw"} if rnd.boneyard_left else {"pass"})
        assert all(rnd.why_illegal(m) is None for m in moves)
        for other in (DRAW, PASS):
            if other not in moves:
                assert rnd.why_illegal(other) is not None
        view = PlayerView.of(rnd, seat)
        assert PlayerView.from_json(view.to_json()) == view
        assert view.legal_moves() == moves
        move = rng.choice(moves)
        before = list(rnd.scores)
        result = game.apply(move)
        if move >= 0 and rnd.end != "target":
            after, _ = reference_state(rules, rnd.layout.placements)
            scored = after // rules.divisor if after and after % 5 == 0 else 0
            assert result.points == scored
        # tiles are conserved: hands, table and face-down boneyard are the 28
        held = [t for h in rnd.hands for t in tiles_of(h)]
        table = [t for t, _ in rnd.layout.placements]
        assert sorted(held + table + rnd.boneyard[rnd.bone_pos:]) == list(range(28))
        if rnd.end == "target":
            assert rnd.scores[rules.side_of(seat)] >= rules.target > before[rules.side_of(seat)]
    if rnd.end == "domino":
        assert rnd.hands[rnd.went_out] == 0
    if rnd.end == "blocked":
        _, shows = reference_state(rules, rnd.layout.placements)
        assert rnd.boneyard_left == 0
        assert not any(reference_plays(h, shows, True) for h in rnd.hands)
        assert rnd.history[-1][1] != PASS
    gained = [0] * rules.sides
    for seat, _, points in rnd.history:
        gained[rules.side_of(seat)] += points
    round_score = rnd.result.points if rnd.result else (0,) * rules.sides
    totals = [s + g + e for s, g, e in zip(start_scores, gained, round_score, strict=True)]
    assert totals == rnd.scores


def test_view_hides_other_hands_and_the_boneyard():
    game = Game(Rules.make("standard", players=3), seed=4)
    for _ in range(6):
        game.apply(game.legal_moves()[0])
    rnd = game.round
    view = PlayerView.of(rnd, 1)
    data = view.to_json()
    assert set(data) == {"rules", "seat", "hand", "history", "hand_counts", "boneyard_left",
                         "turn", "starter", "scores"}
    assert data["hand"] == [move_text(play_move(t)) for t in tiles_of(rnd.hands[1])]
    assert data["hand_counts"] == [h.bit_count() for h in rnd.hands]
    hidden = rnd.hands[0] | rnd.hands[2]
    for t in rnd.boneyard[rnd.bone_pos:]:
        hidden |= 1 << t
    assert view.unseen() == hidden
    assert all(m in ("draw", "pass") or ">" in m or m.count("-") == 1
               for _, m, _ in data["history"])
