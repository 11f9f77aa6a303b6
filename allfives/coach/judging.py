"""Judging a puzzle's answer by valuations nobody can refute (issue 29 item 4):
``allfives puzzles check`` and the generator's last test.

- ``EXACT`` where the mover's view hides nothing (2 players, the boneyard
  empty: ``exact.known_round``) and the solve fits ``EXACT_BUDGET``
  positions: every legal move's exact value; the answer must be the unique
  best by ``puzzles.MARGIN`` over every other move.
- ``ESTIMATE`` elsewhere: two estimates that share no playout policy
  (``bots.estimates``: the master's search and the greedy rule's playouts);
  the answer must be the best by ``MARGIN`` under both.

Before either, a puzzle whose every move gives the same game result (every
move wins the game, or every move loses it: exactly, or in every world of
either estimate) is dropped: only the margin of a decided game would be at
stake (``DECIDED``). Otherwise a drop names its
kind and the valuation that refused: ``WRONG`` (another move is better),
``TIE`` (another is exactly as good), ``CLOSE`` (best by less than the margin).

What a finished round is worth is pluggable (``estimates.StakeOf``, ``STAKE``
by default): ``expert.outcome_stake``, every judge's (points, and a fixed
bonus for a won game; near the target, the chance of winning the game on
the same points scale, by the rules' table:
``game_stake``), so ``MARGIN`` keeps its meaning.

>>> verdict = Verdict(EXACT, {"exact": 2.0}, [0.0, -2.0], None)
>>> verdict.keep, reason({"exact": 2.0}, divisor=5), reason({"exact": 2.0}, divisor=1)
(True, None, 'close under exact')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from ..bots.analysis import ESTIMATE, EXACT, Exactness
from ..bots.estimates import GREEDY, MASTER, StakeOf, Way, estimate, result_stake
from ..bots.exact import OutOfBudget, known_round, solve
from ..bots.expert import outcome_stake
from ..moves import Move
from ..view import PlayerView
from .puzzles import MARGIN, Puzzle

# Positions an exact solve may search before the estimates take over: far
# beyond the page's budget (``exact.BUDGET``), as a check runs once, offline.
EXACT_BUDGET = 200_000
PLAYOUTS = 4000  # per estimate, shared by the legal moves
STAKE: StakeOf = outcome_stake
Drop = Literal["decided", "wrong", "tie", "close"]  # why a verdict drops a puzzle
DECIDED: Final = "decided"
WRONG: Final = "wrong"
TIE: Final = "tie"
CLOSE: Final = "close"
KINDS: dict[Drop, str] = {DECIDED: "every move gives the same game result",
         WRONG: "another move is better", TIE: "another move is as good",
         CLOSE: f"best by less than the margin ({MARGIN:g} points times the divisor)"}
TOLERANCE = 1e-9  # values this close are equal (sums of the same floats)


@dataclass(frozen=True)
class Verdict:
    """How a puzzle's answer fares: the ``method`` (``EXACT`` or
    ``ESTIMATE``), the answer's margin over the best other move under each
    valuation (game points; negative when another move is better), the
    values of the first valuation (exact, or the master's; in the order of
    ``view.legal_moves()``), why it is dropped (None: kept) and, for
    estimates, each margin's standard error (over the worlds; the verdict
    does not use it)."""

    method: Exactness
    margins: dict[str, float]
    values: list[float]
    drop: str | None
    errors: dict[str, float] = field(default_factory=dict)

    @property
    def keep(self) -> bool:
        return self.drop is None

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method,
                "margins": {k: round(v, 1) for k, v in self.margins.items()},
                "errors": {k: round(v, 2) for k, v in self.errors.items()},
                "verdict": "keep" if self.drop is None else "drop", "reason": self.drop}


def stake_name(stake_of: StakeOf) -> str:
    """The stake's name, for a run's figures."""
    return getattr(stake_of, "__name__", repr(stake_of))


def margin(values: Sequence[float], options: Sequence[Move], answer: Move) -> float:
    """The answer's value less the best other move's."""
    mine = values[options.index(answer)]
    return mine - max(v for m, v in zip(options, values, strict=True) if m != answer)


def reason(margins: dict[str, float], divisor: int) -> str | None:
    """Why the margins fail (the first valuation that refuses), or None."""
    for name, m in margins.items():
        if m * divisor >= MARGIN - TOLERANCE:
            continue
        kind = WRONG if m < -TOLERANCE else TIE if m <= TOLERANCE else CLOSE
        return f"{kind} under {name}"
    return None


def decided(results: Sequence[float]) -> bool:
    """Every move the same game result, won or lost, in every world."""
    return len(set(results)) == 1 and abs(results[0]) == 1.0


def judge(view: PlayerView, answer: Move, playouts: int = PLAYOUTS, seed: str = "",
          stake_of: StakeOf = STAKE) -> Verdict:
    """The verdict on ``answer`` in ``view``: exact where it can be, else two
    estimates of ``playouts`` each, seeded by ``seed`` and the view."""
    options = view.legal_moves()
    return (exactly(view, options, answer, stake_of)
            or estimated(view, options, answer, playouts, seed, stake_of))


def exactly(view: PlayerView, options: list[Move], answer: Move,
            stake_of: StakeOf) -> Verdict | None:
    """The exact verdict, or None where the view hides something or the
    solve passes ``EXACT_BUDGET``."""
    known = known_round(view)
    if known is None:
        return None
    try:
        values = solve(known, stake_of(known.rules, known.scores), EXACT_BUDGET)
        results = solve(known, result_stake, EXACT_BUDGET)
    except OutOfBudget:
        return None
    ordered = [values.value_of(m) for m in options]
    margins = {"exact": margin(ordered, options, answer)}
    drop = DECIDED if decided(results.values) else reason(margins, view.rules.divisor)
    return Verdict(EXACT, margins, ordered, drop)


def estimated(view: PlayerView, options: list[Move], answer: Move, playouts: int, seed: str,
              stake_of: StakeOf) -> Verdict:
    """The verdict of the two estimates, the master's first."""
    ways: tuple[Way, ...] = (MASTER, GREEDY)
    found = [estimate(view, way, playouts, seed, stake_of) for way in ways]
    margins: dict[str, float] = {e.method: margin(e.values, options, answer) for e in found}
    drop = DECIDED if any(decided(e.results) for e in found) else reason(
        margins, view.rules.divisor)
    mine = options.index(answer)
    errors: dict[str, float] = {
        e.method: e.error(mine, max((i for i in range(len(options)) if i != mine),
                                    key=e.values.__getitem__)) for e in found}
    return Verdict(ESTIMATE, margins, found[0].values, drop, errors)


def judged(puzzle: Puzzle, verdict: Verdict) -> Puzzle:
    """A kept puzzle as the verdict values it: its method, every move's loss
    against the answer by the first valuation, its smallest margin."""
    best = max(verdict.values)
    return replace(puzzle, method=verdict.method,
                   losses=tuple(round(best - v, 1) for v in verdict.values),
                   margin=round(min(verdict.margins.values()), 1))


def line(puzzle: Puzzle, verdict: Verdict) -> str:
    """One puzzle's verdict in a line: id, rules, method, margins, keep or drop (why)."""
    rules = puzzle.view.rules
    margins = " ".join(f"{k} {v:+.1f}" for k, v in verdict.margins.items())
    method = "exact" if verdict.method == EXACT else "two estimates"
    said = "keep" if verdict.drop is None else f"drop ({verdict.drop})"
    config = f"{rules.preset}/{rules.players}"
    return f"{puzzle.id}  {config:<12} {method:<14} {margins:<26} {said}"


def tally(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """How many were kept, by method, and dropped, by reason."""
    return {"puzzles": len(verdicts), "kept": sum(v.keep for v in verdicts),
            "kept_by_method": dict(sorted(Counter(v.method for v in verdicts if v.keep).items())),
            "dropped": dict(sorted(Counter(v.drop for v in verdicts if v.drop).items()))}


def summary_line(verdicts: Sequence[Verdict]) -> str:
    """The tally in a line: how many kept (how judged) and dropped (why)."""
    counts = tally(verdicts)
    how = {EXACT: "solved exactly", ESTIMATE: "by two estimates"}
    kept = ", ".join(f"{n} {how[k]}" for k, n in counts["kept_by_method"].items())
    dropped = ", ".join(f"{n} {k}" for k, n in counts["dropped"].items())
    return (f"{counts['puzzles']} checked: {counts['kept']} kept" + (f" ({kept})" if kept else "")
            + f", {len(verdicts) - counts['kept']} dropped" + (f": {dropped}" if dropped else ""))


def report(puzzles: Sequence[Puzzle], verdicts: Sequence[Verdict], playouts: int,
           stake_of: StakeOf = STAKE) -> dict[str, Any]:
    """Every verdict and the tally, as ``allfives puzzles check --json`` writes them."""
    return {"margin": MARGIN, "exact_budget": EXACT_BUDGET, "playouts": playouts,
            "stake": stake_name(stake_of), "kinds": KINDS,
            **tally(verdicts),
            "verdicts": [{"id": p.id, "config": f"{p.view.rules.preset}/{p.view.rules.players}",
                          **v.to_json()} for p, v in zip(puzzles, verdicts, strict=True)]}
