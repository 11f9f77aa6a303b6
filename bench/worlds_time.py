#!/usr/bin/env python3
"""The worlds judge on the positions the game meets (issue 29).
Writes bench/worlds_time.json.

Seeded games between expert bots under every preset, at three tables: 3
players, 4 in partnerships, 4 without partners (game ``i`` of a preset and
table dealt from seed ``worlds:PRESET:TABLE:i``, played to the end). Every
decision (two or more legal moves) with the boneyard empty is kept: the other
hands are hidden, but every unseen tile is in one of them.

Timing: ``worlds.judge`` on each kept decision, the quickest of
``--repeats`` (the machine is shared), in CPython; a decision it gives up on
(too many deals, or past the node budget) counts with the time it took to
give up. Per table: the decisions, how many were judged (every deal solved,
or sampled), p50/p95/max ms, the deals and the positions searched.

``--ways``: the choice of what "solved exactly" means with 3 sides or more
(3 players, 4 without partners): paranoid (``exact.solve``, the judge's) or
max-n (``solve_maxn`` below: each side maximises its own measure). On every
decision of such a table that both decide: how often they pick the same
move; where not, which one is the master's move by its playouts
(``MasterBot.search``, its default budget), and the mover's side's
``outcome`` (points minus the others' mean, a won game ``WIN_BONUS``) of
the rest of the round with its seats playing paranoid less playing max-n
(past the judge, the master's search; every other seat the master without
the judge).

``--strength N``: from the first decision the judge decides in each of the
first ``N`` rounds per table, the rest of the round played once per side
with its seats judging and once with them searching as the master did
before; the side's outcome, judging less searching (paired, per side; every
other seat the master without the judge).

    .venv/bin/python bench/worlds_time.py [--games 2] [--repeats 3] [--ways]
                                          [--strength 40] [--jobs 1]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

import harness

from allfives import __version__
from allfives.bots import make_bot
from allfives.bots.exact import EDGE, OutOfBudget, Solution, Stake, distinct
from allfives.bots.expert import outcome
from allfives.bots.master import MasterBot
from allfives.bots.worlds import ENUMERATE, FILLINGS, NODES, SAMPLES, judge
from allfives.game import Game, Round
from allfives.moves import PLAY_MOVE, Move
from allfives.rules import PRESETS, Rules
from allfives.tournament import MAX_ROUNDS
from allfives.view import PlayerView

OUT = harness.BENCH / "worlds_time.json"
TABLES = {"3": (3, False), "4-partners": (4, True), "4-alone": (4, False)}


def rules_of(preset: str, table: str) -> Rules:
    players, partners = TABLES[table]
    return Rules.make(preset, players=players, partnership=partners)


Position = tuple[Round, bool]  # a decision's round, and whether the first the judge decides


def game_positions(task: tuple[str, str, int]) -> list[Position]:
    """Every decision with the boneyard empty of one seeded expert game, as
    the round then was, each marked if it is the first of its round that the
    judge decides."""
    preset, table, index = task
    seed = f"worlds:{preset}:{table}:{index}"
    rules = rules_of(preset, table)
    game = Game(rules, seed)
    bots = [make_bot("expert", f"{seed}:{seat}") for seat in range(rules.players)]
    out: list[Position] = []
    while True:
        rnd = game.round
        first = True
        while not rnd.over:
            view = PlayerView.of(rnd, rnd.turn)
            if not view.boneyard_left and len(view.legal_moves()) > 1:
                decided = first and judge(view) is not None
                first = first and not decided
                out.append((rnd.copy(), decided))
            rnd.apply(bots[rnd.turn].choose(view))
        if game.over or len(game.rounds) >= MAX_ROUNDS:
            return out
        game.next_round()


def view_of(rnd: Round) -> PlayerView:
    return PlayerView.of(rnd, rnd.turn)


def timed(view: PlayerView, repeats: int) -> dict[str, Any]:
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        found = judge(view)
        seconds.append(time.perf_counter() - started)
    return {"seconds": min(seconds), "judged": found is not None,
            "sampled": bool(found and found.sampled), "deals": found.deals if found else None,
            "nodes": found.nodes if found else None,
            "error": max(found.errors) if found else None}


def timing(rows: list[dict[str, Any]]) -> dict[str, Any]:
    judged = [r for r in rows if r["judged"]]
    return {"decisions": len(rows), "judged": len(judged),
            "sampled": sum(r["sampled"] for r in judged),
            **harness.spread([r["seconds"] for r in rows], 1, 1000),
            "judged_ms": harness.spread([r["seconds"] for r in judged], 1, 1000)
            if judged else None,
            "deals_max": max((r["deals"] for r in judged), default=None),
            "nodes_p50": harness.median(r["nodes"] for r in judged) if judged else None,
            "nodes_max": max((r["nodes"] for r in judged), default=None),
            "sampled_error_max": max((r["error"] for r in judged if r["sampled"]),
                                     default=None)}


class _MaxN:
    """Max-n over one open round: every seat picks the move best for its own
    side by the stake (ties: the first in the search's order, most points
    now first); a position's value is every side's stake, kept per position
    in a table (keyed as ``exact._Search``'s)."""

    def __init__(self, rnd: Round, stake: Stake, budget: int) -> None:
        self.rnd = rnd
        self.stake = stake
        self.budget = budget
        self.sides = rnd.rules.sides
        self.first_spinner = rnd.rules.spinners == "first"
        self.edges = sum(EDGE[PLAY_MOVE[t][on]] for t, on in rnd.layout.placements)
        self.table: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.nodes = 0

    def after(self, move: Move) -> tuple[float, ...]:
        rnd = self.rnd
        rnd.play(move)
        edge = EDGE[move] if move >= 0 else 0
        self.edges += edge
        value = self.value()
        self.edges -= edge
        rnd.undo()
        return value

    def value(self) -> tuple[float, ...]:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget(self.budget)
        rnd = self.rnd
        if rnd.end is not None:
            return tuple(self.stake(rnd.scores, rnd.winner, s) for s in range(self.sides))
        moves = rnd.legal_moves()
        if len(moves) == 1:
            return self.after(moves[0])
        spinners = rnd.layout.spinner_tiles
        key = (*rnd.hands, rnd.turn, *rnd.scores, self.edges,
               spinners[0] if self.first_spinner and spinners else -1)
        found = self.table.get(key)
        if found is not None:
            return found
        side = rnd.side_of[rnd.turn]
        moves = distinct(moves)
        moves.sort(key=rnd.points_for, reverse=True)
        best = self.after(moves[0])
        for move in moves[1:]:
            v = self.after(move)
            if v[side] > best[side]:
                best = v
        self.table[key] = best
        return best


def solve_maxn(rnd: Round, stake: Stake, budget: int) -> Solution:
    """``exact.solve``'s answer by max-n: each legal move's value for the
    mover's side when every side plays for its own stake."""
    search = _MaxN(rnd.copy(), stake, budget)
    side = rnd.side_of[rnd.turn]
    moves = rnd.legal_moves()
    values = tuple(search.after(m)[side] for m in moves)
    return Solution(side, tuple(moves), values, search.nodes)


SOLVERS: dict[str, Any] = {"paranoid": None, "max-n": solve_maxn}  # None: the judge's own


def judged(view: PlayerView, way: str) -> Any:
    solver = SOLVERS[way]
    return judge(view) if solver is None else judge(view, solver=solver)


class Judging:
    """A seat that plays the judge's best ``way`` where it decides, else the
    master's search (``way`` None: the master without the judge)."""

    def __init__(self, seed: str, way: str | None) -> None:
        self.way = way
        self.master = MasterBot(seed=seed, judge=False)

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        found = judged(view, self.way) if self.way and len(moves) > 1 else None
        return found.best if found is not None else self.master.choose(view)


def played(start: Round, side: int, way: str | None, seed: str) -> float:
    """``side``'s outcome of the rest of the round from ``start``, its seats
    playing ``way``, the others the master without the judge."""
    rnd = start.copy()
    bots = [Judging(f"{seed}:{s}", way if start.side_of[s] == side else None)
            for s in range(start.players)]
    while rnd.end is None:
        rnd.apply(bots[rnd.turn].choose(view_of(rnd)))
    return outcome(rnd, start.scores, side)


def strength_task(task: tuple[int, Round]) -> list[float]:
    """Per side, the judge's gain over the master's search from ``start``."""
    index, start = task
    seed = f"strength:{index}"
    return [played(start, side, "paranoid", seed) - played(start, side, None, seed)
            for side in range(start.rules.sides)]


def ways_task(task: tuple[int, Round]) -> dict[str, Any]:
    """Where paranoid and max-n pick different moves: which one is the
    master's playouts' move, and the mover's side's outcome of the rest of
    the round playing paranoid less playing max-n; else whether they agree
    or max-n gave up (past the node budget: it prunes nothing)."""
    index, start = task
    view = view_of(start)
    best = {way: judged(view, way) for way in SOLVERS}
    if best["max-n"] is None:
        return {"max-n": None}
    if best["paranoid"].best == best["max-n"].best:
        return {"same": True}
    master = MasterBot(seed=f"ways:{index}").search(view, view.legal_moves())
    side = start.side_of[start.turn]
    seed = f"ways:{index}"
    return {**{way: b.best == master for way, b in best.items()},
            "gain": played(start, side, "paranoid", seed) - played(start, side, "max-n", seed)}


def paired(xs: list[float]) -> dict[str, Any]:
    n = len(xs)
    mean = statistics.fmean(xs) if xs else math.nan
    error = statistics.stdev(xs) / math.sqrt(n) if n > 1 else math.nan
    return {"n": n, "changed": sum(x != 0 for x in xs), "mean": round(mean, 3),
            "standard_error": round(error, 3),
            "interval_95": [round(mean - 1.96 * error, 2), round(mean + 1.96 * error, 2)]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=2,
                        help="per preset and table (default 2)")
    parser.add_argument("--repeats", type=harness.at_least(1), default=3)
    parser.add_argument("--ways", action="store_true",
                        help="paranoid against max-n where they differ (3 sides or more)")
    parser.add_argument("--strength", type=int, default=0,
                        help="rounds per table to play on with and without the judge")
    harness.add_jobs(parser, 1)
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(p, t, i) for t in TABLES for p in sorted(PRESETS) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        games = pool.map(game_positions, tasks)
        result: dict[str, Any] = {}
        for table in TABLES:
            mine = [p for task, game in zip(tasks, games, strict=True) if task[1] == table
                    for p in game]
            rows = pool.starmap(timed, [(view_of(rnd), args.repeats) for rnd, _ in mine])
            result[table] = {"timing": timing(rows)}
            if args.ways and not TABLES[table][1]:
                result[table]["ways"] = ways(pool, [rnd for (rnd, _), row in
                                                    zip(mine, rows, strict=True)
                                                    if row["judged"]])
            if args.strength:
                starts = [rnd for rnd, first in mine if first][:args.strength]
                gains = pool.map(strength_task, enumerate(starts))
                result[table]["strength"] = paired([x for g in gains for x in g])
            print(table, result[table], file=sys.stderr)
    harness.write_json(OUT, {
        "about": "The worlds judge (allfives/bots/worlds.py, issue 29) on every decision with "
                 "the boneyard empty in seeded expert games at 3 and 4 players (hands hidden): "
                 "ms p50/p95/max in CPython (quickest of the repeats; p95 at rank "
                 "floor(0.95 n) + 1; a decision given up on counts with the time it took), "
                 "how many it decides (sampled: past ENUMERATE deals), deals, positions "
                 "searched and the largest standard error stated. ways (--ways, 3 sides or "
                 "more): of the decisions judged, where paranoid and max-n pick the same move, "
                 "and where not, which one is the master's playouts' move and the mover's "
                 "side's outcome playing the rest of the round paranoid less max-n (others: "
                 "the master without the judge). strength (--strength N): from the first "
                 "decision the judge decides in each of N rounds, each side's outcome of the "
                 "rest of the round with the judge less without (the master's search), the "
                 "others the master without the judge; paired, per side.",
        **harness.identity(), "engine": __version__, "machine": harness.machine(),
        "games_per_preset": args.games, "repeats": args.repeats,
        "limits": {"nodes": NODES, "enumerate": ENUMERATE, "samples": SAMPLES,
                   "fillings": FILLINGS},
        "seconds": round(time.perf_counter() - started, 1), "tables": result})
    return 0


def ways(pool: Any, decided: list[Round]) -> dict[str, Any]:
    """The ``--ways`` figures of one table's judged decisions."""
    every = pool.map(ways_task, enumerate(decided))
    found = [w for w in every if "gain" in w]
    return {"judged": len(decided), "max_n_past_budget": sum("max-n" in w and w["max-n"] is None
                                                             for w in every),
            "same_best": sum("same" in w for w in every),
            "differ": len(found), "master_plays_paranoid": sum(w["paranoid"] for w in found),
            "master_plays_max_n": sum(w["max-n"] for w in found),
            "paranoid_less_max_n": paired([w["gain"] for w in found])}


if __name__ == "__main__":
    sys.exit(main())
