"""What the page keeps of the person's puzzles (``allfives.puzzles``): their
rating, the puzzles tried, the missed ones' schedule, the puzzles from their
own reviewed games and the daily puzzle's results; and which puzzle comes
next.

Read tolerantly, as the statistics are: whatever is unusable in storage is
left out (an own puzzle that fails ``Puzzle.from_json``'s checks, a card
that is no card), and every list is bounded.

Which puzzle comes next (``choose``): a missed one due again today, else a
puzzle from the person's own games not tried yet, else the shipped puzzle
not tried yet whose rating is nearest the person's (once all are tried, the
nearest of them again).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

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
DAILY, AGAIN, OWN, NEW = "daily", "again", "own", "new"


@dataclass(frozen=True)
class Progress:
    rating: Rating = Rating()
    seen: tuple[str, ...] = ()  # ids of the puzzles tried, oldest first
    cards: tuple[Card, ...] = ()
    own: tuple[Puzzle, ...] = ()  # oldest first
    days: tuple[tuple[str, bool], ...] = ()  # the daily puzzle: solved at the first try?
    tried: int = 0
    solved: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "rating": self.rating.to_json(), "seen": list(self.seen),
                "cards": [c.to_json() for c in self.cards],
                "own": [p.to_json() for p in self.own],
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
        return cls(Rating.from_json(data.get("rating")), seen_ids,
                   tuple(c for c in found if c is not None)[-MAX_CARDS:],
                   _own(data.get("own")), tuple(kept_days), tried, min(solved, tried))

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

    def add_own(self, puzzle: Puzzle) -> Progress:
        """A puzzle from the person's own game (kept once; the oldest go past ``MAX_OWN``)."""
        if any(p.id == puzzle.id for p in self.own):
            return self
        return replace(self, own=(self.own + (puzzle,))[-MAX_OWN:])

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
           skip: str | None = None) -> tuple[Puzzle, str] | None:
    """The next puzzle and why it comes (``AGAIN``, ``OWN``, ``NEW``), never
    the puzzle ``skip`` (the one just shown) when there is another."""
    by_id = {p.id: p for p in (*shipped, *progress.own)}
    for card in progress.due(today):
        if card.puzzle in by_id and card.puzzle != skip:
            return by_id[card.puzzle], AGAIN
    seen = set(progress.seen)
    for puzzle in reversed(progress.own):
        if puzzle.id not in seen and puzzle.id != skip:
            return puzzle, OWN
    target = progress.rating.rating
    fresh = [p for p in shipped if p.id not in seen and p.id != skip]
    pool = fresh or [p for p in shipped if p.id != skip] or list(shipped)
    if not pool:
        return None
    # nearest the person's rating; among equals by id, a fixed order that mixes the rules
    return min(pool, key=lambda p: (abs(p.rating - target), p.id)), NEW if fresh else AGAIN


def check_progress(text: str) -> str:
    """The puzzles' progress as the page reads it from a backup
    (``storage.backup``; tolerantly: what is unusable is left out)."""
    return json.dumps(Progress.from_json(json_object(PUZZLES_KEY, text)).to_json(),
                      separators=(",", ":"))
