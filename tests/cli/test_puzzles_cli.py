"""``allfives puzzles generate | list | check``: the files they write and
read, their figures, and bad input as one line with status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives import cli
from allfives.cli import running
from allfives.coach import mining
from allfives.coach import puzzles as pz
from allfives.coach.mining import Tally


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = cli.main(list(argv))
    except SystemExit as e:  # argparse's usage errors
        status = int(e.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_generate_writes_the_puzzles_and_the_runs_figures_then_list_and_check_read_them(
        small_run, tmp_path, capsys, monkeypatch):
    out = tmp_path / "set.json"
    status, said, err = run(capsys, "puzzles", "generate", "--out", str(out), "--games", "1",
                            "--seed", "7", "--jobs", "1", "--preset", "muggins",
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
                          "--games", "1", "--seed", "7", "--jobs", "1", "--preset", "muggins",
                          "--players", "4", "--per-config", "1", "--quiet")
    assert pz.loads((tmp_path / "one.json").read_text()) == [min(found, key=lambda p: p.id)]
    assert json.loads((tmp_path / "one-generation.json").read_text())["shipped"] == 1
    # --progress: the games go into a file as played; a run of more configurations takes them
    keep = tmp_path / "games.json"
    status, _, _ = run(capsys, "puzzles", "generate", "--out", str(tmp_path / "k.json"),
                       "--games", "1", "--seed", "7", "--jobs", "1", "--preset", "muggins",
                       "--players", "4", "--progress", str(keep), "--quiet")
    assert status == 0 and pz.loads((tmp_path / "k.json").read_text()) == found
    kept = json.loads(keep.read_text())
    assert kept["format"] == running.PROGRESS_FORMAT and len(kept["games"]) == 1
    monkeypatch.setattr(mining, "game_puzzles", lambda task: (_ for _ in ()).throw(
        AssertionError(f"played again: {task}")) if task[:2] == ("muggins", 4) else ([], Tally()))
    status, _, _ = run(capsys, "puzzles", "generate", "--out", str(tmp_path / "k2.json"),
                       "--games", "2", "--seed", "7", "--jobs", "1", "--preset", "muggins",
                       "punt", "--players", "4", "--progress", str(keep), "--quiet")
    assert status == 0 and pz.loads((tmp_path / "k2.json").read_text()) == found
    assert len(json.loads(keep.read_text())["games"]) == 2  # punt/4's game kept too
    broken = {**kept, "games": {k: {**v, "puzzles": [{"id": "x"}]}
                                for k, v in kept["games"].items()}}
    keep.write_text(json.dumps(broken))
    status, _, err = run(capsys, "puzzles", "generate", "--out", str(tmp_path / "k3.json"),
                         "--progress", str(keep), "--quiet")
    assert status == 2 and err == (f"puzzles: {keep} is not a file of games kept "
                                   "(allfives-progress/1)\n")
    keep.write_text(json.dumps({**kept, "code": "other"}))
    status, _, err = run(capsys, "puzzles", "generate", "--out", str(tmp_path / "k3.json"),
                         "--progress", str(keep), "--quiet")
    assert status == 2 and err == (f"puzzles: the games kept in {keep} were played by other "
                                   "code: move it away to start over\n")
    status, said, _ = run(capsys, "puzzles", "list", str(out))
    assert status == 0 and json.loads(said)["by_config"] == {"muggins/4": len(found)}
    assert {p.method for p in found} <= {"exact", "estimate"}
    status, said, _ = run(capsys, "puzzles", "check", str(out), "--playouts", "150", "--quiet")
    lines = said.splitlines()
    assert [line[:12] for line in lines[:-1]] == [p.id for p in found]
    assert lines[-1].startswith(f"{len(found)} checked: ")
    assert status == (0 if f"{len(found)} kept" in lines[-1] else 1)


JUDGED = Path(__file__).parents[1] / "data" / "judged-puzzles.json"  # tests/coach/test_judging.py


def test_check_prints_each_puzzles_method_margins_and_verdict_then_a_summary(tmp_path, capsys):
    kept, report = tmp_path / "kept.json", tmp_path / "check.json"
    status, said, err = run(capsys, "puzzles", "check", str(JUDGED), "--playouts", "400",
                            "--keep", str(kept), "--json", str(report), "--quiet")
    assert status == 1 and err == ""
    assert said == (
        "c1c1949d7f0e  standard/2   exact          exact +10.0                keep\n"
        "395ab2285c67  standard/2   exact          exact +0.0                 "
        "drop (tie under exact)\n"
        # a lost game by the game's stake (standard's shipped table): no margin left
        "8cf5542e9057  standard/2   exact          exact +0.0                 drop (decided)\n"
        "61e6608f038a  muggins/2    two estimates  master +91.2 greedy -53.9  "
        "drop (wrong under greedy)\n"
        "4 checked: 1 kept (1 solved exactly), 3 dropped: 1 decided, 1 tie under exact, "
        "1 wrong under greedy\n")
    figures = json.loads(report.read_text())
    assert figures["playouts"] == 400 and figures["margin"] == pz.MARGIN
    assert figures["stake"] == "outcome_stake" and figures["kept_by_method"] == {"exact": 1}
    assert figures["dropped"] == {"decided": 1, "tie under exact": 1, "wrong under greedy": 1}
    assert figures["verdicts"][3] == {
        "id": "61e6608f038a", "config": "muggins/2", "method": "estimate",
        "margins": {"master": 91.2, "greedy": -53.9}, "errors": {"master": 5.18, "greedy": 5.37},
        "verdict": "drop", "reason": "wrong under greedy"}
    # the kept puzzle is written as judged: solved, the solver's losses and margin
    (solved,) = pz.loads(kept.read_text())
    assert solved.id == "c1c1949d7f0e" and solved.method == "exact"
    assert solved.losses == (0.0, 10.0) and solved.margin == 10.0
    # every puzzle checked kept: status 0
    status, said, _ = run(capsys, "puzzles", "check", str(JUDGED), "--id", "c1c1949d7f0e")
    assert status == 0 and said.splitlines()[-1] == "1 checked: 1 kept (1 solved exactly), " \
                                                   "0 dropped"


@pytest.mark.parametrize(("argv", "words"), [
    (["puzzles", "generate", "--out", "x.json", "--games", "0"], "--games"),
    (["puzzles", "generate", "--out", "x.json", "--players", "5"], "--players"),
    (["puzzles", "generate", "--out", "x.json", "--preset", "chess"], "--preset"),
    (["puzzles", "generate"], "--out"),
    (["puzzles", "generate", "--out", "no/such/folder/x.json"], "a folder that exists"),
    (["puzzles", "generate", "--out", "."], "a folder that exists"),
    (["puzzles", "list", "no-such-file.json"], "cannot read"),
    (["puzzles", "check", "no-such-file.json"], "cannot read"),
    (["puzzles", "check", str(JUDGED), "--id", "000000000000"], "holds no puzzle 000000000000"),
    (["puzzles", "check", str(JUDGED), "--keep", "no/such/kept.json"], "(--keep)"),
    (["puzzles", "check", str(JUDGED), "--json", "."], "(--json)"),
    (["puzzles", "check", str(JUDGED), "--playouts", "0"], "--playouts"),
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
