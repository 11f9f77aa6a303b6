"""Missed puzzles come back: Leitner boxes counted in days.

A puzzle missed goes into box 0 and is due again the next day; solved when
due, it moves up a box and waits longer (``INTERVALS``); solved from the
last box it is learnt and leaves the schedule. A miss from any box sends it
back to box 0. Days are dates (YYYY-MM-DD), the person's own calendar.

>>> card = missed("p1", "2026-11-25")
>>> card
Card(puzzle='p1', box=0, due='2026-11-26')
>>> card = solved(card, "2026-11-26"); card
Card(puzzle='p1', box=1, due='2026-11-29')
>>> solved(solved(card, "2026-11-29"), "2026-12-06")
Card(puzzle='p1', box=3, due='2026-12-27')
>>> solved(Card("p1", 3, "2026-12-27"), "2026-12-27") is None  # learnt
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

# Days until a puzzle in box i is due again: missed (box 0) the next day,
# then 3 days, a week, three weeks.
INTERVALS = (1, 3, 7, 21)
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Card:
    """A puzzle in the schedule: its id, its box, the day it is due."""

    puzzle: str
    box: int
    due: str

    def to_json(self) -> list[Any]:
        return [self.puzzle, self.box, self.due]

    @classmethod
    def from_json(cls, data: Any) -> Card | None:
        """A stored card, or None when it is not one.

        >>> Card.from_json(["p1", 9, "2026-11-25"]) is None
        True
        """
        if not (isinstance(data, list) and len(data) == 3 and isinstance(data[0], str)
                and 0 < len(data[0]) <= 40 and isinstance(data[1], int)
                and not isinstance(data[1], bool) and 0 <= data[1] < len(INTERVALS)
                and is_day(data[2])):
            return None
        return cls(data[0], data[1], data[2])


def is_day(text: object) -> bool:
    """Whether ``text`` is a real date written YYYY-MM-DD."""
    if not isinstance(text, str) or not _DAY.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def later(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def missed(puzzle: str, today: str) -> Card:
    """A puzzle missed today: box 0, due tomorrow."""
    return Card(puzzle, 0, later(today, INTERVALS[0]))


def solved(card: Card, today: str) -> Card | None:
    """A scheduled puzzle solved today: the next box, or None once learnt."""
    box = card.box + 1
    return Card(card.puzzle, box, later(today, INTERVALS[box])) if box < len(INTERVALS) else None


def due(cards: Iterable[Card], today: str) -> list[Card]:
    """The cards due today or before, the longest waiting first."""
    return sorted((c for c in cards if c.due <= today), key=lambda c: c.due)
