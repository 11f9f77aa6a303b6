"""bench/harness.py's pure parts: the figures every bench reports, the
command line's checks, and the results file."""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
from pathlib import Path

import pytest

from bench import harness


def test_median_and_percentile_exact() -> None:
    assert harness.median([3, 1, 2]) == 2
    assert harness.median([4, 1, 3, 2]) == 2.5
    ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # any order
    assert harness.percentile(ten, 0.5) == 6  # rank floor(0.5 * 10) + 1
    assert harness.percentile(ten, 0.95) == 10
    hundred = list(range(1, 101))
    assert harness.percentile(hundred, 0.95) == 96
    assert harness.percentile(hundred, 0.99) == 100
    assert harness.percentile(list(range(1, 61)), 0.99) == 60  # fewer than 100: the largest
    assert harness.percentile([7], 0.0) == 7
    assert math.isnan(harness.median([])) and math.isnan(harness.percentile([], 0.95))


def test_spread_scales_and_rounds() -> None:
    seconds = [0.004, 0.001, 0.0105, 0.002]
    assert harness.spread(seconds, 1, 1000) == {"p50_ms": 3.0, "p95_ms": 10.5, "max_ms": 10.5}
    assert harness.spread([1.23456, 2.0], 3, figures=("p50", "p95")) == {
        "p50_ms": 1.617, "p95_ms": 2.0}


def test_write_json(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    harness.write_json(out, {"a": 1, "b": [1, 2]})
    assert out.read_text(encoding="utf-8") == '{\n "a": 1,\n "b": [\n  1,\n  2\n ]\n}\n'
    data = {"losses": [{"x": 1}, {"y": [2]}], "a": "é"}
    harness.write_json(out, data, lines="losses")
    text = out.read_text(encoding="utf-8")
    assert text == ('{\n "a": "\\u00e9",\n "losses": [\n  {"x": 1},\n  {"y": [2]}\n ]\n}\n')
    assert json.loads(text) == data


def test_identity() -> None:
    assert harness.command(["--games", "2", "a b"], "x.py") == "python bench/x.py --games 2 'a b'"
    assert re.fullmatch(r"[0-9a-f]{40}(\+dirty)?|unknown", harness.commit())
    ident = harness.identity([])
    assert list(ident) == ["command", "commit", "date"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", ident["date"])


def test_a_commit_is_dirty_when_what_runs_changed(tmp_path) -> None:
    """The engine, the page's Python or the page's files changed: ``+dirty``;
    a document or a result: not."""
    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                       cwd=tmp_path, check=True, capture_output=True)

    for name in ("allfives/engine.py", "allfives/web/app.py", "static/page.mjs", "README.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("1\n")
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "one")
    head = harness.commit(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{40}", head)
    (tmp_path / "README.md").write_text("2\n")
    assert harness.commit(tmp_path) == head
    for name in ("allfives/web/app.py", "static/page.mjs", "allfives/engine.py"):
        (tmp_path / name).write_text("2\n")
        assert harness.commit(tmp_path) == head + "+dirty", name
        git("checkout", "-q", "--", name)


def test_flags_fail_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="x.py")
    harness.add_jobs(parser, 2)
    harness.add_base(parser)
    assert parser.parse_args([]).jobs == 2 and parser.parse_args([]).base is None
    (tmp_path / "allfives").mkdir()
    assert parser.parse_args(["--base", str(tmp_path)]).base == tmp_path.resolve()
    for bad, said in ((["--jobs", "0"], "argument --jobs: must be at least 1, not 0"),
                      (["--jobs", "two"], "argument --jobs: not a whole number: 'two'"),
                      (["--base", str(tmp_path / "allfives")],
                       f"argument --base: no allfives/ package in {tmp_path / 'allfives'}")):
        with pytest.raises(SystemExit) as exit_:
            parser.parse_args(bad)
        assert exit_.value.code == 2
        assert capsys.readouterr().err.splitlines()[-1] == f"x.py: error: {said}"


def test_trees_and_stored_settings(tmp_path: Path) -> None:
    assert harness.trees(None) == {"this": harness.ROOT}
    assert harness.trees(tmp_path) == {"this": harness.ROOT, "base": tmp_path}
    script = harness.stored({"bot_pause": 0}, {"players": 2})
    assert script == ("localStorage.setItem('allfives.settings', \"{\\\"bot_pause\\\": 0}\");"
                      "localStorage.setItem('allfives.setup', \"{\\\"players\\\": 2}\");")


def test_a_table_names_its_results_and_its_new_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    from allfives.web.table.setup import Setup

    parser = argparse.ArgumentParser(prog="x.py")
    harness.add_table(parser)
    out = Path("bench/coach_delay.json")

    def table(*argv: str) -> tuple[str, dict[str, object]]:
        args = parser.parse_args(argv)
        harness.checked_table(parser, args)
        return harness.for_table(out, args).name, harness.table_setup(args)

    assert table() == ("coach_delay.json", {"players": 2, "partnership": False, "target": 0})
    assert table("--players", "3", "--target", "150") == (
        "coach_delay.3-players-to-150.json", {"players": 3, "partnership": False, "target": 150})
    assert table("--players", "4") == (
        "coach_delay.4-partners.json", {"players": 4, "partnership": True, "target": 0})
    name, setup = table("--players", "4", "--alone")
    assert name == "coach_delay.4-alone.json"
    assert table("--target", "100")[0] == "coach_delay.to-100.json"
    # the page's own new-game choices read it as meant
    rules = Setup.from_json({**setup, "bots": ["easy"] * 3}).rules()
    assert (rules.players, rules.partnership, rules.target) == (4, False, 200)
    with pytest.raises(SystemExit):
        table("--players", "3", "--alone")
    assert capsys.readouterr().err.splitlines()[-1] == "x.py: error: --alone needs --players 4"
