"""Bot tournaments: many seeded games, seats rotated, results with confidence."""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bots import make_bot
from .errors import AllFivesError
from .executors import executor
from .game import Game
from .record import dumps
from .rules import Rules
from .view import PlayerView

MAX_ROUNDS = 400  # a game still running after this many rounds counts as unfinished


def play_game(rules: Rules, bot_names: Sequence[str], seed: int | str) -> Game:
    """One game between bots seated in the given order, to the end."""
    bots = [make_bot(name, f"{seed}:{seat}") for seat, name in enumerate(bot_names)]
    game = Game(rules, seed)
    while True:
        rnd = game.round
        while not rnd.over:
            move = bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn))
            rnd.apply(move)
        if game.over or len(game.rounds) >= MAX_ROUNDS:
            return game
        game.next_round()


def lineup(rules: Rules, names: Sequence[str]) -> list[str]:
    """One bot name per seat; with partnerships, two names fill the four seats."""
    if rules.partnership and len(names) == 2:
        return [names[0], names[1], names[0], names[1]]
    if len(names) != rules.players:
        raise AllFivesError(f"{rules.players} players need {rules.players} bots, "
                            f"got {len(names)}")
    return list(names)


@dataclass(frozen=True)
class GameResult:
    winner: int | None  # entry index, or None if unfinished
    scores: tuple[int, ...]  # per entry
    rounds: int
    record: str | None


Task = tuple[Rules, list[str], str, int, bool, bool]  # play_rotated's arguments


def seatings(names: Sequence[str]) -> int:
    """How many different tables turning ``names`` round gives: as many as
    seats, but 2 for partners (A, B, A, B turned by two seats is the same
    table, and the same bots on the same deal play the same game)."""
    n = len(names)
    return next(k for k in range(1, n + 1)
                if n % k == 0 and all(names[i] == names[(i + k) % n] for i in range(n)))


def play_rotated(rules: Rules, names: Sequence[str], seed: str, index: int,
                 keep_record: bool = False, duplicate: bool = False) -> GameResult:
    """Game ``index`` of a tournament between ``names`` (one per seat): the
    seats rotate by the index, and the result is given per entry of ``names``
    (per side with partnerships), not per seat. With ``duplicate``, each run
    of as many games as different seatings (``seatings``) shares one seed, so
    every entry meets the same deals from every place at the table
    (duplicate deals: less luck in the figures)."""
    n = rules.players
    runs = seatings(names) if duplicate else n
    shift = index % runs
    seated = [names[(seat + shift) % n] for seat in range(n)]
    game = play_game(rules, seated,
                     f"{seed}:d{index // runs}" if duplicate else f"{seed}:{index}")
    # Entry e sits in seat (e - shift) % n; map sides back to entries.
    entry_of_side = {rules.side_of((e - shift) % n): e for e in range(rules.sides)}
    scores = [0] * rules.sides
    for side, score in enumerate(game.scores):
        scores[entry_of_side[side]] = score
    winner = entry_of_side[game.winner] if game.winner is not None else None
    return GameResult(winner, tuple(scores), len(game.rounds),
                      dumps(game) if keep_record else None)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def prepare_records(folder: Path) -> None:
    """Make ``folder`` ready for a tournament's records, before any game is
    played: it must be new or empty (records are never overwritten) and
    writable; raise ``AllFivesError`` saying what is wrong."""
    if folder.exists() and not folder.is_dir():
        raise AllFivesError(f"records folder {folder} is a file; name a new or empty folder")
    if folder.is_dir() and any(folder.iterdir()):
        raise AllFivesError(f"records folder {folder} is not empty; "
                            "name a new or empty folder (records are never overwritten)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        raise AllFivesError(f"records folder {folder}: {e.strerror or e}") from None


def run(rules: Rules, names: Sequence[str], games: int, seed: int | str = 1, jobs: int = 1,
        records: Path | None = None,
        on_game: Callable[[int], None] | None = None,
        duplicate: bool = False, scheduler: str | None = None,
        kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games and return the summary (what ``--json`` prints).

    ``records``, a new or empty folder, receives every game as it ends;
    ``on_game`` is called with the number of games done after each;
    ``duplicate`` deals each seed to every seat in turn (``play_rotated``);
    ``scheduler``, a Dask scheduler's address, plays them on its cluster
    (else ``jobs`` processes here; ``executors.ClusterError`` if it cannot);
    ``kept``: games played before, by number (``[winner, scores, rounds]``),
    not played again; each game played is added to it.
    """
    seated = lineup(rules, names)
    if records is not None:
        prepare_records(records)
    tasks = [(rules, seated, str(seed), i, records is not None, duplicate)
             for i in range(games)]
    results: list[GameResult] = []
    with _played([t for t in tasks if kept is None or str(t[3]) not in kept],
                 jobs, scheduler) as played:
        for i in range(games):
            if kept is not None and str(i) in kept:
                winner, scores, rounds = kept[str(i)]
                res = GameResult(winner, tuple(scores), rounds, None)
            else:
                res = next(played)
                if kept is not None:
                    kept[str(i)] = [res.winner, list(res.scores), res.rounds]
            if records is not None:
                (records / f"game-{len(results) + 1:05d}.json").write_text(res.record or "")
            results.append(res)
            if on_game is not None:
                on_game(len(results))
    return summarize(rules, seated, results, seed, duplicate)


def kept_game(entry: object) -> bool:
    """Whether a kept game (``run``'s ``kept``) reads as one: [winner, scores, rounds]."""
    if not isinstance(entry, list) or len(entry) != 3:
        return False
    winner, scores, rounds = entry
    return (winner is None or type(winner) is int) and isinstance(scores, list) \
        and all(type(s) is int for s in scores) and type(rounds) is int


def play_games(rules: Rules, seated: Sequence[str], indices: Sequence[int], seed: int | str = 1,
               jobs: int = 1, duplicate: bool = False,
               scheduler: str | None = None) -> Iterator[GameResult]:
    """Games ``indices`` of a tournament (``play_rotated``), in that order, as
    they come (on ``jobs`` processes, or the Dask cluster at ``scheduler``):
    a long measurement plays a tournament in parts and keeps each game."""
    tasks = [(rules, list(seated), str(seed), i, False, duplicate) for i in indices]
    with _played(tasks, jobs, scheduler) as played:
        yield from played


def summarize(rules: Rules, seated: Sequence[str], results: Sequence[GameResult],
              seed: int | str, duplicate: bool = False) -> dict[str, Any]:
    """A tournament's summary from its games' results (what ``--json`` prints)."""
    games = len(results)
    rounds = sum(r.rounds for r in results)
    labels = _labels([seated[e] if not rules.partnership else f"{seated[e]}+{seated[e + 2]}"
                      for e in range(rules.sides)])
    sides = []
    for e, label in enumerate(labels):
        wins = sum(1 for r in results if r.winner == e)
        lo, hi = wilson(wins, games)
        sides.append({
            "name": label,
            "wins": wins,
            "win_rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "points_per_round": round(sum(r.scores[e] for r in results) / rounds, 3)
            if rounds else 0.0,
        })
    return {
        "rules": rules.to_dict(),
        "games": games,
        "seed": seed,
        "duplicate": duplicate,
        "rounds": rounds,
        "unfinished": sum(1 for r in results if r.winner is None),
        "sides": sides,
    }


@contextmanager
def _played(tasks: list[Task], jobs: int,
            scheduler: str | None) -> Iterator[Iterator[GameResult]]:
    """The results in the tasks' order, as they come: played in this process,
    in ``jobs`` worker processes (few games per chunk, so progress flows) or
    on the Dask cluster at ``scheduler`` (``executors.executor``), stopped
    when the ``with`` block ends."""
    workers = max(1, min(jobs, len(tasks)))
    with executor(jobs, scheduler, len(tasks)) as pool:
        yield pool.map(_play_task, tasks, chunksize=max(1, min(8, len(tasks) // (workers * 8))))


def _play_task(task: Task) -> GameResult:
    return play_rotated(*task)


def progress_line(done: int, total: int, elapsed: float, unit: str = "games") -> str:
    """What a long command shows while it runs: ``unit`` done, per second,
    and the time left at that rate (once there is a rate)."""
    if done <= 0 or elapsed <= 0:
        return f"{done} of {total} {unit}"
    rate = done / elapsed
    left = math.ceil((total - done) / rate)
    minutes, seconds = divmod(left, 60)
    hours, minutes = divmod(minutes, 60)
    clock = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
    return f"{done} of {total} {unit}, {rate:.1f} {unit}/s, {clock} left"


def _labels(names: list[str]) -> list[str]:
    if len(set(names)) == len(names):
        return names
    return [f"{name}#{i}" for i, name in enumerate(names)]


def format_table(result: dict[str, Any]) -> str:
    lines = [f"{result['games']} games, {result['rounds']} rounds, "
             f"rules {json.dumps(result['rules'])}"]
    width = max(len(s["name"]) for s in result["sides"])
    for s in result["sides"]:
        lo, hi = s["ci95"]
        lines.append(f"  {s['name']:<{width}}  won {s['wins']:>5}  {100 * s['win_rate']:5.1f}% "
                     f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%)  "
                     f"{s['points_per_round']:7.2f} points/round")
    if result["unfinished"]:
        lines.append(f"  unfinished (over {MAX_ROUNDS} rounds): {result['unfinished']}")
    return "\n".join(lines)


def default_jobs() -> int:
    return max(1, (os.cpu_count() or 1))
