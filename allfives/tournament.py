"""Bot tournaments: many seeded games, seats rotated, results with confidence."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from .bots import make_bot
from .errors import AllFivesError
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


def play_rotated(rules: Rules, names: Sequence[str], seed: str, index: int,
                 keep_record: bool = False) -> GameResult:
    """Game ``index`` of a tournament between ``names`` (one per seat): the
    seats rotate by the index, and the result is given per entry of ``names``
    (per side with partnerships), not per seat."""
    n = rules.players
    shift = index % n
    seated = [names[(seat + shift) % n] for seat in range(n)]
    game = play_game(rules, seated, f"{seed}:{index}")
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


def run(rules: Rules, names: Sequence[str], games: int, seed: int | str = 1, jobs: int = 1,
        records: Path | None = None) -> dict[str, Any]:
    """Play ``games`` games and return the summary (what ``--json`` prints)."""
    seated = lineup(rules, names)
    tasks = [(rules, seated, str(seed), i, records is not None) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.starmap(play_rotated, tasks, chunksize=max(1, games // (jobs * 8)))
    else:
        results = [play_rotated(*t) for t in tasks]
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        for i, res in enumerate(results):
            (records / f"game-{i + 1:05d}.json").write_text(res.record or "")
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
        "rounds": rounds,
        "unfinished": sum(1 for r in results if r.winner is None),
        "sides": sides,
    }


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
