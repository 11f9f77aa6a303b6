"""Issue 30's acceptance (docs/RULES.md section 10): a whole game, played by
seeded bots, entered through the observed-game API without its hands gives
the engine's points for every move and its scores after every round, for
every preset and 2, 3 and 4 players; the hands are entered only at each
round's end. With one seat's hand entered, that seat's views are the
engine's, and so are Review's moments."""

from collections import Counter

import pytest

from allfives.bots.analysis import moments
from allfives.errors import IllegalMoveError
from allfives.game import Game, Round
from allfives.moves import DRAW, PASS, move_tile
from allfives.observed import ObservedGame, dumps, loads
from allfives.record import loads as load_record
from allfives.record import summary
from allfives.rules import PRESETS, Rules
from allfives.tiles import NAMES, pips_of, tiles_of
from allfives.tournament import play_game

from ..helpers import DATA

SEATINGS = [(2, None), (3, None), (4, True), (4, False)]
GAMES = [(preset, players, partners)
         for preset in PRESETS for players, partners in SEATINGS
         if partners is not False or preset in ("standard", "muggins")]


def bot_game(preset: str, players: int, partners: bool | None, seed: int) -> Game:
    rules = Rules.make(preset, players=players, partnership=partners)
    return play_game(rules, (["greedy", "random"] * 2)[:players], seed)


def held(mask: int) -> list[int]:
    return tiles_of(mask)


def left_of(game: Game, r: int, known: int | None) -> list[object]:
    """What each hand holds at round ``r``'s end, as a table would enter it:
    tiles for some seats, pips for others, nothing for the known seat."""
    hands = game.rounds[r].hands
    return [None if seat == known else held(h) if (seat + r) % 2 else pips_of(h)
            for seat, h in enumerate(hands)]


def observe(game: Game, known: int | None = None, ends: Counter | None = None) -> ObservedGame:
    """Enter the game's moves as a table would, checking each round against the engine."""
    table = ObservedGame(game.rules, [f"p{s}" for s in range(game.rules.players)],
                         known_seat=known)
    for r, rnd in enumerate(game.rounds):
        decides = table.required_starter() is None
        hand = None if known is None else held(rnd.dealt[known])
        table.start_round(rnd.starter if decides else None, hand)
        assert table.round.starter == rnd.starter
        enter_moves(table, rnd, known)
        assert table.round.end == rnd.end
        if rnd.end in ("domino", "blocked"):
            result = table.settle(left_of(game, r, known))
            assert result == rnd.result
        assert table.scores == rnd.scores, f"round {r + 1}"
        assert table.winner == rnd.winner
        if ends is not None:
            ends[rnd.end] += 1
            ends["pass"] += sum(m == PASS for _, m, _ in rnd.history)
    return table


def enter_moves(table: ObservedGame, rnd: Round, known: int | None) -> None:
    """Enter a played round's moves, checking each one's points and the
    count after it against the engine's replay of the round."""
    again = Round(rnd.rules, list(rnd.dealt), rnd.boneyard, rnd.starter, table.scores)
    for seat, move, points in rnd.history:
        assert table.round.turn == seat
        if move == DRAW:
            drawn = again.boneyard[again.bone_pos]
            table.draw(tiles=[drawn] if seat == known else None)
        elif move == PASS:
            table.pass_turn()
        else:
            tile = move_tile(move)
            alone = len(table.places(tile)) == 1
            assert (table.lay(tile) if alone else table.play(move)).points == points
        again.play(move)
        assert table.round.played[-1].count == again.layout.count


@pytest.mark.parametrize(("preset", "players", "partners"), GAMES)
def test_a_whole_game_gives_the_engines_scores(preset, players, partners):
    game = bot_game(preset, players, partners, seed=30)
    assert game.over
    table = observe(game)
    assert table.over and table.winner == game.winner
    again = loads(dumps(table))
    assert dumps(again) == dumps(table) and again.scores == table.scores
    text = dumps(table)
    table.undo(len(table.entries))
    assert not table.rounds and table.scores == [0] * game.rules.sides
    assert dumps(observe_into(table, game)) == text


def observe_into(table: ObservedGame, game: Game) -> ObservedGame:
    """The game entered again into a table game undone to its start."""
    fresh = observe(game, table.known_seat)
    for entry in fresh.entries:
        table.enter(entry)
    return table


@pytest.mark.parametrize(("preset", "players", "partners"), GAMES)
def test_the_known_seat_sees_what_it_saw_in_the_engine(preset, players, partners):
    game = bot_game(preset, players, partners, seed=31)
    known = 1
    table = observe(game, known)
    assert list(moments(table)) == list(moments(game, {known}))
    decisions = list(table.decisions())
    assert len(decisions) == sum(seat == known for rnd in game.rounds
                                 for seat, _, _ in rnd.history)
    again = loads(dumps(table))
    assert list(again.decisions()) == decisions


def test_the_games_cover_every_way_a_round_ends():
    ends: Counter = Counter()
    for preset, players, partners in GAMES:
        observe(bot_game(preset, players, partners, seed=30), ends=ends)
    assert {"domino", "blocked", "target", "pass"} <= set(ends)


def test_undo_part_way_and_enter_again():
    game = bot_game("cribbage", 3, None, seed=5)
    table = observe(game, known=2)
    text = dumps(table)
    for back in (1, 7, len(table.entries) // 2):
        undone = table.entries[-back:]
        table.undo(back)
        assert loads(dumps(table)).scores == table.scores
        for entry in undone:
            table.enter(entry)
        assert dumps(table) == text


@pytest.mark.parametrize("known", [None, 0])
def test_a_stored_record_gives_its_replays_scores(known):
    game = load_record((DATA / "muggins-2p-record-1.json").read_text())
    assert game.rules.round_end == "subtract"  # written before muggins changed (section 9)
    table = observe(game, known)
    assert [list(rnd.scores) for rnd in table.rounds] == \
        [rnd["scores"] for rnd in summary(game)["rounds"]]
    assert table.scores == summary(game)["scores"]


def test_a_hand_at_the_end_holds_no_tile_it_passed_with():
    """In seeded 4 x 7 games (no boneyard), the first domino round where a seat
    passed with a tile that fits and another seat still holds such a tile at
    the end: swapping one such tile into the passer's hand is refused."""
    rules = Rules.make("standard", players=4, hand_size=7, partnership=False)
    for seed in range(40):
        game = play_game(rules, ["random"] * 4, seed)
        for rnd in game.rounds:
            table = ObservedGame(rules)
            table.start_round(rnd.starter)
            enter_moves(table, rnd, None)
            if rnd.end != "domino":
                continue
            for seat, void in enumerate(table.round.void):
                for other, hand in enumerate(rnd.hands):
                    swap = tiles_of(void & hand)
                    if other == seat or not swap or not rnd.hands[seat]:
                        continue
                    left = [held(h) for h in rnd.hands]
                    mine = tiles_of(rnd.hands[seat])[0]
                    left[seat] = [swap[0], *left[seat][1:]]
                    left[other] = [mine if t == swap[0] else t for t in left[other]]
                    left[rnd.went_out] = []
                    with pytest.raises(IllegalMoveError) as caught:
                        table.settle(left)
                    assert str(caught.value) == (f"seat {seat} cannot hold {NAMES[swap[0]]}: "
                                                 f"they passed when it would have fit")
                    assert table.settle([held(h) for h in rnd.hands]) == rnd.result
                    return
    pytest.fail("no such round in the games searched")
