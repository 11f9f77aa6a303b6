"""The command line: bad input is one line on stderr and status 2, never a
traceback; Ctrl-C stops a parallel tournament cleanly; progress only on a
terminal; ``serve`` serves the site and nothing else of the checkout."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from io import StringIO
from pathlib import Path

import pytest

from allfives import cli, tournament
from allfives.cli import running
from allfives.record import dumps
from allfives.rules import Rules
from allfives.site import serve
from allfives.tournament import play_game

from ..helpers import ROOT, interruptible

PYTHON_M = [sys.executable, "-m", "allfives"]


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``main(argv)``; check it refuses with status 2 in exactly one line
    on stderr and nothing on stdout; return the line."""
    try:
        status = cli.main(list(argv))
    except SystemExit as e:  # argparse's usage errors
        status = e.code
    out, err = capsys.readouterr()
    assert status == 2, (status, err)
    assert out == "" and "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


# --rule players=N gave Rules.make players twice (TypeError); it now means --players N.
def test_rule_players_is_the_players_option(capsys):
    assert refused(capsys, "tournament", "--rule", "players=3") == \
        "tournament: 3 players need 3 bots, got 2"
    assert refused(capsys, "tournament", "--players", "2", "--rule", "players=3") == \
        "tournament: --players 2 and --rule players=3 disagree"
    assert cli.main(["tournament", "--rule", "players=3", "--bots", "greedy", "random", "random",
                     "--games", "2", "--jobs", "1", "--json"]) == 0
    assert '"players": 3' in capsys.readouterr().out


# Every unusable rule value is the rules' own one-line message, not a crash
# (int("²") raised ValueError when values were sorted by str.isdigit).
@pytest.mark.parametrize("rule, message", [
    ("target=abc", "target must be a positive whole number, not 'abc'"),
    ("target=²", "target must be a positive whole number, not '²'"),
    ("hand_size=-3", "hand size -3 does not fit: 2 players can hold 1 to 14 tiles each"),
    ("partnership=maybe", "partnership must be true or false"),
    ("players=many", "All Fives is for 2, 3 or 4 players, not 'many'"),
])
def test_unusable_rule_values(capsys, rule, message):
    assert refused(capsys, "tournament", "--rule", rule) == f"tournament: {message}"


# --players 0 was read as "not given" (falsy) and silently replaced.
def test_players_zero_is_refused(capsys):
    assert refused(capsys, "tournament", "--players", "0") == \
        "tournament: All Fives is for 2, 3 or 4 players, not 0"


WHOLE = "expected a whole number from 1 up, not"
PORT = "a port is a number from 0 to 65535, not"


@pytest.mark.parametrize("argv, message", [
    (["tournament", "--games", "0"], f"argument --games: {WHOLE} '0'"),
    (["tournament", "--games", "-5"], f"argument --games: {WHOLE} '-5'"),
    (["tournament", "--jobs", "0"], f"argument --jobs: {WHOLE} '0'"),
    (["tournament", "--jobs", "-2"], f"argument --jobs: {WHOLE} '-2'"),
    (["tournament", "--rule", "colour=red"], "argument --rule: write a rule as NAME=VALUE with "
     "NAME one of players, partnership, hand_size, spinners, spinner_counts, round_end, target, "
     "divisor"),
    (["serve", "--port", "99999"], f"argument --port: {PORT} '99999'"),
    (["serve", "--port", "-1"], f"argument --port: {PORT} '-1'"),
])
def test_nonsense_arguments_are_one_usage_line(capsys, argv, message):
    # --games 0 and negative --jobs used to run (or crash in Pool); --port 99999
    # was an OverflowError; argparse's usage block was several lines.
    assert refused(capsys, *argv) == f"allfives {argv[0]}: {message}"


def test_no_command_is_one_line(capsys):
    assert refused(capsys) == "allfives: the following arguments are required: command"


# --records used to accept a file (crash at the end, after every game was
# played), paths under a file, and folders it then overwrote.
def test_records_must_be_a_new_or_empty_writable_folder(capsys, tmp_path):
    file = tmp_path / "notes.txt"
    file.write_text("mine")
    assert refused(capsys, "tournament", "--records", str(file)) == \
        f"tournament: records folder {file} is a file; name a new or empty folder"
    assert refused(capsys, "tournament", "--records", str(file / "games")) == \
        f"tournament: records folder {file / 'games'}: Not a directory"
    assert refused(capsys, "tournament", "--records", str(tmp_path)) == \
        f"tournament: records folder {tmp_path} is not empty; name a new or empty folder " \
        "(records are never overwritten)"
    assert file.read_text() == "mine"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs file permissions that apply (not root)")
def test_records_folder_that_cannot_be_written(capsys, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        assert refused(capsys, "tournament", "--records", str(locked)) == \
            f"tournament: records folder {locked}: Permission denied"
    finally:
        locked.chmod(0o700)


def test_records_into_an_empty_or_new_folder(capsys, tmp_path):
    (tmp_path / "empty").mkdir()
    for folder in (tmp_path / "empty", tmp_path / "new" / "deeper"):
        assert cli.main(["tournament", "--games", "3", "--jobs", "1", "--records",
                         str(folder)]) == 0
        assert sorted(p.name for p in folder.iterdir()) == \
            ["game-00001.json", "game-00002.json", "game-00003.json"]
    capsys.readouterr()


# A port in use is still refused in one line (status 1: not bad input).
def test_serve_on_a_port_in_use(capsys, monkeypatch):
    monkeypatch.setattr(serve, "missing_vendor", lambda root=serve.ROOT: [])
    with socket.socket() as taken:
        taken.bind((serve.HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"serve: cannot listen on {serve.HOST}:{port}: ")


# Usage lines must name a command that exists: not "__main__.py".
def test_prog_names_the_command_that_ran():
    out = subprocess.run([*PYTHON_M, "tournament", "--games", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith(f"{Path(sys.executable).name} -m allfives tournament: ")
    script = Path(sys.executable).with_name("allfives")
    if not script.exists():
        pytest.skip("no allfives console script next to this python (make venv installs it)")
    out = subprocess.run([str(script), "tournament", "--games", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.startswith("allfives tournament: ")


# Piped into a reader that has gone (`| head`), output errors stay quiet.
def test_a_closed_stdout_is_not_a_traceback(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(dumps(play_game(Rules.make("standard"), ["greedy", "random"], seed=1)))
    read, write = os.pipe()
    os.close(read)
    try:
        out = subprocess.run([*PYTHON_M, "replay", str(record)], cwd=ROOT, stdout=write,
                             stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert out.returncode == 1 and out.stderr == ""


def test_no_progress_when_stderr_is_not_a_terminal():
    out = subprocess.run([*PYTHON_M, "tournament", "--games", "20", "--jobs", "2"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == ""


class Terminal:
    """A tournament run as a terminal runs it: stderr on a pseudo-terminal, in
    its own process group (a terminal's foreground job, which Ctrl-C reaches
    whole: the main process and its workers)."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([*PYTHON_M, "tournament", *args], cwd=ROOT,
                                     stdout=subprocess.DEVNULL, stderr=slave,
                                     start_new_session=True, preexec_fn=interruptible)
        os.close(slave)
        self.seen = b""

    def read(self, until: float) -> bool:
        """Add what the terminal shows next to ``seen``; False once it is closed."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, until - time.monotonic()))
        assert ready, f"nothing more on the terminal after {self.seen!r}"
        try:
            chunk = os.read(self.master, 4096)
        except OSError:  # Linux: every writer has closed it
            return False
        self.seen += chunk
        return bool(chunk)

    def read_until(self, pattern: bytes, timeout: float = 60) -> None:
        until = time.monotonic() + timeout
        while not re.search(pattern, self.seen):
            assert self.read(until), f"no {pattern!r} in {self.seen!r}"

    def finish(self, timeout: float = 60) -> tuple[int, str]:
        """Exit status and everything the terminal showed."""
        until = time.monotonic() + timeout
        while self.read(until):
            pass
        os.close(self.master)
        return self.proc.wait(timeout=timeout), self.seen.decode().replace("\r\n", "\n")


def test_progress_on_a_terminal_is_cleared_at_the_end():
    code, text = Terminal("--games", "30", "--jobs", "1").finish()
    assert code == 0
    assert text.startswith("\r0 of 30 games")
    # the last line (padded over a longer one before it), then blanks over it and the cursor
    # back at the start: nothing left
    end = re.search(r"\r(30 of 30 games, [\d.]+ games/s, 0:00 left *)\r( +)\r\Z", text)
    assert end and len(end.group(2)) >= len(end.group(1)), text


def test_quiet_hides_the_progress():
    assert Terminal("--games", "10", "--jobs", "1", "--quiet").finish() == (0, "")


# Ctrl-C in the pool printed tracebacks from the main process and every worker.
def test_ctrl_c_stops_a_parallel_tournament_in_one_line():
    term = Terminal("--bots", "hard", "medium", "--games", "2000", "--jobs", "2")
    term.read_until(rb"[1-9]\d* of 2000 games, ")
    os.killpg(term.proc.pid, signal.SIGINT)  # what the terminal's Ctrl-C does
    code, text = term.finish()
    assert code == 130
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    shown = int(re.findall(r"(\d+) of 2000 games,", text)[-1])
    said = re.fullmatch(r"tournament: interrupted after (\d+) of 2000 games\n",
                        text.rpartition("\r")[2])
    assert said, text
    assert shown <= int(said.group(1)) < 2000


def test_progress_is_rewritten_in_place_at_most_five_times_a_second(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(running.time, "monotonic", lambda: now[0])
    stream = StringIO()
    progress = running.Progress(50, stream)  # shows the start at once
    now[0] = 100.1
    progress(1)  # too soon after the last: counted, not shown
    assert progress.done == 1
    now[0] = 100.5
    progress(10)
    now[0] = 102.5
    progress(50)  # the last is always shown
    progress.clear()
    assert stream.getvalue() == ("\r0 of 50 games"
                                 "\r10 of 50 games, 20.0 games/s, 0:02 left"
                                 "\r50 of 50 games, 20.0 games/s, 0:00 left"
                                 "\r" + " " * 39 + "\r")


def test_a_shorter_line_is_padded_over_the_longer_one_before_it(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(running.time, "monotonic", lambda: now[0])
    stream = StringIO()
    progress = running.Progress(50, stream)
    now[0] = 100.5
    progress(10)  # 20.0 games/s
    now[0] = 110.0
    progress(50)  # 5.0 games/s: one character shorter
    progress.clear()
    assert stream.getvalue() == ("\r0 of 50 games"
                                 "\r10 of 50 games, 20.0 games/s, 0:02 left"
                                 "\r50 of 50 games, 5.0 games/s, 0:00 left "
                                 "\r" + " " * 39 + "\r")


def test_serve_serves_the_site_and_nothing_else():
    if serve.missing_vendor():
        pytest.skip(f"static/vendor/ is missing: run `{serve.SETUP}`")
    proc = subprocess.Popen([*PYTHON_M, "serve", "--port", "0"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=interruptible)
    try:
        base = re.search(r"http://\S+/", proc.stdout.readline()).group(0)
        for path in ("index.html", "static/vendor/allfives.zip.zst", "allfives/web/worker.py"):
            with urllib.request.urlopen(base + path) as r:
                assert r.status == 200
        # each exists in the checkout: only the server's choice hides it
        for path in (".git/config", ".venv/pyvenv.cfg", "node_modules/.package-lock.json"):
            if (ROOT / path).exists():
                with pytest.raises(urllib.error.HTTPError) as e:
                    urllib.request.urlopen(base + path)
                assert e.value.code == 404, path
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and err == ""


def test_a_tournament_stopped_goes_on_from_its_progress_file(tmp_path, capsys, monkeypatch):
    progress = tmp_path / "progress.json"
    args = ["tournament", "--bots", "medium", "easy", "--seed", "3", "--jobs", "1", "--json",
            "--quiet"]
    assert cli.main([*args, "--games", "6"]) == 0
    whole = capsys.readouterr().out
    assert cli.main([*args, "--games", "2", "--progress", str(progress)]) == 0  # stopped at 2
    capsys.readouterr()
    assert sorted(json.loads(progress.read_text())["games"]) == ["0", "1"]
    played: list[int] = []
    real = tournament.play_rotated
    monkeypatch.setattr(tournament, "play_rotated",
                        lambda *task: played.append(task[3]) or real(*task))
    assert cli.main([*args, "--games", "6", "--progress", str(progress)]) == 0
    assert capsys.readouterr().out == whole and played == [2, 3, 4, 5]
    # another run's games are not taken, nor can a stopped run's records be whole
    other = ["tournament", "--bots", "hard", "easy", "--games", "2", "--quiet"]
    assert cli.main([*other, "--progress", str(progress)]) == 2
    assert capsys.readouterr().err == (f"tournament: the games kept in {progress} are another "
                                       "run's: move it away to start over\n")
    assert cli.main([*other, "--progress", str(progress), "--records", str(tmp_path / "r")]) == 2
    assert capsys.readouterr().err.startswith("tournament: --records and --progress cannot")
    # a kept game that is no game: the file is refused in one line, no traceback
    kept = json.loads(progress.read_text())
    progress.write_text(json.dumps({**kept, "games": {**kept["games"], "1": [0, "x", 3]}}))
    assert cli.main([*args, "--games", "6", "--progress", str(progress)]) == 2
    assert capsys.readouterr().err == (f"tournament: {progress} is not a file of games kept "
                                       "(allfives-progress/1)\n")
