"""``allfives review FILE``: the same analysis as the page, as a table or JSON;
bad records and seats refused in one line with status 2."""

from __future__ import annotations

import json

from allfives import cli, observed
from allfives.bots.analysis import review
from allfives.coach import grades
from allfives.record import dumps

from ..bots.test_analysis import bot_game
from ..observed.test_replay import bot_game as observed_bot_game
from ..observed.test_replay import observe


def test_review_prints_the_analysis_as_json_and_as_a_table(tmp_path, capsys):
    game = bot_game(6)
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    assert cli.main(["review", str(path), "--seat", "0", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress line off a terminal
    printed = json.loads(out)
    got = printed["decisions"]
    decisions = review(game, {0})
    expected = [{**d.to_json(), "grade": grades.grade(d.loss)} for d in decisions]
    assert got == expected and len(got) >= 3
    assert all(d["seat"] == 0 and d["loss"] >= 0 for d in got)
    # the seat's summary: the grades counted, the average loss, the accuracy
    mine = grades.summary(d.loss for d in decisions)
    assert printed["seats"] == [{"seat": 0, "decisions": len(got),
                                 "grades": dict(zip(grades.GRADES, mine.counts, strict=True)),
                                 "lost": mine.lost, "average_loss": mine.average,
                                 "accuracy": mine.accuracy}]
    assert sum(printed["seats"][0]["grades"].values()) == len(got)
    assert printed["grading"] == {
        "cutoffs": {"good": 0.0, "inaccuracy": 4.0, "mistake": 7.0, "blunder": 10.0},
        "best": "a loss of 0", "divisor": 1,
        "accuracy": f"100 * exp(-average_loss * divisor / {grades.ACCURACY_SCALE})"}
    assert cli.main(["review", str(path), "--seat", "0"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["round", "move", "seat", "played", "best", "loss", "options",
                                "grade", "method", "reason"]
    assert len(table) == 1 + len(got) + 2
    assert [row.split()[7] for row in table[1:-2]] == [d["grade"] for d in got]
    lost = sum(d["loss"] for d in got)
    assert table[-2].startswith(f"seat 0: {len(got)} decisions, {lost:.1f} points lost")
    counts = ", ".join(f"{g} {n}" for g, n in zip(grades.GRADES, mine.counts, strict=True))
    assert table[-1] == (f"seat 0: accuracy {mine.accuracy}, {mine.average:.2f} points lost a "
                         f"decision on average; {counts}")


def test_review_of_every_seat_sums_up_each_seat(tmp_path, capsys):
    game = bot_game(6)
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    assert cli.main(["review", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [s["seat"] for s in printed["seats"]] == [0, 1]
    for s in printed["seats"]:
        mine = [d for d in printed["decisions"] if d["seat"] == s["seat"]]
        assert s["decisions"] == len(mine)
        assert s["grades"] == {g: sum(d["grade"] == g for d in mine) for g in grades.GRADES}
    assert cli.main(["review", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[-4:]] == ["seat 0"] * 2 + ["seat 1"] * 2


def test_review_refuses_a_broken_record_and_a_missing_seat(tmp_path, capsys):
    path = tmp_path / "bad.json"
    record = json.loads(dumps(bot_game(7)))
    record["rounds"][0]["moves"][1] = "6-6>0-0"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    replay_says = capsys.readouterr().err
    assert cli.main(["review", str(path)]) == 2
    assert capsys.readouterr().err == replay_says  # the replay command's one line
    assert replay_says.startswith("round 1, move 2: ") and replay_says.count("\n") == 1
    good = tmp_path / "good.json"
    good.write_text(dumps(bot_game(7)), encoding="utf-8")
    assert cli.main(["review", str(good), "--seat", "2"]) == 2
    assert capsys.readouterr().err == "review: the record has seats 0 to 1, not 2\n"


def test_review_tells_a_solved_decision_from_an_estimate(tmp_path, capsys):
    """A game whose seat 1 meets the boneyard empty: those decisions are
    solved ("exact" in the JSON, "solved" in the table), the others estimated."""
    path = tmp_path / "game.json"
    path.write_text(dumps(bot_game(10)), encoding="utf-8")
    assert cli.main(["review", str(path), "--seat", "1", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["decisions"]
    assert {d["method"] for d in got} == {"exact", "estimate"}
    assert cli.main(["review", str(path), "--seat", "1"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert [row.split()[8] for row in table[1:-2]] == [
        {"exact": "solved", "estimate": "estimate"}[d["method"]] for d in got]


def test_a_game_at_a_real_table_replays_and_is_reviewed_from_the_known_seat(tmp_path, capsys):
    game = observed_bot_game("standard", 2, None, 3)
    for known, name in ((0, "known.json"), (None, "unknown.json")):
        (tmp_path / name).write_text(observed.dumps(observe(game, known)), encoding="utf-8")
    assert cli.main(["replay", str(tmp_path / "unknown.json")]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["scores"] == game.scores and printed["winner"] == game.winner
    assert [r["scores"] for r in printed["rounds"]] == [r.scores for r in game.rounds]
    assert cli.main(["review", str(tmp_path / "known.json"), "--json"]) == 0
    decisions = json.loads(capsys.readouterr().out)["decisions"]
    assert decisions and {d["seat"] for d in decisions} == {0}
    assert cli.main(["review", str(tmp_path / "known.json"), "--seat", "1"]) == 2
    assert capsys.readouterr().err == ("review: a game at a real table is reviewed from the seat "
                                       "whose hand was entered, seat 0\n")
    assert cli.main(["review", str(tmp_path / "unknown.json")]) == 2
    assert capsys.readouterr().err == ("review: a game at a real table is reviewed from the seat "
                                       "whose hand was entered: no hand was\n")
