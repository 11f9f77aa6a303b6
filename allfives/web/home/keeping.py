"""Keeping the page's storage: when to ask the browser to keep it
(``navigator.storage.persist()``) and when to remind the person to download
a backup. Pure: dates in (YYYY-MM-DD), decisions out; ``keeping_page``
calls the browser.

Why then: browsers may clear a site's storage under pressure, and Safari
clears script-written storage of a site not opened for seven days unless it
is installed. Asking on the first paint would ask before there is anything
to keep (and Firefox shows a prompt, which makes no sense to a first-time
visitor); a finished game has put something in the statistics, and
browsers that decide by themselves (Chrome) grant it more readily to a page
used for a while. So: asked when a game on this device ends, once, and
again at most every ``ASK_AGAIN_DAYS`` while refused. Where it is refused,
or the browser has no such API, a reminder offers a backup after a
finished game, at most once every ``REMIND_DAYS`` days, and not within
``REMIND_DAYS`` of a backup downloaded.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

Answer = Literal["", "granted", "refused", "missing"]
ANSWERS: tuple[Answer, ...] = ("", "granted", "refused", "missing")
REMIND_DAYS = 7
ASK_AGAIN_DAYS = 30


def days_between(earlier: str, later: str) -> int | None:
    """Whole days from ``earlier`` to ``later`` (None if either is not a date)."""
    try:
        return (date.fromisoformat(later) - date.fromisoformat(earlier)).days
    except ValueError:
        return None


def _day(value: Any) -> str:
    return value if isinstance(value, str) and days_between(value, value) == 0 else ""


@dataclass(frozen=True)
class Keeping:
    """What the page knows of its storage's keeping: the browser's last
    answer, the day it was asked, the last reminder, the last backup."""

    answer: Answer = ""
    asked: str = ""
    reminded: str = ""
    backed_up: str = ""

    @classmethod
    def from_json(cls, data: Any) -> Keeping:
        if not isinstance(data, dict):
            return cls()
        answer = data.get("answer")
        return cls(answer if answer in ANSWERS else "", _day(data.get("asked")),
                   _day(data.get("reminded")), _day(data.get("backed_up")))

    def to_json(self) -> dict[str, str]:
        return {"answer": self.answer, "asked": self.asked, "reminded": self.reminded,
                "backed_up": self.backed_up}

    def ask(self, today: str) -> bool:
        """Whether to ask the browser now, a game on this device having ended."""
        if self.answer in ("granted", "missing"):
            return False
        since = days_between(self.asked, today) if self.asked else None
        return since is None or since >= ASK_AGAIN_DAYS or since < 0

    def answered(self, answer: Answer, today: str) -> Keeping:
        return replace(self, answer=answer, asked=today)

    def remind(self, today: str) -> bool:
        """Whether to offer a backup now, after a finished game: the storage
        is not kept for sure, and no reminder or backup in ``REMIND_DAYS``."""
        if self.answer in ("", "granted"):
            return False
        for day in (self.reminded, self.backed_up):
            since = days_between(day, today) if day else None
            if since is not None and 0 <= since < REMIND_DAYS:
                return False
        return True
