"""``allfives puzzles generate | list | check``: the files they write and
read, their figures, and bad input as one line with status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives import __main__ as cli
from allfives.coach import mining
from allfives.coach import puzzles as pz


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = cli.main(list(argv))
    except SystemExit as e:  # argparse's usage errors
        status = int(e.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_generate_writes_the_puzzles_and_the_runs_figures_then_list_and_check_read_them(
        small_run, tmp_path, capsys):
    out = tmp_path / "set.json"
    status, said, err = run(capsys, "puzzles", "generate", "--out", str(out), "--games", "1",
                            "--seed", "4", "--jobs", "1", "--preset", "muggins",
                            "--players", "4", "--quiet")
    assert status == 0 and err == ""
    found = pz.loads(out.read_text())
    figures = json.loads((tmp_path / "set-generation.json").read_text())
    assert figures["kept"] == figures["shipped"] == len(found) > 1 and figures["games"] == 1
    assert figures["configs"] == ["muggins/4"] and figures["checks"]["margin"] == pz.MARGIN
    assert said.startswith(f"{len(found)} puzzles found of {figures['decisions_tried']} "
                           f"decisions tried ({figures['decisions_valued']} valued), "
                           f"{len(found)} written in 1 game")
    # --per-config keeps that many of each preset and players, the lowest ids, in their order
    status, said, _ = run(capsys, "puzzles", "generate", "--out", str(tmp_path / "one.json"),
                          "--games", "1", "--seed", "4", "--jobs", "1", "--preset", "muggins",
                          "--players", "4", "--per-config", "1", "--quiet")
    assert pz.loads((tmp_path / "one.json").read_text()) == [min(found, key=lambda p: p.id)]
    assert json.loads((tmp_path / "one-generation.json").read_text())["shipped"] == 1
    status, said, _ = run(capsys, "puzzles", "list", str(out))
    assert status == 0 and json.loads(said)["by_config"] == {"muggins/4": len(found)}
    status, said, _ = run(capsys, "puzzles", "check", str(out), "--playouts", "150", "--quiet")
    checked = json.loads(said)
    assert checked["puzzles"] == len(found) and checked["playouts"] == 150
    assert status == (1 if checked["failed"] else 0)
    assert checked["answer_still_best"] == len(found) - len(checked["failed"])


def test_check_says_which_answers_are_no_longer_best(tmp_path, capsys, monkeypatch):
    shipped = pz.loads(Path(pz.__file__).with_name("puzzles.json").read_text())[:2]
    path = tmp_path / "two.json"
    path.write_text(pz.dumps(shipped))
    # values that make the first legal move best: each answer that is not it fails
    monkeypatch.setattr(mining, "values_of", lambda moment, playouts, salt: [
        10.0 if i == 0 else 0.0 for i in range(len(moment.view.legal_moves()))])
    monkeypatch.setattr(mining, "master_move", lambda puzzle: puzzle.answer)
    status, said, _ = run(capsys, "puzzles", "check", str(path), "--quiet")
    checked = json.loads(said)
    wrong = [p.id for p in shipped if p.answer != p.view.legal_moves()[0]]
    assert checked["failed"] == wrong and status == (1 if wrong else 0)
    assert checked["median_margin"] == (10.0 if len(wrong) < 2 else None)
    assert checked["master_agrees"] == 2


def test_check_asks_the_master_and_keeps_the_puzzles_that_pass(tmp_path, capsys, monkeypatch):
    shipped = pz.loads(Path(pz.__file__).with_name("puzzles.json").read_text())[:3]
    path, kept = tmp_path / "three.json", tmp_path / "kept.json"
    path.write_text(pz.dumps(shipped))
    monkeypatch.setattr(mining, "values_of", lambda moment, playouts, salt: [
        10.0 if m == moment.played else 0.0 for m in moment.view.legal_moves()])
    # the master plays another move in the second puzzle only
    other = next(m for m in shipped[1].view.legal_moves() if m != shipped[1].answer)
    monkeypatch.setattr(mining, "master_move", lambda puzzle: (
        other if puzzle.id == shipped[1].id else puzzle.answer))
    status, said, _ = run(capsys, "puzzles", "check", str(path), "--keep", str(kept),
                          "--quiet")
    checked = json.loads(said)
    assert status == 1 and checked["failed"] == [shipped[1].id]
    assert checked["answer_still_best"] == 3 and checked["master_agrees"] == 2
    assert checked["kept"] == 2 and pz.loads(kept.read_text()) == [shipped[0], shipped[2]]
    status, _, err = run(capsys, "puzzles", "check", str(path), "--keep",
                         str(tmp_path / "no" / "kept.json"), "--quiet")
    assert status == 2 and err.startswith("puzzles: cannot write") and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "words"), [
    (["puzzles", "generate", "--out", "x.json", "--games", "0"], "--games"),
    (["puzzles", "generate", "--out", "x.json", "--players", "5"], "--players"),
    (["puzzles", "generate", "--out", "x.json", "--preset", "chess"], "--preset"),
    (["puzzles", "generate"], "--out"),
    (["puzzles", "generate", "--out", "no/such/folder/x.json"], "a folder that exists"),
    (["puzzles", "generate", "--out", "."], "a folder that exists"),
    (["puzzles", "list", "no-such-file.json"], "cannot read"),
    (["puzzles", "check", "no-such-file.json"], "cannot read"),
    (["puzzles"], "action"),
])
def test_bad_input_is_one_line_and_status_2(argv, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_a_bad_puzzle_file_is_named_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "allfives-puzzles", "version": 1, "puzzles": [{"rules": 1}]}')
    for action in ("list", "check"):
        status, out, err = run(capsys, "puzzles", action, str(path))
        assert status == 2 and out == ""
        assert err == f"puzzles: {path}: puzzle 1: rules must be an object like " \
                      '{"preset": "standard", "players": 2}\n'
