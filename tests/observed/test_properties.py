"""docs/RULES.md section 10, as a property: any sequence of entries the
table could make (random plays, draws, passes, round ends entered as tiles
or pips, undos) keeps the tile counts whole, and the scores are always what
the moves and round ends add up to and what the game's record replays to."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.moves import PASS, Move, move_on, move_text, move_tile
from allfives.observed import CALL_RULES, ObservedGame, Turn, dumps, loads
from allfives.rules import PRESETS, Rules
from allfives.scoring import play_points
from allfives.tiles import ALL_TILES, NAMES, PIPS, PLAYABLE, tiles_of

ENTRIES = 150


def pool(table: ObservedGame) -> int:
    """The tiles an unknown hand or the boneyard may hold now."""
    return ALL_TILES & ~table.round.on_table & ~table.round.known


def random_entry(table: ObservedGame, rng: random.Random) -> None:
    """One entry the table could make now."""
    n = table.rules.players
    if not table.rounds or table.round.finished:
        starter = table.required_starter()
        hand = None
        if table.known_seat is not None:
            hand = [NAMES[t] for t in rng.sample(range(28), table.rules.hand_size)]
        table.start_round_text(rng.randrange(n) if starter is None else None, hand)
    elif table.round.end is not None:
        table.settle_text(random_left(table, rng))
    else:
        random_move(table, rng)


def random_left(table: ObservedGame, rng: random.Random) -> list[object]:
    """The hands at a round's end: tiles dealt out at random (none to a hand
    that passed when it fitted), some entered as their pips; where that deal
    runs short, every hand as the pips of tiles it could hold alone."""
    hands = dealt_out(table, rng)
    if hands is None:
        hands = dealt_out(table, rng, alone=True)
        assert hands is not None
        return [None if tiles is None else sum(PIPS[t] for t in tiles) for tiles in hands]
    return [None if tiles is None else sum(PIPS[t] for t in tiles) if rng.random() < 0.5
            else [NAMES[t] for t in tiles] for tiles in hands]


def dealt_out(table: ObservedGame, rng: random.Random,
              alone: bool = False) -> list[list[int] | None] | None:
    """Per seat, tiles it could hold (None for a hand already known); each
    hand drawn from all the free tiles when ``alone``, else from those left."""
    rnd, free = table.round, pool(table)
    left: list[list[int] | None] = []
    for seat, count in enumerate(rnd.counts):
        if seat == table.known_seat or not count:
            left.append(None)
            continue
        allowed = tiles_of(free & ~rnd.void[seat])
        if len(allowed) < count:
            return None
        tiles = rng.sample(allowed, count)
        if not alone:
            free &= ~sum(1 << t for t in tiles)
        left.append(tiles)
    return left


def random_move(table: ObservedGame, rng: random.Random) -> None:
    rnd = table.round
    known = rnd.turn == table.known_seat
    plays = [m for t in tiles_of(rnd.known if known else pool(table)) for m in rnd.places(t)
             if table.why_not(Turn(m)) is None]  # not one its passes rule out
    choices: list[Move | str] = list(plays)
    if rnd.layout.placements and not (known and plays):
        if rnd.boneyard_left:
            choices.append("draw")
        elif table.why_not(Turn(PASS)) is None:  # a pass the passes before allow
            choices.append("pass")
    choice = rng.choice(choices)
    if choice == "draw":
        table.draw_text(tiles=[NAMES[rng.choice(tiles_of(pool(table)))]] if known else None)
    elif choice == "pass":
        table.pass_turn()
    else:
        assert not isinstance(choice, str)
        tile, on = move_tile(choice), move_on(choice)
        alone = len(rnd.places(tile)) == 1
        table.play_text(NAMES[tile] if alone else move_text(choice),
                        called=a_call(table, tile, on, rng))


def a_call(table: ObservedGame, tile: int, on: int, rng: random.Random) -> int | None:
    """No call, the points the play makes, or fewer."""
    if table.calls == "off":
        return None
    points = play_points(table.round.layout.count_after(tile, on), table.rules.divisor)
    step = 5 if table.rules.divisor == 1 else 1
    return rng.choice([None, points, rng.randrange(0, points + 1, step)])


def check(table: ObservedGame) -> None:
    """The invariants, after every entry."""
    scores = [0] * table.rules.sides
    for rnd in table.rounds:
        unknown = sum(c for s, c in enumerate(rnd.counts) if s != table.known_seat)
        assert unknown + rnd.boneyard_left == (ALL_TILES & ~rnd.on_table & ~rnd.known).bit_count()
        assert min(rnd.counts) >= 0 and rnd.boneyard_left >= 0
        if table.known_seat is not None:
            assert rnd.counts[table.known_seat] == rnd.known.bit_count()
        assert (rnd.end == "domino") == (rnd.went_out is not None)
        if rnd.went_out is not None:
            assert rnd.counts[rnd.went_out] == 0
        if rnd.end == "blocked":
            assert not ALL_TILES & ~rnd.on_table & PLAYABLE[rnd.layout.open_values]
        for p in rnd.played:
            side = table.rules.side_of(p.seat)
            scores[side] += p.points
            won = rnd.end == "target" and p is rnd.played[-1] and rnd.winner == side
            if table.calls == "muggins" and not won:  # a game won is over: no muggins after
                scores[table.rules.side_of((p.seat + 1) % table.rules.players)] += p.missed
        if rnd.result is not None:
            scores = [a + b for a, b in zip(scores, rnd.result.points, strict=True)]
        assert list(rnd.scores) == scores
    text = dumps(table)
    again = loads(text)
    assert dumps(again) == text and again.scores == table.scores


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4),
       known=st.booleans(), calls=st.sampled_from(CALL_RULES), rng=st.randoms(use_true_random=True))
def test_random_entries_keep_the_invariants(preset, players, known, calls, rng):
    rules = Rules.make(preset, players=players, target=rng.choice([10, 60, 250]))
    table = ObservedGame(rules, known_seat=rng.randrange(players) if known else None,
                         calls=calls)
    for _ in range(ENTRIES):
        if table.over:
            break
        if table.entries and rng.random() < 0.05:
            back = rng.randint(1, len(table.entries))
            before, undone = dumps(table), table.entries[-back:]
            table.undo(back)
            check(table)
            for entry in undone:
                table.enter(entry)
            assert dumps(table) == before
        random_entry(table, rng)
        check(table)
