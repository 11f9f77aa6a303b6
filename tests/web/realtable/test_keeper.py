"""What a tap means at a real table (``realtable.keeper``), with exact
numbers: a whole recorded game entered tap by tap gives the engine's scores
after every round, undo takes back one entry a tap (a round started by
itself with its round end), the known seat's hand and draws are tapped in,
and every refusal is said in words with the players' names."""

import re

import pytest

from allfives.game import Game
from allfives.moves import DRAW, PASS, move_text, move_tile, parse_move
from allfives.observed import ObservedGame
from allfives.rules import PRESETS, Rules
from allfives.tiles import NAMES, parse_tile, pips_of, tiles_of
from allfives.tournament import play_game
from allfives.web.draw import board
from allfives.web.draw.board import Target
from allfives.web.realtable import kept
from allfives.web.realtable.frame import frame, game_over_html
from allfives.web.realtable.keeper import Keeper
from allfives.web.realtable.words import REFUSED
from allfives.web.table.looks import Looks
from allfives.web.table.setup import ASKED, Setup


def bot_game(preset: str, players: int = 2, seed: int = 30, **options: object) -> Game:
    rules = Rules.make(preset, players=players, **options)
    return play_game(rules, (["greedy", "random"] * 2)[:players], seed)


def keeper_for(game: Game, known: int | None = None, first: int = ASKED) -> Keeper:
    names = ["Anna", "Ben", "Cleo", "Dan"][:game.rules.players]
    return Keeper(ObservedGame(game.rules, names, known_seat=known), first)


def tap_round(keeper: Keeper, game: Game, r: int) -> None:
    """Enter round ``r`` of ``game`` as the page's taps would."""
    rnd = game.rounds[r]
    known = keeper.game.known_seat
    if keeper.phase == "start":
        if keeper.named_starter() is None:
            keeper.choose_starter(rnd.starter)
        if known is not None:
            for t in tiles_of(rnd.dealt[known]):
                keeper.tap_tile(t)
            assert not keeper.start().refused
    assert keeper.game.round.starter == rnd.starter
    drawn = iter(rnd.boneyard)
    for seat, move, points in rnd.history:
        assert keeper.game.round.turn == seat
        if move == DRAW:
            tile = next(drawn)
            said = keeper.drew(1)
            if seat == known:
                said = keeper.tap_tile(tile)
        elif move == PASS:
            said = keeper.passed()
        else:
            said = keeper.tap_tile(move_tile(move))
            if keeper.selected is not None:
                said = keeper.tap_place(move)
            assert keeper.game.round.played[-1].points == points
        assert not said.refused, said
    if rnd.end in ("domino", "blocked"):
        enter_left(keeper, game, r)


def enter_left(keeper: Keeper, game: Game, r: int) -> None:
    """Round ``r``'s end: odd seats' tiles tapped on the picker, even seats' pips set."""
    hands = game.rounds[r].hands
    for s in keeper.to_enter():
        if s % 2:
            keeper.pick_left(s)
            for t in tiles_of(hands[s]):
                keeper.tap_tile(t)
        else:
            keeper.set_pips(s, str(pips_of(hands[s])))
    assert not keeper.settle().refused


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_whole_game_tapped_in_gives_the_engines_scores(preset):
    game = bot_game(preset)
    keeper = keeper_for(game)
    for r, rnd in enumerate(game.rounds):
        tap_round(keeper, game, r)
        assert keeper.game.scores == rnd.scores, f"round {r + 1}"
    assert keeper.phase == "over" and keeper.game.winner == game.winner
    back = kept.from_save(kept.to_save(keeper))
    assert back.game.scores == game.rounds[-1].scores and back.phase == "over"


def test_the_known_seat_taps_its_hand_and_draws():
    game = bot_game("standard", seed=31)
    keeper = keeper_for(game, known=1, first=game.rounds[0].starter)
    assert keeper.phase == "start" and len(keeper.tiles()) == 28
    for r in range(len(game.rounds)):
        tap_round(keeper, game, r)
    assert keeper.game.scores == game.rounds[-1].scores
    assert len(list(keeper.game.decisions())) == sum(
        seat == 1 for rnd in game.rounds for seat, _, _ in rnd.history)


def test_a_tile_fitting_two_places_lights_them_and_a_tap_lays_it():
    game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    keeper = Keeper(game, 0)
    assert keeper.phase == "play"  # the set-up named who sets first: no question
    assert keeper.tap_tile(parse_tile("3-4")).text == "Anna: no points (count 7)"
    assert keeper.tap_tile(parse_tile("4-6")).text == "Ben: no points (count 9)"
    said = keeper.tap_tile(parse_tile("3-6"))
    assert said.text == "3-6 fits in several places: tap where it went."
    assert keeper.selected == parse_tile("3-6")
    scene = frame(keeper, Looks(), False).scene
    assert sorted(move_text(t.move) for t in scene.targets) == ["3-6>3-4", "3-6>4-6"]
    assert keeper.tap_place(parse_move("3-6>4-6")).text == "Anna: no points (count 6)"
    assert keeper.selected is None and game.round.count == 6
    keeper.tap_tile(parse_tile("2-3"))
    assert keeper.tap_place(parse_move("2-3>3-4")).text == "Ben: 5"  # the open ends: 2 and 3
    assert game.scores == [0, 5]


def test_refusals_are_said_with_names():
    keeper = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]), 0)
    assert keeper.drew().text == "The table is empty: Anna leads any tile."
    keeper.tap_tile(parse_tile("5-5"))
    said = keeper.passed()
    assert said.refused and said.text == \
        "Ben may not pass: the boneyard still holds 10 tiles, so they draw."
    assert keeper.tap_tile(parse_tile("1-2")).text == "1-2 fits no open end (they show 5)."
    assert keeper.drew(11).text == "Only 10 tiles left to draw."
    assert keeper.drew(3).text == "Ben drew 3 tiles."
    assert keeper.game.round.boneyard_left == 7


def test_every_reason_the_page_says_has_words_for_its_values():
    values = {"seat": 1, "tile": "3-5", "values": "5, 6", "count": 2, "call": 15, "points": 10,
              "hand": "6-6", "entered": 3, "pips": 40, "low": 3, "high": 20}
    for code, says in REFUSED.items():
        assert says(values, ["Anna", "Ben"]), code


def test_undo_takes_back_one_entry_a_tap_and_a_round_started_by_itself_with_its_end():
    game = bot_game("standard", seed=33)
    assert game.rounds[0].end == "domino"
    keeper = keeper_for(game, first=game.rounds[0].starter)
    tap_round(keeper, game, 0)
    assert keeper.phase == "play" and not keeper.game.round.played  # round 2 started itself
    scores = list(keeper.game.scores)
    keeper.undo()
    assert keeper.phase == "left" and keeper.game.round.result is None
    assert scores == game.rounds[0].scores
    keeper.undo()
    assert keeper.phase == "play" and len(keeper.game.rounds) == 1
    moves = len(keeper.game.round.played)
    keeper.undo()
    assert len(keeper.game.round.played) == moves - 1 and keeper.phase == "play"


def test_nothing_to_undo_when_the_first_round_started_itself():
    keeper = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]), 1)
    assert keeper.undo().text == "Nothing to take back."
    assert keeper.phase == "play"


def test_a_round_end_is_entered_as_tiles_tapped_or_pips_stepped():
    """Issue 38 item 9: no free text. The picker enters the first asked
    hand, then the one whose row is tapped; a tile tapped for another hand
    moves there; the stepper sets pips (never below 0, the tiles giving
    way); the engine gets tiles, pips, or None for a known hand."""
    game = bot_game("standard", players=3, seed=11)
    rnd = game.rounds[0]
    keeper = keeper_for(game)
    keeper.choose_starter(rnd.starter)
    for _seat, move, _points in rnd.history:
        said = keeper.drew(1) if move == DRAW else keeper.passed() if move == PASS else \
            keeper.tap_tile(move_tile(move))
        if keeper.selected is not None:
            said = keeper.tap_place(move)
        assert not said.refused
    assert keeper.phase == "left"
    asked = keeper.to_enter()
    out = rnd.went_out
    assert asked == [s for s in range(3) if s != out]
    first, second = asked[0], asked[-1]
    assert keeper.picking() == first
    hand = tiles_of(rnd.hands[first])
    said = keeper.tap_tile(hand[0])
    assert said.text == f"Tap the tiles {keeper.names[first]} holds: 1 of {len(hand)}."
    assert keeper.left_entry(first) == [hand[0]]
    assert keeper.left_shown(first) == str(pips_of(1 << hand[0]))
    assert keeper.pick_left(second).text.endswith(f": 0 of {bin(rnd.hands[second]).count('1')}.")
    assert hand[0] not in keeper.tiles()  # entered for another hand: its cell is empty
    keeper.tap_tile(hand[0])  # (a tap from a picker drawn before: the tile moves)
    assert keeper.left_entry(first) is None and keeper.left_entry(second) == [hand[0]]
    keeper.step_pips(second, -1)
    assert keeper.left_entry(second) == max(0, pips_of(1 << hand[0]) - 1)
    keeper.set_pips(second, "")
    assert keeper.left_entry(second) is None
    keeper.step_pips(second, -1)
    assert keeper.left_entry(second) == 0 and keeper.left_shown(second) == "0"
    assert keeper.settle().refused  # the first hand not entered
    assert keeper.said is not None and keeper.said.text == \
        f"Enter what {keeper.names[first]} holds."
    for s in asked:
        keeper.set_pips(s, str(pips_of(rnd.hands[s])))
    assert keeper.left_entry(out) is None
    assert not keeper.settle().refused
    assert keeper.game.scores == rnd.scores
    assert keeper.left_tiles == {} and keeper.left_pips == {}


def test_undo_says_what_it_took_back():
    """Issue 38 item 9: "Took back: Ben played 4-6 on 3-4.", a draw, a deal,
    a round's end."""
    keeper = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]))
    keeper.choose_starter(0)
    keeper.tap_tile(parse_tile("5-5"))
    keeper.tap_tile(parse_tile("0-5"))
    assert keeper.undo().text == "Took back: Ben played 0-5 on 5-5 and scored 10."
    assert not keeper.tap_tile(parse_tile("2-5")).refused
    assert keeper.undo().text == "Took back: Ben played 2-5 on 5-5."
    keeper.drew(2)
    assert keeper.undo().text == "Took back: Ben drew a tile."
    keeper.undo()
    assert keeper.undo().text == "Took back: Anna led 5-5 and scored 10."
    assert keeper.undo().text == "Took back: the deal of round 1."
    assert keeper.undo().text == "Nothing to take back."
    known = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"], known_seat=0), 1)
    for t in ("0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "1-1", "1-2", "1-3"):
        known.tap_tile(parse_tile(t))
    known.start()
    known.tap_tile(parse_tile("6-6"))  # Ben leads; Anna has no 6
    known.drew()
    assert not known.tap_tile(parse_tile("5-6")).refused  # Anna's draw, its tile known
    assert known.undo().text == "Took back: Anna drew 5-6."


def test_undo_of_a_round_end_names_the_round():
    game = bot_game("standard", seed=33)
    keeper = keeper_for(game, first=game.rounds[0].starter)
    tap_round(keeper, game, 0)
    assert keeper.undo().text == "Took back: the end of round 1."  # with round 2's start


def test_the_boneyard_is_counted_while_a_round_is_played():
    keeper = Keeper(ObservedGame(Rules.make("standard", players=3), ["Anna", "Ben", "Cleo"]))
    looks = Looks()
    assert frame(keeper, looks, False).boneyard is None  # no round yet
    keeper.choose_starter(1)
    assert frame(keeper, looks, False).boneyard == ("7", "Boneyard: 7 tiles")
    keeper.tap_tile(parse_tile("5-5"))
    assert not keeper.drew(3).refused
    assert frame(keeper, looks, False).boneyard == ("4", "Boneyard: 4 tiles")
    keeper.undo()
    assert frame(keeper, looks, False).boneyard == ("5", "Boneyard: 5 tiles")


def test_the_round_end_rows_offer_a_picker_button_and_a_stepper_per_hand_asked():
    game = bot_game("standard", seed=33)
    keeper = keeper_for(game, known=0, first=game.rounds[0].starter)
    rnd = game.rounds[0]
    tap_round(keeper, game, 0)
    keeper.undo()  # back to the round's end
    assert keeper.phase == "left"
    html = frame(keeper, Looks(), False).left
    out = rnd.went_out
    for s in range(2):
        asked = s != 0 and s != out
        assert (f'data-left-seat="{s}"' in html) is asked
        assert (f'name="left{s}"' in html) is asked
    known = " ".join(NAMES[t] for t in tiles_of(keeper.game.round.known))
    assert f'<span class="left-known">{known or "0"}</span>' in html
    assert 'title="Anna"' in html


def test_calls_muggins_gives_the_points_missed_to_the_next_side():
    game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"], calls="muggins")
    keeper = Keeper(game, 0)
    keeper.call = 10
    assert keeper.tap_tile(parse_tile("5-5")).text == "Anna: 10"
    keeper.call = 5
    assert keeper.tap_tile(parse_tile("0-5")).text == "Ben: 5, called short: 5 to Anna"
    assert game.scores == [15, 5]
    keeper.call = 5
    said = keeper.tap_tile(parse_tile("5-6"))
    assert said.refused and said.text == "Anna called 5, but 5-6 scores 0."


def test_a_new_table_game_from_the_set_up_and_its_game_over_panel():
    setup = Setup(players=4, mode="table", known=2, calls="on", first=ASKED,
                  names=("Ben", "Cleo", "Dan"))
    keeper = kept.new(setup)
    assert keeper.names == ("Player 1", "Ben", "Cleo", "Dan")
    assert keeper.game.known_seat == 2 and keeper.game.calls == "on"
    assert keeper.phase == "start" and keeper.named_starter() is None
    assert kept.from_save(kept.to_save(keeper)).first == ASKED
    html = frame(keeper, Looks(), False)
    assert html.starters.count("data-starter=") == 4
    game = bot_game("standard", players=2, seed=30)
    done = keeper_for(game)
    for r in range(len(game.rounds)):
        tap_round(done, game, r)
    winner = ["Anna", "Ben"][game.winner]
    assert f"{winner} wins." in game_over_html(done)


def test_a_play_pops_on_the_board_and_flashes_its_score_and_a_round_end_says_the_scores():
    keeper = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]), 0)
    keeper.tap_tile(parse_tile("5-5"))
    shown = frame(keeper, Looks(), True)
    assert shown.scene.fresh == parse_tile("5-5") and shown.scene.fresh_points == 10
    assert 'class="side mine bump"' in shown.scores and 'class="marks"' in shown.scores
    keeper.drew()
    shown = frame(keeper, Looks(), False)
    assert shown.scene.fresh is None and "bump" not in shown.scores
    game = bot_game("standard", seed=33)
    keeper = keeper_for(game, first=game.rounds[0].starter)
    tap_round(keeper, game, 0)
    a, b = game.rounds[0].scores
    winner = ["Anna", "Ben"][game.rounds[0].went_out]
    assert keeper.said.text == f"{winner} went out. Scores: Anna {a}, Ben {b}."
    keeper.undo()  # the round end (and the round it started)
    assert frame(keeper, Looks(), False).status == (
        f"{winner} went out. The round is over: tap the tiles each player holds, or set their "
        "pips.")


CELL = re.compile(r'class="(?:entry-tile|gone)( fold)?"(?: data-tile="([0-6]-[0-6])")?')


def picker_cells(keeper: Keeper) -> list[tuple[str, bool]]:
    """The picker's cells in order: the tile's name ("" for an empty cell)
    and whether the cell is marked as a row's second suit."""
    return [(name, bool(fold)) for fold, name in CELL.findall(frame(keeper, Looks(), False).tiles)]


def test_the_picker_lays_the_set_out_by_suit_and_a_laid_tile_leaves_its_cell_empty():
    """Four rows of seven: row r runs r-r ... r-6, then the suit whose run
    is that much shorter from its double (6-6; 5-5 5-6; 4-4 4-5 4-6), the
    first of those marked ``fold``; a tile on the table keeps its cell."""
    keeper = keeper_for(bot_game("standard"), known=0)
    keeper.choose_starter(0)  # a deal with a hand to enter: all 28 on offer
    cells = picker_cells(keeper)
    names = [name for name, _fold in cells]
    assert [names[r * 7:(r + 1) * 7] for r in range(4)] == [
        ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
        ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "6-6"],
        ["2-2", "2-3", "2-4", "2-5", "2-6", "5-5", "5-6"],
        ["3-3", "3-4", "3-5", "3-6", "4-4", "4-5", "4-6"]]
    assert [name for name, fold in cells if fold] == ["6-6", "5-5", "4-4"]
    game = bot_game("standard")
    keeper = keeper_for(game, first=game.rounds[0].starter)
    laid = NAMES[move_tile(game.rounds[0].history[0][1])]
    keeper.tap_tile(parse_tile(laid))
    assert [name for name, _fold in picker_cells(keeper)] == \
        ["" if name == laid else name for name in names]


def test_two_lit_places_alike_name_the_tile_each_joins():
    """Issue 38 item 9: 3-6 fits 3-4 and 4-6, both for no points: each lit
    place shows, under its "0", the tile it joins, and is named so; places
    that differ by their points are left as they were."""
    keeper = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"]))
    keeper.choose_starter(0)
    for t in ("3-4", "4-6", "3-6"):
        keeper.tap_tile(parse_tile(t))
    scene = frame(keeper, Looks(), False).scene
    svg = board.board(scene.view, 1.6, targets=scene.targets, selected=scene.selected).svg
    assert sorted(re.findall(r'<text class="joins"[^>]*>([^<]*)</text>', svg)) == ["3-4", "4-6"]
    for on in ("3-4", "4-6"):
        assert f'data-target="{on}"' in svg and f'aria-label="Play 3-6 on {on}, 0 points"' in svg
    five, zero = Target(parse_move("0-5>5-5"), parse_tile("5-5"), 10), \
        Target(parse_move("0-5>0-0"), parse_tile("0-0"), 0)
    assert board.same_labels((five, zero)) == frozenset()
    again = Target(parse_move("0-5>5-6"), parse_tile("5-6"), 10)
    assert board.same_labels((five, zero, again)) == {five.move, again.move}
