"""Finding puzzles in bots' games (``allfives puzzles generate``); a puzzle
file is checked again by ``judging`` (``allfives puzzles check``).

Games are played to the end by the master and the expert (seats
alternating, so in a partnership each side is one level), and every
decision with a choice is a candidate, seen only through the mover's
``PlayerView``. A candidate goes through, cheapest test first:

1. the move the game's bot made is not the greedy bot's (a master or expert
   agreeing with greedy is no puzzle: its answer would be the greedy move);
2. Review's valuation (``analysis.valuing``, ``REVIEW_PLAYOUTS``) finds a
   best move ``puzzles.MARGIN`` points or more ahead of the next, and it is
   not the greedy move;
3. ``judging.judge`` keeps that answer: solved exactly where nothing is
   hidden, else the best by ``MARGIN`` under two estimates that share no
   playout policy (``CHECK_PLAYOUTS`` each), and not a decided game;
4. the master, asked afresh, plays it.

A kept puzzle's losses and margin are the judge's, and it says which method
(``Puzzle.method``).

Everything is seeded by the game's seed and the position, so a run is the
same for the same arguments, whatever ``--jobs`` (or ``--scheduler``: a Dask
cluster). Game ``i`` of a run takes the configurations in turn, each
numbering its own games, so a configuration's games are the same whatever
others a run holds (games kept by one run serve another, ``run``'s ``kept``):

>>> tasks(3, "1", [("standard", 2), ("muggins", 4)])
[('standard', 2, '1', 0), ('muggins', 4, '1', 0), ('standard', 2, '1', 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots import game_stake, make_bot
from ..bots.analysis import REVIEW_PLAYOUTS, Moment, Valuation, moments, valuing, why
from ..bots.greedy import GreedyBot
from ..errors import AllFivesError
from ..executors import executor
from ..moves import Move
from ..rules import PRESETS, Rules
from ..tournament import play_game
from ..view import PlayerView
from .judging import EXACT_BUDGET, PLAYOUTS, STAKE, Verdict, judge, judged, stake_name
from .puzzles import MARGIN, Puzzle, refusal

# The configurations a run cycles through, game by game: (preset, players),
# every preset with 2, 3 and 4 players.
CONFIGS: tuple[tuple[str, int], ...] = tuple(
    (preset, players) for players in (2, 3, 4) for preset in sorted(PRESETS))
LEVELS = ("master", "expert")  # seat s of game i: LEVELS[(s + i) % 2]
CHECK_PLAYOUTS = PLAYOUTS  # per estimate of the judge
BOT_MOVE, MASTER = "the game's bot played the greedy move", "the master plays another move"
# A puzzle's rating (its difficulty), by which bots miss its answer.
RATING_BASE, RATING_STEP = 1300, 300  # hard finds it: 1300; only the expert: 1600; neither: 1900


@dataclass
class Tally:
    """What a run saw: decisions tried, those valued, why the others were
    refused, and the puzzles kept, overall and per configuration."""

    games: int = 0
    tried: int = 0
    valued: int = 0
    kept: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    by_config: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.tried += other.tried
        self.valued += other.valued
        self.kept += other.kept
        self.refused.update(other.refused)
        for key, counts in other.by_config.items():
            self.by_config.setdefault(key, Counter()).update(counts)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        return cls(data["games"], data["decisions_tried"], data["decisions_valued"],
                   data["kept"], Counter(data["refused"]),
                   {k: Counter(v) for k, v in data["by_config"].items()})

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "decisions_tried": self.tried,
                "decisions_valued": self.valued, "kept": self.kept,
                "refused": dict(sorted(self.refused.items())),
                "by_config": {k: dict(sorted(v.items()))
                              for k, v in sorted(self.by_config.items())}}


def config_key(rules: Rules) -> str:
    return f"{rules.preset}/{rules.players}"


def values_of(moment: Moment, playouts: int, salt: str) -> list[float]:
    steps = valuing(moment.round, moment.move, moment.view, playouts, salt)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            valuation: Valuation = done.value
            return valuation.values


def rating(view: PlayerView, answer: Move, seed: str) -> int:
    """The puzzle's difficulty by which bots miss its answer (greedy always does)."""
    misses = sum(make_bot(level, seed).choose(view) != answer for level in ("hard", "expert"))
    return RATING_BASE + RATING_STEP * misses


def examine(moment: Moment, tally: Tally, key: str) -> Puzzle | None:
    """The moment as a puzzle, or None, counting why not in ``tally``."""
    counts = tally.by_config.setdefault(key, Counter())
    tally.tried += 1
    counts["tried"] += 1
    view = moment.view
    moves = view.legal_moves()
    greedy = GreedyBot().choose(view)
    if moment.played == greedy:
        tally.refused[BOT_MOVE] += 1
        return None
    tally.valued += 1
    counts["valued"] += 1
    first = values_of(moment, REVIEW_PLAYOUTS, "review")
    answer = moves[max(range(len(moves)), key=first.__getitem__)]
    seed = f"puzzle:{moment.round}:{moment.move}"
    verdict = verdict_of(view, answer, refusal([first], moves, greedy, view.rules.divisor),
                         seed)
    if isinstance(verdict, str):
        tally.refused[verdict] += 1
        return None
    tally.kept += 1
    counts["kept"] += 1
    found = judged(Puzzle(view, moment.round, answer, (), 0.0, None, rating(view, answer, seed)),
                   verdict)
    reason = why(view, found.runner_up, answer)
    return replace(found, reason=None if reason is None else reason.kind)


def verdict_of(view: PlayerView, answer: Move, refused: str | None, seed: str) -> Verdict | str:
    """The judge's verdict on Review's ``answer`` when Review's valuation
    did not refuse it, and the master plays it; else why not."""
    if refused is not None:
        return refused
    verdict = judge(view, answer, CHECK_PLAYOUTS, "generate", STAKE)
    if verdict.drop is not None:
        return verdict.drop
    if make_bot("master", seed).choose(view) != answer:
        return MASTER
    return verdict


Task = tuple[str, int, str, int]  # preset, players, seed, game index


def game_puzzles(task: Task) -> tuple[list[Puzzle], Tally]:
    """Play one game of a run and examine each of its decisions."""
    preset, players, seed, index = task
    rules = Rules.make(preset, players=players)
    bots = [LEVELS[(seat + index) % len(LEVELS)] for seat in range(players)]
    game = play_game(rules, bots, f"{seed}:{config_key(rules)}:{index}")
    tally = Tally(games=1)
    found = [p for m in moments(game) if (p := examine(m, tally, config_key(rules))) is not None]
    tally.by_config[config_key(rules)]["games"] += 1
    return found, tally


def tasks(games: int, seed: str, configs: Sequence[tuple[str, int]]) -> list[Task]:
    n = len(configs)
    return [(*configs[i % n], seed, i // n) for i in range(games)]


def task_key(task: Task) -> str:
    """What names a game kept for another run: its configuration, seed and
    number, and the stake its judge used (the rules' equity table, if any)."""
    preset, players, seed, index = task
    table = game_stake.table_for(Rules.make(preset, players=players))
    stake = "points" if table is None else game_stake.fingerprint(table)
    return f"{preset}/{players}:{seed}:{index}:{stake}"


def kept_game(entry: object) -> bool:
    """Whether a kept game (``run``'s ``kept``) reads as one: its puzzles and tally."""
    if not isinstance(entry, dict) or not isinstance(entry.get("puzzles"), list) \
            or not isinstance(entry.get("tally"), dict):
        return False
    tally = entry["tally"]
    if not all(type(tally.get(k)) is int
               for k in ("games", "decisions_tried", "decisions_valued", "kept")):
        return False
    try:
        for p in entry["puzzles"]:
            Puzzle.from_json(p)
        Tally.from_json(tally)
    except (KeyError, TypeError, ValueError, AllFivesError):
        return False
    return True


def run(task_list: Sequence[Task], jobs: int, on_game: Callable[[int], None] | None = None,
        kept: dict[str, Any] | None = None, scheduler: str | None = None
        ) -> tuple[list[Puzzle], Tally]:
    """Every task's puzzles, in the tasks' order, without repeats, and the
    tally; played on ``jobs`` processes, or the Dask cluster at ``scheduler``.
    ``kept``: games played before, by ``task_key`` (a puzzle file's puzzles
    and a tally, as JSON): those are not played again, and each game played
    is added to it."""
    found_by_id: dict[str, Puzzle] = {}
    tally = Tally()
    keys = [task_key(t) for t in task_list]
    todo = [t for t, k in zip(task_list, keys, strict=True) if kept is None or k not in kept]
    with executor(jobs, scheduler, len(todo)) as pool:
        played = iter(pool.map(game_puzzles, todo))
        for done, key in enumerate(keys, 1):
            if kept is not None and key in kept:
                found = [Puzzle.from_json(p) for p in kept[key]["puzzles"]]
                part = Tally.from_json(kept[key]["tally"])
            else:
                found, part = next(played)
                if kept is not None:
                    kept[key] = {"puzzles": [p.to_json() for p in found],
                                 "tally": part.to_json()}
            tally.add(part)
            for p in found:
                if p.id in found_by_id:
                    tally.kept -= 1
                    tally.refused["a repeat"] += 1
                else:
                    found_by_id[p.id] = p
            if on_game is not None:
                on_game(done)
    return list(found_by_id.values()), tally


def shipped(found: Sequence[Puzzle], per_config: int | None) -> list[Puzzle]:
    """At most ``per_config`` of each configuration's puzzles, in their order:
    those with the lowest ids (a hash of the position, so a fixed sample that
    favours no game, round or rating); all of them without a limit."""
    if per_config is None:
        return list(found)
    chosen: set[str] = set()
    for key in {config_key(p.view.rules) for p in found}:
        mine = sorted(p.id for p in found if config_key(p.view.rules) == key)
        chosen.update(mine[:per_config])
    return [p for p in found if p.id in chosen]


def checks_json() -> dict[str, Any]:
    """How a kept puzzle was checked, for the run's figures."""
    return {"margin": MARGIN, "first_valuation_playouts": REVIEW_PLAYOUTS,
            "judge": {"exact_budget": EXACT_BUDGET, "estimates": ["master", "greedy"],
                      "playouts": CHECK_PLAYOUTS, "stake": stake_name(STAKE)},
            "master_agrees": True, "greedy_is_not_the_answer": True,
            "rating": f"{RATING_BASE} + {RATING_STEP} per bot of hard and expert missing it"}


def counts(puzzles: Sequence[Puzzle]) -> dict[str, Any]:
    """How many puzzles per configuration, rating and reason (``puzzles list``)."""
    return {"puzzles": len(puzzles),
            "by_config": dict(sorted(Counter(config_key(p.view.rules) for p in puzzles).items())),
            "by_rating": dict(sorted(Counter(str(p.rating) for p in puzzles).items())),
            "by_reason": dict(sorted(Counter(p.reason or "none" for p in puzzles).items()))}
