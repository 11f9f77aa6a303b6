"""The stake near the target (``bots.game_stake``): tables kept and read
back, the chance as points on one scale, and which rules get which stake."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from allfives import data_files
from allfives.bots import game_stake, make_bot
from allfives.bots.analysis import EXACT, Decision, Moment, analyse
from allfives.bots.equity import EquityTable, Trajectory, build
from allfives.bots.exact import Margin
from allfives.bots.expert import outcome, outcome_stake
from allfives.bots.game_stake import (
    SCALE,
    ChanceTable,
    GameChance,
    GameTable,
    SidesGame,
    decode,
    decode_sides,
    encode,
    encode_sides,
    kept,
    points_per_game,
    rules_table,
    sides_points_per_game,
    stake_for,
    table_for,
    without_tables,
)
from allfives.game import Round, deal
from allfives.moves import move_text
from allfives.rules import PRESETS, Rules
from allfives.tiles import mask_of, parse_tile
from allfives.view import PlayerView
from tests.helpers import bot_rounds

# Each round one side or the other scores 10, whoever starts: a fair coin.
COIN = build([Trajectory(0, ((0, 10),), (0, 0), 0), Trajectory(0, ((1, 10),), (0, 0), 1)],
             50, tolerance=1e-12)


def game(table: EquityTable = COIN, reach: int = 10) -> GameTable:
    return GameTable(table, reach, points_per_game(table))


def test_points_per_game_is_the_exchange_rate_at_the_start() -> None:
    """From 10-(-10) side 0 needs 4 heads before side 1's 6: 382 of 512 runs
    of 9 tosses; the 40 points between 10-(-10) and (-10)-10 buy
    382/512 - 130/512 of the game."""
    assert COIN.win_probability(10, -10, 0) == pytest.approx(382 / 512, abs=1e-9)
    assert points_per_game(COIN) == pytest.approx(40 * 512 / 252, abs=1e-6)


def test_a_kept_table_reads_back_within_its_rounding() -> None:
    kept = encode(COIN, reach=10)
    back = decode(kept)
    assert back.table.grid == COIN.grid and back.table.target == 50 and back.reach == 10
    assert max(abs(a - b) for a, b in zip(back.table.values, COIN.values, strict=True)) \
        <= 0.5 / SCALE + 1e-12
    assert back.points_per_game == pytest.approx(points_per_game(COIN), rel=1e-3)


def test_a_table_of_the_wrong_size_is_refused() -> None:
    kept = encode(COIN, reach=10)
    kept["top"] += kept["step"]
    with pytest.raises(ValueError, match="chances for a grid"):
        decode(kept)


def test_the_chance_in_points() -> None:
    stake = GameChance(game())
    ppg = points_per_game(COIN)
    assert stake((55, 40), 0, 0) == pytest.approx(ppg / 2)
    assert stake((55, 40), 0, 1) == pytest.approx(-ppg / 2)
    # 40-30: side 0 needs one head before side 1's two tails, whoever starts
    assert stake((40, 30), None, 0) == pytest.approx(ppg / 4)
    assert stake((40, 30), None, 1) == pytest.approx(-ppg / 4)
    assert stake.chance_of(stake((40, 30), None, 0)) == pytest.approx(3 / 4)
    # a score off the grid (set up by hand) counts as the nearest on it
    assert stake((38, 31), None, 0) == stake((40, 30), None, 0)


@pytest.fixture
def coin_standard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fair coin shipped as standard's table, for a game to 50."""
    monkeypatch.setattr(game_stake, "shipped", lambda: {"standard": game()})
    rules_table.cache_clear()
    yield
    rules_table.cache_clear()


@pytest.mark.usefixtures("coin_standard")
def test_the_stake_is_the_game_only_where_the_round_can_end_it() -> None:
    rules = Rules.make("standard", players=2, target=50)
    assert isinstance(stake_for(rules, (40, 0), 60.0), GameChance)
    assert isinstance(stake_for(rules, (0, 40), 60.0), GameChance)
    assert stake_for(rules, (30, 35), 60.0) == Margin((30, 35), 60.0)


def test_a_table_serves_a_game_to_another_target_by_the_distance_to_it() -> None:
    """The coin's table (to 50) for a game to 30: every score 20 higher. From
    20-10 side 0 needs one head before two tails, as from 40-30 to 50: 3/4.
    Its exchange rate where that game starts, 0-0 (30-30 at 50): from 30-10
    at 50 side 0 needs 2 heads before 4 tails, 26/32; from 10-30, 6/32; so
    the 40 points between them buy 20/32 of the game: 64 points a game."""
    to_30 = game().at(30)
    assert to_30 is not None and to_30.target == 30 and to_30.shift == 20
    assert to_30.chance((20, 10), 0) == pytest.approx(3 / 4)
    assert to_30.chance((10, 20), 0) == pytest.approx(1 / 4)
    assert to_30.points_per_game == pytest.approx(64.0)
    assert (to_30.can_end((15, 0)), to_30.can_end((0, 20))) == (False, True)
    assert game().at(50) is not None and game().at(50).shift == 0
    # the coin's grid is -50..40: a game to 90 starts at -40 (its exchange
    # rate needs -50), to 100 at -50 (it needs -60), to 10 at 40 (it needs 50)
    assert game().at(90) is not None
    assert (game().at(100), game().at(10)) == (None, None)


def test_a_table_made_for_another_target_agrees_with_the_moved_one() -> None:
    """Built from the same rounds for 60 and for 100 (standard: no score
    goes down, so neither table's floor is met), the table for 100 moved
    to 60 gives the table for 60's chances, within the tables' tolerance."""
    rounds = bot_rounds(Rules.make("standard", players=2, target=10 ** 6), "easy",
                        "stake-targets", 30)
    to_60 = build(rounds, 60, tolerance=1e-10)
    moved = GameTable(build(rounds, 100, tolerance=1e-10), 40, 1.0).at(60)
    assert moved is not None
    own = GameTable(to_60, 40, 1.0)
    for x in range(0, 60, 5):
        for y in range(0, 60, 5):
            assert moved.chance((x, y), 0) == pytest.approx(own.chance((x, y), 0), abs=1e-8)
    assert moved.at(60) is moved and moved.at(100) is not None and moved.at(100).shift == 0


@pytest.mark.usefixtures("coin_standard")
def test_a_game_to_another_target_is_staked_by_the_moved_table() -> None:
    rules = Rules.make("standard", players=2, target=30)
    stake = stake_for(rules, (20, 10), 60.0)
    assert isinstance(stake, GameChance) and stake.game.target == 30
    assert stake((20, 10), None, 0) == pytest.approx(64.0 / 4)
    assert stake_for(rules, (15, 10), 60.0) == Margin((15, 10), 60.0)


@pytest.mark.usefixtures("coin_standard")
def test_rules_without_their_table_keep_points_and_the_bonus() -> None:
    assert table_for(Rules.make("standard", players=2, target=50)) is not None
    for rules in (Rules.make("standard", players=2, target=100),  # beyond the coin's floor
                  Rules.make("five_up", players=2, target=50),  # no table shipped here
                  # options of their own: their preset's rounds are not theirs
                  Rules.make("standard", players=2, target=50, hand_size=5),
                  Rules.make("standard", players=3, target=50, round_end="winner_takes")):
        assert table_for(rules) is None
        assert stake_for(rules, (45, 45, 45)[:rules.sides], 60.0) == Margin(
            (45, 45, 45)[:rules.sides], 60.0)
    assert table_for(Rules.make("standard", players=4, partnership=False, target=50)) is not None


def test_three_players_are_staked_by_each_sides_own_chance() -> None:
    """Standard for 3 to 200, the shipped table: a side's stake is its own
    chance of winning, less a third, on the table's exchange rate."""
    rules = Rules.make("standard", players=3)
    game = table_for(rules)
    assert isinstance(game, SidesGame) and (game.sides, game.target) == (3, 200)
    assert stake_for(rules, (120, 100, 60), 60.0) == Margin((120, 100, 60), 60.0)  # out of reach
    stake = stake_for(rules, (190, 150, 150), 60.0)
    assert isinstance(stake, GameChance)
    ppg = game.points_per_game
    assert stake((205, 150, 150), 0, 0) == pytest.approx(2 / 3 * ppg)
    assert stake((205, 150, 150), 0, 1) == pytest.approx(-1 / 3 * ppg)
    chances = [stake.chance_of(stake((195, 150, 150), None, side)) for side in range(3)]
    assert chances == pytest.approx([game.chance((195, 150, 150), s) for s in range(3)])
    assert sum(chances) == pytest.approx(1.0, abs=1e-3)
    assert chances[0] > 0.8 and chances[1] == pytest.approx(chances[2], abs=0.02)


def test_with_three_players_stopping_the_leader_is_worth_more_than_scoring() -> None:
    """From 190, 100, 150 to 200, side 1's round: 80 points while side 0
    goes out and wins, or none while side 0 makes 5 and the game goes on.
    Points and the bonus prefer the 80 points (80 less the others' mean 5,
    less 60, against 0 less 2.5); by the chance, any chance left beats none."""
    rules = Rules.make("standard", players=3)
    start = (190, 100, 150)
    scored, stopped = ((200, 180, 150), 0), ((195, 100, 150), None)
    bonus = Margin(start, 60.0)
    assert (bonus(*scored, 1), bonus(*stopped, 1)) == (15.0, -2.5)
    stake = stake_for(rules, start, 60.0)
    assert isinstance(stake, GameChance)
    assert stake(*scored, 1) == pytest.approx(-stake.game.points_per_game / 3)
    assert stake.chance_of(stake(*stopped, 1)) > 0 == pytest.approx(
        stake.chance_of(stake(*scored, 1)))
    assert stake(*stopped, 1) > stake(*scored, 1)


def test_a_table_of_more_sides_serves_any_target_by_distances() -> None:
    three = table_for(Rules.make("standard", players=3))
    to_150 = table_for(Rules.make("standard", players=3, target=150))
    assert isinstance(three, SidesGame) and isinstance(to_150, SidesGame)
    assert to_150.table is three.table and to_150.target == 150
    assert to_150.chance((140, 100, 100), 0) == three.chance((190, 150, 150), 0)
    # its exchange rate where that game starts, 150 from the target, not 200
    assert to_150.points_per_game != three.points_per_game
    assert to_150.points_per_game == sides_points_per_game(three.table, 150)


def test_past_the_depth_a_sides_own_chance_falls_on_by_the_edges_ratio() -> None:
    """Two sides, distances 5 and 10 kept: side 0 at 10 against 5 has 0.2,
    level at 5 0.5, so each step past the depth keeps 0.2 / 0.5 of it; the
    other side's own chance reads the table as it is (the far side at 10)."""
    table = ChanceTable(2, 5, 10, ([0.5, 0.8, 0.2, 0.5],), 1e-9, 3)
    assert table.chance((90, 95), 0, 100) == pytest.approx(0.2)
    assert table.chance((85, 95), 0, 100) == pytest.approx(0.2 * 0.4)
    assert table.chance((80, 95), 0, 100) == pytest.approx(0.2 * 0.4 ** 2)
    assert table.chance((88, 95), 0, 100) == pytest.approx(0.2 * 0.4 ** 0.4)
    assert table.chance((80, 95), 1, 100) == pytest.approx(0.8)


def test_with_four_alone_a_side_past_the_depth_gains_by_its_own_points() -> None:
    """Standard, four alone, to 200 (a table 80 deep): side 1 behind while
    side 0 is at 155. Its chance rises with every 5 points it makes, where
    it read the same 0.1476 from 0 to 120 before."""
    rules = Rules.make("standard", players=4, partnership=False)
    game = table_for(rules)
    assert isinstance(game, SidesGame) and game.table.depth == 80
    chances = [game.chance((155, score, 100, 100), 1) for score in range(20, 125, 5)]
    assert chances == sorted(chances) and len(set(chances)) == len(chances)
    assert chances[-1] == pytest.approx(0.1476, abs=1e-4)
    assert chances[-5] == pytest.approx(0.0851, abs=1e-4)  # at 100, 20 past the depth
    stake = stake_for(rules, (155, 90, 100, 100), 60.0)
    assert isinstance(stake, GameChance)
    assert stake((155, 110, 100, 100), None, 1) > stake((155, 90, 100, 100), None, 1)


def test_a_table_of_more_sides_reads_back_within_its_rounding() -> None:
    """Two sides by two distances: the last side's chances are the rest."""
    table = ChanceTable(2, 5, 10, ([0.5, 0.25, 0.75, 0.5],), 1e-9, 3)
    kept = encode_sides(table, 5)
    back, reach = decode_sides(kept)
    assert reach == 5 and back == table
    bad = {**kept, "depth": 15}
    with pytest.raises(ValueError, match="a table of 4 chances for 2 sides to a depth of 15"):
        decode_sides(bad)


def test_every_table_of_more_sides_is_shipped_whole() -> None:
    for name in game_stake.SIDES_NAMES:
        data = json.loads((data_files.PACKAGE / data_files.stake_table(name)).read_text())
        assert (data["format"], data["version"], data["name"]) == ("allfives-stake", 1, name)
        game = game_stake.shipped_sides()[name]
        sides = 2 if name.endswith("p") else int(name[-1])
        # as deep as the target, or as 16 steps (bench/stake_tables.py: four sides)
        assert game.sides == sides and game.table.depth >= min(game.target, 16 * game.table.step)
        level = [game.target - game.table.step] * sides
        assert sum(game.chance(level, s) for s in range(sides)) == pytest.approx(1, abs=1e-3)
        assert game.chance(level, 0) == pytest.approx(1 / sides, abs=1e-3)


@pytest.mark.usefixtures("coin_standard")
def test_without_tables_every_round_is_points_and_the_bonus_as_before_the_stake() -> None:
    rules = Rules.make("standard", players=2, target=50)
    with without_tables():
        assert table_for(rules) is None
        assert stake_for(rules, (40, 0), 60.0) == Margin((40, 0), 60.0)
    assert isinstance(stake_for(rules, (40, 0), 60.0), GameChance)


@pytest.mark.usefixtures("coin_standard")
def test_playouts_and_the_solver_value_a_round_near_the_target_by_the_game() -> None:
    """From 40-30 in a game to 50, side 0 leads 5-5: its 10 points win the
    game on the spot, worth half a game more than an even chance (the
    coin's 3/4 from 40-30 is not what counts: the round decided it)."""
    rules = Rules.make("standard", players=2, target=50)
    hands = [mask_of([parse_tile("5-5")]), mask_of([parse_tile("1-2")])]
    rnd = Round.from_position(rules, hands, [], starter=0, scores=[40, 30], history=[], turn=0)
    rnd.play(rnd.legal_moves()[0])
    assert rnd.winner == 0
    half = points_per_game(COIN) / 2
    assert outcome(rnd, [40, 30], 0) == pytest.approx(half)
    assert outcome(rnd, [40, 30], 1) == pytest.approx(-half)
    assert outcome_stake(rules, [40, 30])(rnd.scores, rnd.winner, 0) == pytest.approx(half)
    # counted from 30-30, where no round can end the game, it is points and the bonus
    assert outcome(rnd, [30, 30], 0) == Margin((30, 30), 60.0)(rnd.scores, 0, 0) == 20 + 60.0


# The same coin for 5 points a round: its table's grid has every score a game can reach.
FIVES = build([Trajectory(0, ((0, 5),), (0, 0), 0), Trajectory(0, ((1, 5),), (0, 0), 1)],
              50, tolerance=1e-12)


@pytest.fixture
def fives_standard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The 5-point coin shipped as standard's table, for a game to 50 (any
    round can end it, its reach says)."""
    monkeypatch.setattr(game_stake, "shipped", lambda: {"standard": game(FIVES, reach=50)})
    rules_table.cache_clear()
    yield
    rules_table.cache_clear()


def near_the_target(target: int) -> Moment:
    """10 and 20 short of ``target``, side 0 to lead from 5-5 and 1-2."""
    rules = Rules.make("standard", players=2, target=target)
    hands = [mask_of([parse_tile("5-5"), parse_tile("1-2")]),
             mask_of([parse_tile("0-3"), parse_tile("6-6")])]
    rnd = Round.from_position(rules, hands, [], starter=0, scores=[target - 10, target - 20],
                              history=[], turn=0)
    view = PlayerView.of(rnd, 0)
    return Moment(1, 1, view, next(m for m in view.legal_moves() if move_text(m) == "1-2"))


@pytest.mark.usefixtures("fives_standard")
def test_review_near_the_target_judges_by_the_chance_each_move_leaves() -> None:
    """40-30 in a game to 50: leading 5-5 wins at once, in every deal of the
    hidden tiles (chance 1); after leading 1-2 the game may go on. The loss
    is the chance lost on the table's scale, and no parts are given."""
    d = analyse(near_the_target(50), 200)
    assert move_text(d.best) == "5-5" and d.chances is not None
    assert d.chances[1] == pytest.approx(1.0)
    assert 0 < d.chances[0] < 1
    assert d.loss == round((1 - d.chances[0]) * points_per_game(FIVES), 1)
    assert d.reason is None  # points now and replies are not what decides here


@pytest.mark.usefixtures("fives_standard")
def test_review_of_a_game_to_another_target_judges_by_the_same_chances() -> None:
    """The same position 10 and 20 short of 35: judged by the table for 50,
    moved (before, a game to 35 had no table: points and the bonus, no
    chances). Leading 1-2 is valued by sampling the hidden tiles, so its
    chance is an estimate of the same chance as at 50; the loss is on that
    game's own exchange rate."""
    at_50, at_35 = analyse(near_the_target(50), 200), analyse(near_the_target(35), 200)
    assert at_35.chances is not None and at_50.chances is not None
    assert at_35.chances[1] == pytest.approx(1.0)
    assert at_35.chances[0] == pytest.approx(at_50.chances[0], abs=0.05)
    moved = game(FIVES, reach=50).at(35)
    assert moved is not None and moved.points_per_game != points_per_game(FIVES)
    assert at_35.loss == round((1 - at_35.chances[0]) * moved.points_per_game, 1)


def minimax(rnd: Round, side: int) -> float:
    """The chance ``side`` wins the game by plain minimax over the rest of the
    round, straight from the coin's table (no pruning, no shared code)."""
    if rnd.end is not None:
        if rnd.winner is not None:
            return 1.0 if rnd.winner == side else 0.0
        return sum(FIVES.win_probability(rnd.scores[side], rnd.scores[1 - side], s)
                   for s in (0, 1)) / 2
    values = []
    for move in rnd.legal_moves():
        nxt = rnd.copy()
        nxt.play(move)
        values.append(minimax(nxt, side))
    return max(values) if rnd.side_of[rnd.turn] == side else min(values)


@pytest.mark.usefixtures("fives_standard")
def test_solved_chances_near_the_target_are_plain_minimaxs() -> None:
    """Endgames of hard against hard in a game to 50 with the boneyard
    empty: Review solves them, and each move's chance is plain minimax's."""
    rules = Rules.make("standard", players=2, target=50)
    bots = [make_bot("hard", s) for s in (0, 1)]
    checked = 0
    for g in range(150):
        hands, boneyard, starter = deal(rules, f"stake:{g}", 0)
        rnd = Round(rules, hands, boneyard, starter, [5 * (g % 3), 10])
        while rnd.end is None:
            if not rnd.boneyard_left and len(rnd.legal_moves()) > 1 \
                    and sum(rnd.hands[s].bit_count() for s in (0, 1)) <= 8:
                view = PlayerView.of(rnd.copy(), rnd.turn)
                d = analyse(Moment(1, 1, view, view.legal_moves()[-1]), 200)
                assert d.method == EXACT and d.chances is not None
                chances = []
                for move in view.legal_moves():
                    nxt = rnd.copy()
                    nxt.play(move)
                    chances.append(minimax(nxt, rnd.side_of[rnd.turn]))
                assert d.chances[1] == pytest.approx(max(chances), abs=1e-9)
                assert d.chances[0] == pytest.approx(chances[-1], abs=1e-9)
                checked += 1
                break
            rnd.play(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
    assert checked >= 10


# Each preset's shipped table as the one file of all six (version 1) held it:
# its grid's size, reach, target, exchange rate and the SHA-256 of its
# encoded chances (checked by hand, value for value, when the file was split).
SHIPPED = {
    "standard": (100, 110, 250, 277.77777777777766, "166e3f255c88fa90"),
    "winner_takes": (122, 120, 250, 240.96385542168662, "b1eb3e8a7d44c02f"),
    "cribbage": (122, 21, 61, 63.49206349206352, "339f516c32c5921d"),
    "punt": (103, 100, 250, 191.2045889101338, "a8c6a5082c29e891"),
    "muggins": (120, 100, 250, 245.7002457002457, "2221754a14435b35"),
    "five_up": (100, 115, 250, 267.0226969292389, "dbc3cc869afcc0ff"),
}


def test_each_preset_reads_its_own_file_with_the_values_it_always_had() -> None:
    assert set(SHIPPED) == set(PRESETS)
    rules_table.cache_clear()
    for preset, (size, reach, target, ppg, chances) in SHIPPED.items():
        data = json.loads(game_stake.table_file(preset).read_text(encoding="utf-8"))
        assert (data["format"], data["version"], data["preset"]) == ("allfives-equity", 2, preset)
        assert hashlib.sha256(kept(preset)["chances"].encode()).hexdigest()[:16] == chances
        game = rules_table(Rules.make(preset))
        assert game is not None and game is game_stake.shipped()[preset]
        assert (game.table.grid.size, game.reach, game.table.target) == (size, reach, target)
        assert len(game.table.values) == 2 * size ** 2
        assert game.points_per_game == ppg  # exactly: the bots play as before
    assert not (game_stake.table_file("standard").parent.parent / "equity-tables.json").exists()


def test_a_file_of_another_preset_or_shape_is_refused(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data_files, "PACKAGE", tmp_path)
    file = game_stake.table_file("punt")
    file.parent.mkdir(parents=True)
    for wrong in ({"preset": "muggins"}, {"version": 1}):
        file.write_text(json.dumps({"format": "allfives-equity", "version": 2, "preset": "punt",
                                    "table": encode(COIN, reach=10), **wrong}))
        with pytest.raises(ValueError, match="punt.json is not an allfives-equity file of "
                                             "version 2 for punt"):
            kept("punt")
    assert "nonesuch" not in game_stake.shipped()


def test_a_move_that_wins_in_every_deal_has_a_chance_of_exactly_one_in_its_verdicts_json():
    """A mean of sure wins, added up deal by deal, can come back a hair over
    the win's value; its chance is at most 1 all the same, so the verdict
    read from its JSON in the page keeps its chances ("wins it 100 times in
    100"), as the command line's has them."""
    stake = outcome_stake(Rules.make("standard", players=2, target=30), [25, 20])
    assert isinstance(stake, GameChance)
    win, loss = stake((30, 20), 0, 0), stake((25, 30), 1, 0)
    for deals in range(1, 400):
        wins = losses = 0.0
        for _ in range(deals):
            wins += win
            losses += loss
        sure = stake.chance_of(wins / deals)
        assert 1 - 1e-9 < sure <= 1.0 and 0.0 <= stake.chance_of(losses / deals) < 1e-9
        decision = Decision(1, 5, 0, 3, 4, 33.3, 2, chances=(0.45, sure))
        assert Decision.from_json(json.loads(json.dumps(decision.to_json()))) == decision
