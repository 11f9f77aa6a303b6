"""``allfives review FILE``: the same analysis as the page, as a table or JSON;
bad records and seats refused in one line with status 2."""

from __future__ import annotations

import json

from test_analysis import bot_game

from allfives import __main__ as cli
from allfives.bots.analysis import review
from allfives.record import dumps


def test_review_prints_the_analysis_as_json_and_as_a_table(tmp_path, capsys):
    game = bot_game(6)
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    assert cli.main(["review", str(path), "--seat", "0", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress line off a terminal
    got = json.loads(out)["decisions"]
    expected = [d.to_json() for d in review(game, {0})]
    assert got == expected and len(got) >= 3
    assert all(d["seat"] == 0 and d["loss"] >= 0 for d in got)
    assert cli.main(["review", str(path), "--seat", "0"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["round", "move", "seat", "played", "best", "loss", "options",
                                "reason"]
    assert len(table) == 1 + len(got) + 1
    lost = sum(d["loss"] for d in got)
    assert table[-1].startswith(f"seat 0: {len(got)} decisions, {lost:.1f} points lost")


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
