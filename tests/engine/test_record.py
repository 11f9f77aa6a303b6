"""docs/RULES.md section 9: records, replay and the replay tool."""

import json
import subprocess
import sys

import pytest

from allfives.game import Game
from allfives.record import RecordError, dumps, loads, replay, summary, to_record
from allfives.rules import Rules
from allfives.tournament import play_game

from ..helpers import DATA, ROOT, full_deal


def record(rounds, rules=None):
    return {"format": "allfives-record/1",
            "rules": rules or {"preset": "standard", "players": 2, "hand_size": 2},
            "rounds": rounds}


def round_(hands, boneyard_first=(), starter=0, moves=()):
    h, b = full_deal(hands, list(boneyard_first))
    return {"hands": h, "boneyard": b, "starter": starter, "moves": list(moves)}


SHORT = round_([["5-5", "2-5"], ["3-5", "6-6"]], moves=["5-5", "3-5>5-5", "2-5>5-5"])


def test_summary_of_a_scripted_game():
    second = round_([["1-1", "1-6"], ["0-0", "0-2"]], ["3-3", "1-4"], starter=0,
                    moves=["1-1", "draw", "draw", "1-4>1-1", "1-6>1-1"])
    out = summary(replay(record([SHORT, second])))
    assert out["rounds"][0] == {
        "moves": [{"seat": 0, "move": "5-5", "points": 10},
                  {"seat": 1, "move": "3-5>5-5", "points": 0},
                  {"seat": 0, "move": "2-5>5-5", "points": 5}],
        "end": "domino", "went_out": 0, "round_end_points": [0, -10], "scores": [15, -10]}
    # 1-1 leads (2); seat 1 has no 1: draws 3-3 (no fit), then 1-4 fits: 2 + 4 = 6;
    # 1-6 takes the spinner's second side: 4 + 6 = 10. Seat 1 keeps 0-0 0-2 3-3: 8 -> 10.
    assert out["rounds"][1] == {
        "moves": [{"seat": 0, "move": "1-1", "points": 0},
                  {"seat": 1, "move": "draw", "points": 0},
                  {"seat": 1, "move": "draw", "points": 0},
                  {"seat": 1, "move": "1-4>1-1", "points": 0},
                  {"seat": 0, "move": "1-6>1-1", "points": 10}],
        "end": "domino", "went_out": 0, "round_end_points": [0, -10], "scores": [25, -20]}
    assert out["scores"] == [25, -20] and out["winner"] is None


def test_replay_gives_the_same_game_and_round_trips():
    rules = Rules.make("five_up", players=3, target=120)
    game = play_game(rules, ["greedy", "random", "greedy"], seed=9)
    text = dumps(game)
    again = loads(text)
    assert summary(again) == summary(game)
    assert to_record(again) == to_record(game)
    assert again.winner == game.winner is not None


def test_an_unfinished_game_can_be_written_and_resumed():
    game = Game(Rules.make("standard", players=4), seed="abc")
    for _ in range(5):
        game.apply(game.legal_moves()[0])
    again = loads(dumps(game))
    assert summary(again)["rounds"][0]["end"] == "unfinished"
    assert again.legal_moves() == game.legal_moves()
    assert again.round.hands == game.round.hands
    # The seed travels with the record, so later deals are the same too.
    while not game.round.over:
        game.apply(game.legal_moves()[0])
        again.apply(again.legal_moves()[0])
    if not game.over:
        assert game.next_round().dealt == again.next_round().dealt


BAD = [
    ("[1,", "record: not JSON (Expecting value at line 1 column 4)"),
    ('{"format": "allfives-record/2"}', "record: format must be 'allfives-record/1'"),
    (record([], {"preset": "dominoes"}), "record: rules: unknown preset 'dominoes'"),
    (record([], {"preset": "standard", "players": 5}), "record: rules: All Fives is for 2, 3 or 4"),
    (record([{"hands": [["5-5", "2-5"], ["3-5", "6-6"]], "boneyard": ["1-1"], "starter": 0,
              "moves": []}]), "round 1: the deal is not the 28 tiles ("),
    (record([{"hands": [["5-5", "5-5"], ["3-5", "6-6"]], "boneyard": full_deal(
        [["5-5", "2-5"], ["3-5", "6-6"]])[1], "starter": 0, "moves": []}]),
     "round 1: the deal is not the 28 tiles (5-5 dealt twice; 2-5 missing)"),
    (record([round_([["5-5", "2-5", "1-1"], ["3-5", "6-6"]])]),
     "round 1: seat 0 was dealt 3 tiles, the rules deal 2"),
    (record([{**round_([["5-5", "2-5"], ["3-5", "6-6"]]),
              "hands": [["5-5", "7-7"], ["3-5", "6-6"]]}]),
     "round 1: '7-7' is not a double-six tile"),
    (record([round_([["5-5", "2-5"], ["3-5", "6-6"]], starter=2)]),
     "round 1: starter must be a seat from 0 to 1, not 2"),
    (record([SHORT, round_([["1-1", "1-6"], ["0-0", "0-1"]], starter=1)]),
     "round 2: seat 0 went out last round and must start, not seat 1"),
    (record([round_([["5-5", "2-5"], ["3-5", "6-6"]], moves=["5-5", "draw"])]),
     "round 1, move 2: illegal draw by seat 1: seat 1 may not draw: they can play"),
    (record([round_([["5-5", "2-5"], ["0-1", "6-6"]], moves=["5-5", "pass"])]),
     "round 1, move 2: illegal pass by seat 1: seat 1 may not pass: they must draw"),
    (record([round_([["5-5", "2-5"], ["3-5", "6-6"]], moves=["5-5", "6-6>5-5"])]),
     "round 1, move 2: illegal 6-6>5-5 by seat 1: 6-6 does not fit an open end of 5-5"),
    (record([round_([["5-5", "2-5"], ["3-5", "6-6"]], moves=["5-5", "3-5>5-5", "2-5>5-5", "6-6"])]),
     "round 1, move 4: 6-6 comes after the round ended (domino)"),
    (record([round_([["5-5", "2-5"], ["3-5", "6-6"]], moves=["5-5", "5-3>5"])]),
     "round 1, move 2: '5' is not a tile"),
    (record([round_([["5-5", "2-5"], ["3-5", "6-6"]], moves=["5-5"]), SHORT]),
     "round 2: round 1 is not finished"),
    (record([SHORT], {"preset": "standard", "players": 2, "hand_size": 2, "target": 10}),
     "round 1, move 2: 3-5>5-5 comes after the game was won"),
]


@pytest.mark.parametrize("data, message", BAD)
def test_bad_records_name_round_move_and_reason(data, message):
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as err:
        loads(text)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_a_round_after_the_game_was_won():
    won = record([SHORT, SHORT], {"preset": "standard", "players": 2, "hand_size": 2, "target": 10})
    won["rounds"][0] = {**SHORT, "moves": ["5-5"]}
    with pytest.raises(RecordError, match=r"^round 2: the game was already over \(side 0 won\)"):
        replay(won)


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "allfives", *args], cwd=ROOT,
                          capture_output=True, text=True, input=stdin, timeout=60)


def test_replay_tool_prints_the_summary(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record([SHORT])))
    out = run_cli("replay", str(path))
    assert out.returncode == 0 and out.stderr == ""
    data = json.loads(out.stdout)
    assert data["scores"] == [15, -10] and data["winner"] is None
    assert data["rounds"][0]["end"] == "domino"


@pytest.mark.parametrize("data, message", [BAD[0], BAD[2], BAD[4], BAD[10], BAD[13]])
def test_replay_tool_rejects_bad_records_with_status_2_and_one_line(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith(message)
    assert "Traceback" not in out.stderr


def test_replay_tool_missing_or_binary_file(tmp_path):
    out = run_cli("replay", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and out.stderr.startswith("record: cannot read")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    out = run_cli("replay", str(tmp_path / "bin.json"))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_mangled_records_only_ever_raise_record_error():
    """Seeded mutations of a real record: every outcome is a game or a RecordError."""
    import copy
    import random

    base = json.loads(dumps(play_game(Rules.make("standard", target=60), ["greedy", "random"], 2)))
    junk = [None, True, -1, 3.5, "", "x", "9-9", "draw", [], {}, [[]], 10**20, "5-5>5-5"]
    rng = random.Random(0)
    for _ in range(1500):
        data = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            node, key = data, None
            path = []
            while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
                key = rng.choice(list(node) if isinstance(node, dict) else range(len(node)))
                path.append((node, key))
                node = node[key]
            if path:
                parent, key = path[-1]
                choice = rng.random()
                if choice < 0.6:
                    parent[key] = rng.choice(junk)
                elif isinstance(parent, list):
                    parent.insert(key, rng.choice(junk))
                else:
                    del parent[key]
        try:
            replay(data)
        except RecordError as e:
            assert "\n" not in str(e) and str(e)


def test_deeply_nested_json_is_a_clean_error():
    with pytest.raises(RecordError, match="^record: "):
        loads("[" * 100000 + "]" * 100000)


# -- muggins before and after its round end changed (docs/RULES.md section 9) --

NEW_MUGGINS = {"preset": "muggins", "players": 2, "hand_size": 2, "round_end": "winner_takes"}


def test_a_muggins_record_written_before_the_change_replays_as_it_was_played():
    # A whole game written by the engine of commit 8d60679, when muggins
    # subtracted every hand at round end: its rules say no round end.
    text = (DATA / "muggins-2p-record-1.json").read_text()
    assert json.loads(text)["rules"] == {"preset": "muggins", "players": 2}
    game = loads(text)
    out = summary(game)
    assert [r["round_end_points"] for r in out["rounds"]] == [
        [0, -10], [-5, 0], [-10, 0], [-80, -10], [-30, 0], [-10, 0], [0, -5], [-10, 0],
        [0, -30], [-60, -15], [-5, 0], [0, -10], [-75, -15], [0, 0], [0, 0]]
    assert (out["scores"], out["winner"]) == ([45, 250], 1)
    assert dumps(game) == text  # written back as it was


def test_a_new_muggins_record_says_its_round_end_and_round_trips():
    # SHORT under muggins: 5-5 (10), 3-5 leaves the double's other side open
    # (13), 2-5 covers it (5) and goes out; seat 1's 6-6 (12 -> 10) is seat 0's.
    rules = Rules.make("muggins", hand_size=2)
    assert rules.to_dict() == NEW_MUGGINS
    game = replay(record([SHORT], NEW_MUGGINS))
    out = summary(game)
    assert out["rounds"][0]["round_end_points"] == [10, 0] and out["scores"] == [25, 0]
    assert to_record(game)["rules"] == NEW_MUGGINS
    assert summary(loads(dumps(game))) == out
    # the same deal and moves in a record that names no round end: subtract
    old = summary(replay(record([SHORT], {"preset": "muggins", "players": 2, "hand_size": 2})))
    assert old["rounds"][0]["round_end_points"] == [0, -10] and old["scores"] == [15, -10]
