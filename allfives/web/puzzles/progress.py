"""What the page keeps of the person's puzzles (``allfives.puzzles``): their
rating, the puzzles tried, the missed ones' schedule, the puzzles from their
own reviewed games and the daily puzzle's results; and which puzzle comes
next.

Read tolerantly, as the statistics are: whatever is unusable in storage is
left out (an own puzzle that fails ``Puzzle.from_json``'s checks, a card
that is no card), and every list is bounded.

Which puzzle comes next (``choose``): a missed one due again today, else a
puzzle from the person's own finished games not tried yet (never one from
the game still on the table: its round may still be played), else a
shipped puzzle not tried yet: of the rules and player count being played
first, then not harder than the person's rating (a new player, at 1500,
starts at the easiest band, 1300), then nearest it (once all are tried, the
same order among them again).

The rating is provisional for the first ``PROVISIONAL`` puzzles: Glicko-2
starts unsure (deviation 350), so one early result moves it a lot (a first
1600 missed: -132; a 1300 missed: -301). That is right for finding the level
quickly, but a beginner should not see it as a verdict: until then the page
says how many puzzles are still to try instead of the number
(``Progress.provisional``), and the number it then shows has settled.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from ...coach import repetition
from ...coach.puzzles import Puzzle, PuzzleError
from ...coach.rating import Rating, after_puzzle
from ...coach.repetition import Card
from ..storage.backup import json_object
from ..storage.keys import PUZZLES_KEY

FORMAT = "allfives-puzzle-progress/1"
MAX_SEEN = 5000  # puzzles tried, remembered (more than the shipped set)
MAX_CARDS = 500
MAX_OWN = 50  # puzzles from the person's games; the oldest go first
DAYS_KEPT = 400
MAX_COUNT = 10_000_000
# Why a puzzle is shown (``#puzzles[data-puzzle-kind]``).
Why = Literal["daily", "again", "own", "new"]  # why a puzzle is shown
DAILY: Final = "daily"
AGAIN: Final = "again"
OWN: Final = "own"
NEW: Final = "new"
PROVISIONAL = 5  # first tries before the rating is shown as a number


@dataclass(frozen=True)
class Playing:
    """What the person is playing now, for ``choose``: the rules' preset and
    player count, and the key of the game on the table while it is not over
    (``game_key``; None once it is)."""

    preset: str
    players: int
    unfinished: str | None = None


def game_key(seed: int | str) -> str:
    """Which game an own puzzle came from: its seed, as text."""
    return str(seed)[:80]


@dataclass(frozen=True)
class Progress:
    rating: Rating = Rating()
    seen: tuple[str, ...] = ()  # ids of the puzzles tried, oldest first
    cards: tuple[Card, ...] = ()
    own: tuple[Puzzle, ...] = ()  # oldest first
    own_games: tuple[tuple[str, str], ...] = ()  # (own puzzle id, ``game_key`` it came from)
    days: tuple[tuple[str, bool], ...] = ()  # the daily puzzle: solved at the first try?
    tried: int = 0
    solved: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "rating": self.rating.to_json(), "seen": list(self.seen),
                "cards": [c.to_json() for c in self.cards],
                "own": [p.to_json() for p in self.own], "own_games": dict(self.own_games),
                "days": dict(self.days), "tried": self.tried, "solved": self.solved}

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """What storage holds, as far as it is usable (None or junk: a fresh start)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return cls()
        seen = data.get("seen")
        seen_ids = tuple(dict.fromkeys(
            s for s in seen if isinstance(s, str) and 0 < len(s) <= 40))[-MAX_SEEN:] if (
            isinstance(seen, list)) else ()
        cards = data.get("cards")
        found = [Card.from_json(c) for c in cards] if isinstance(cards, list) else []
        days = data.get("days")
        kept_days = sorted((d, v) for d, v in days.items()
                           if repetition.is_day(d) and isinstance(v, bool)
                           )[-DAYS_KEPT:] if isinstance(days, dict) else []
        tried, solved = _count(data.get("tried")), _count(data.get("solved"))
        own = _own(data.get("own"))
        games = data.get("own_games")
        ids = {p.id for p in own}
        own_games = tuple((i, g) for i, g in games.items() if i in ids and isinstance(g, str)
                          and len(g) <= 80) if isinstance(games, dict) else ()
        return cls(Rating.from_json(data.get("rating")), seen_ids,
                   tuple(c for c in found if c is not None)[-MAX_CARDS:],
                   own, own_games, tuple(kept_days), tried, min(solved, tried))

    # -- what the person did ---------------------------------------------------

    def attempt(self, puzzle: Puzzle, right: bool, today: str, daily: bool = False) -> Progress:
        """The person's answer to ``puzzle`` today: the first try of a puzzle
        moves the rating; a miss schedules it for tomorrow, a scheduled one
        solved waits longer (``repetition``); ``daily``: it was today's puzzle."""
        first = puzzle.id not in self.seen
        rating = after_puzzle(self.rating, puzzle.rating, right) if first else self.rating
        card = next((c for c in self.cards if c.puzzle == puzzle.id), None)
        if not right:
            card = repetition.missed(puzzle.id, today)
        elif card is not None:
            card = repetition.solved(card, today)
        cards = tuple(c for c in self.cards if c.puzzle != puzzle.id) + (
            (card,) if card is not None else ())
        days = dict(self.days)
        if daily:
            days.setdefault(today, right)
        return replace(self, rating=rating,
                       seen=(self.seen + (puzzle.id,))[-MAX_SEEN:] if first else self.seen,
                       cards=cards[-MAX_CARDS:], days=tuple(sorted(days.items()))[-DAYS_KEPT:],
                       tried=min(self.tried + 1, MAX_COUNT),
                       solved=min(self.solved + right, MAX_COUNT))

    def add_own(self, puzzle: Puzzle, game: str = "") -> Progress:
        """A puzzle from the person's own game, ``game`` its ``game_key``
        (kept once; the oldest go past ``MAX_OWN``)."""
        if any(p.id == puzzle.id for p in self.own):
            return self
        own = (self.own + (puzzle,))[-MAX_OWN:]
        ids = {p.id for p in own}
        return replace(self, own=own, own_games=tuple(
            (i, g) for i, g in (*self.own_games, (puzzle.id, game)) if i in ids))

    @property
    def provisional(self) -> int:
        """How many more first tries before the rating is shown as a number (0: shown)."""
        return max(0, PROVISIONAL - len(self.seen))

    def from_game(self, puzzle_id: str) -> str | None:
        """The ``game_key`` an own puzzle came from (None: not known)."""
        return dict(self.own_games).get(puzzle_id)

    def due(self, today: str) -> list[Card]:
        return repetition.due(self.cards, today)

    def daily_result(self, day: str) -> bool | None:
        """Whether the day's puzzle was solved at the first try (None: not tried that day)."""
        return dict(self.days).get(day)


def _count(value: Any) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT
    return value if ok else 0


def _own(items: Any) -> tuple[Puzzle, ...]:
    if not isinstance(items, list):
        return ()
    out: dict[str, Puzzle] = {}
    for item in items[-MAX_OWN:]:
        try:
            puzzle = Puzzle.from_json(item)
        except PuzzleError:
            continue
        out.setdefault(puzzle.id, puzzle)
    return tuple(out.values())


def choose(progress: Progress, shipped: Sequence[Puzzle], today: str,
           skip: str | None = None, playing: Playing | None = None) -> tuple[Puzzle, Why] | None:
    """The next puzzle and why it comes (``AGAIN``, ``OWN``, ``NEW``), never
    the puzzle ``skip`` (the one just shown) when there is another, nor an
    own puzzle from the game ``playing`` says is still on (module docstring)."""
    held = playing.unfinished if playing is not None else None

    def allowed(puzzle_id: str) -> bool:
        return puzzle_id != skip and (held is None or progress.from_game(puzzle_id) != held)

    by_id = {p.id: p for p in (*shipped, *progress.own)}
    for card in progress.due(today):
        if card.puzzle in by_id and allowed(card.puzzle):
            return by_id[card.puzzle], AGAIN
    seen = set(progress.seen)
    for puzzle in reversed(progress.own):
        if puzzle.id not in seen and allowed(puzzle.id):
            return puzzle, OWN
    target = progress.rating.rating
    fresh = [p for p in shipped if p.id not in seen and p.id != skip]
    pool = fresh or [p for p in shipped if p.id != skip] or list(shipped)
    if not pool:
        return None

    def order(p: Puzzle) -> tuple[bool, bool, float, str]:
        rules = p.view.rules
        other = playing is not None and (rules.preset, rules.players) != (
            playing.preset, playing.players)
        # the rules played first; then not harder than the person; then nearest; then by id
        return other, p.rating > target, abs(p.rating - target), p.id
    return min(pool, key=order), NEW if fresh else AGAIN


def check_progress(text: str) -> str:
    """The puzzles' progress as the page reads it from a backup
    (``storage.backup``; tolerantly: what is unusable is left out)."""
    return json.dumps(Progress.from_json(json_object(PUZZLES_KEY, text)).to_json(),
                      separators=(",", ":"))
