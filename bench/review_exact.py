#!/usr/bin/env python3
"""Review's exact judge on the decisions the game meets (issue 29).
Writes bench/review_exact.json.

Seeded 2-player games between expert bots under every preset (game ``i`` of
a preset dealt from seed ``judge:PRESET:i``, played to the end). Every
decision (two or more legal moves) counts; where the mover's view hides
nothing (``known_round``: the boneyard empty) and ``expert.solved`` fits the
solver's budget, Review now values it exactly (``analysis.valuing``). For
each such decision, in the same run:

- Review's time for it now (the exact values) and the time of the playouts
  it replaces (``REVIEW_PLAYOUTS`` of the expert's, as before);
- whether the playouts' best move was of the exact best value, and the
  exact value it gave up;
- over every decision the view hides nothing of (solved or not): whether
  the master's move is of the best value by Review's
  values (by construction where solved);
- for the first ``--master`` of them per preset: the same for the master's
  move before (its search, ``MasterBot.search``), which the master
  now replaces by the exact best.

    .venv/bin/python bench/review_exact.py [--games 6] [--master 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import harness

from allfives import __version__
from allfives.bots import make_bot
from allfives.bots.analysis import REVIEW_PLAYOUTS, Valuation, estimating, valuing
from allfives.bots.exact import known_round
from allfives.bots.expert import solved
from allfives.bots.master import MasterBot
from allfives.game import Game
from allfives.rules import PRESETS, Rules
from allfives.tournament import MAX_ROUNDS
from allfives.view import PlayerView

OUT = harness.BENCH / "review_exact.json"


def views_of_game(preset: str, index: int) -> list[PlayerView]:
    """Every decision of one seeded expert game, as the mover saw it."""
    seed = f"judge:{preset}:{index}"
    game = Game(Rules.make(preset, players=2), seed)
    bots = [make_bot("expert", f"{seed}:{seat}") for seat in range(2)]
    out = []
    while True:
        rnd = game.round
        while not rnd.over:
            view = PlayerView.of(rnd, rnd.turn)
            if len(view.legal_moves()) > 1:
                out.append(view)
            rnd.apply(bots[rnd.turn].choose(view))
        if game.over or len(game.rounds) >= MAX_ROUNDS:
            return out
        game.next_round()


def timed_valuation(view: PlayerView, exact: bool) -> tuple[Valuation, float]:
    """Review's values for ``view`` and the seconds they took: now (exact)
    or by the playouts alone (the estimate the exact values replace)."""
    started = time.perf_counter()
    valuation = drain((valuing if exact else estimating)(1, 1, view, REVIEW_PLAYOUTS))
    return valuation, time.perf_counter() - started


def drain(steps: Any) -> Valuation:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            valuation: Valuation = done.value
            return valuation


def ms(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    if not xs:
        return {}
    return {"p50_ms": round(1000 * statistics.median(xs), 2),
            "p95_ms": round(1000 * xs[int(0.95 * len(xs))], 2),
            "max_ms": round(1000 * xs[-1], 2), "mean_ms": round(1000 * statistics.fmean(xs), 2)}


def measure(preset: str, games: int, masters: int) -> dict[str, Any]:
    decisions = known = hint_best = 0
    exact_s: list[float] = []
    playout_s: list[float] = []
    playout_lost: list[float] = []
    master_lost: list[float] = []
    for index in range(games):
        for view in views_of_game(preset, index):
            decisions += 1
            if known_round(view) is None:
                continue
            known += 1
            hint = MasterBot(seed=index).choose(view)
            review = drain(valuing(1, 1, view, REVIEW_PLAYOUTS))
            hint_best += review.values[view.legal_moves().index(hint)] == max(review.values)
            if solved(view) is None:
                continue
            exact, exact_seconds = timed_valuation(view, exact=True)
            guess, guess_seconds = timed_valuation(view, exact=False)
            exact_s.append(exact_seconds)
            playout_s.append(guess_seconds)
            values = exact.values
            playout_lost.append(max(values) - values[guess.values.index(max(guess.values))])
            if len(master_lost) < masters:
                moves = view.legal_moves()
                before = MasterBot(seed=index).search(view, moves)
                master_lost.append(max(values) - values[moves.index(before)])
        print(f"{preset} game {index}: {decisions} decisions, {known} known, "
              f"{len(exact_s)} solved", file=sys.stderr)
    return {"decisions": decisions, "known": known, "solved": len(exact_s),
            "solved_share": round(len(exact_s) / decisions, 4) if decisions else None,
            "hint_of_review_best_value": hint_best,
            "review_exact": ms(exact_s), "review_playouts": ms(playout_s),
            "playouts_best_not_exact_best": sum(x > 0 for x in playout_lost),
            "playouts_exact_loss_mean": round(statistics.fmean(playout_lost), 3)
            if playout_lost else None,
            "master_checked": len(master_lost),
            "master_before_not_exact_best": sum(x > 0 for x in master_lost),
            "master_before_exact_loss_mean": round(statistics.fmean(master_lost), 3)
            if master_lost else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=harness.at_least(1), default=6,
                        help="expert games per preset (default 6)")
    parser.add_argument("--master", type=int, default=20,
                        help="solved decisions per preset the master's search before is "
                             "checked on (default 20)")
    args = parser.parse_args()
    started = time.perf_counter()
    presets = {p: measure(p, args.games, args.master) for p in sorted(PRESETS)}
    total = {k: sum(p[k] for p in presets.values())
             for k in ("decisions", "known", "solved", "hint_of_review_best_value",
                       "playouts_best_not_exact_best",
                       "master_checked", "master_before_not_exact_best")}
    total["solved_share"] = round(total["solved"] / total["decisions"], 4)
    harness.write_json(OUT, {
        "about": "Review's exact judge (issue 29): the share of decisions of seeded 2-player "
                 "expert games valued exactly (2 players, boneyard empty, within the solver's "
                 "budget), how often the master's move is of Review's best value where "
                 "nothing is hidden, Review's time per such decision exact vs the REVIEW_PLAYOUTS "
                 "playouts it replaces (CPython, same run; p95 at rank floor(0.95 n)), how "
                 "often the playouts' best and the master's move before (its search) were not "
                 "of the exact best value, and the mean exact value they gave up.",
        **harness.identity(), "engine": __version__, "machine": harness.machine(),
        "games_per_preset": args.games, "review_playouts": REVIEW_PLAYOUTS,
        "seconds": round(time.perf_counter() - started, 1), "all": total, "presets": presets})
    return 0


if __name__ == "__main__":
    sys.exit(main())
