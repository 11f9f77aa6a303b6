"""Deals people can share, and the daily deal.

A ``Deal`` is what deals the same game again: the rules, the opponents'
levels and the seed. It travels in a link as ``?deal=`` (URL-safe base64 of
compact JSON), is read back with every field checked, and a link that cannot
be read says why. The daily deal is the same for everyone on a date:
standard rules, two players, against the expert; the page keeps the
person's best result per day. Only today's daily deal is played as the
daily deal (take-backs and the coach off, the best result kept); a link to
another day's is a shared deal like any other.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import urlencode

from ...bots.names import LEVELS
from ...errors import AllFivesError
from ...game import Game
from ...rules import Rules
from ..i18n.catalogs import _, ngettext
from ..i18n.labels import level_name
from .seats import BOT_NAMES, clean_name
from .table import Table
from .takeback import DAILY_PREFIX, is_daily

MAX_LINK = 600  # characters of ?deal=: a deal is about 100
MAX_SEED = 40  # characters of a seed: a number, or "daily:2026-11-22"
DAILY_LEVEL = "expert"
DAYS_KEPT = 400  # daily results kept


class DealError(AllFivesError):
    """A shared deal that cannot be read: one sentence for people, in the
    page's language."""


@dataclass(frozen=True)
class Deal:
    rules: Rules
    levels: tuple[str, ...]  # one per opponent seat
    seed: str

    def table(self, name: str, today: str) -> Table:
        """The deal at the table, ``name`` the person's; played as the daily
        deal only when it is ``today``'s (YYYY-MM-DD)."""
        n = self.rules.players
        return Table(Game(self.rules, self.seed), (clean_name(name),) + BOT_NAMES[:n - 1],
                     (None,) + self.levels, daily=self == daily(today))

    def text(self) -> str:
        data = {"r": self.rules.to_dict(), "b": list(self.levels), "s": self.seed}
        raw = json.dumps(data, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def link(self, page: str) -> str:
        """``page`` (the address without its query) with this deal."""
        return f"{page}?{urlencode({'deal': self.text()})}"


def deal_of(table: Table) -> Deal:
    """The deal that starts ``table``'s game again from its first round."""
    levels = tuple(b or DAILY_LEVEL for b in table.bots[1:])
    return Deal(table.rules, levels, str(table.game.seed))


def read_deal(text: str) -> Deal:
    """A ``?deal=`` value back as a Deal; DealError says what is wrong."""
    if len(text) > MAX_LINK:
        raise DealError(_("The link is too long to be a deal."))
    try:
        data = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError, RecursionError):
        raise DealError(_("The link's deal is not readable (was it cut short?).")) from None
    if not isinstance(data, dict):
        raise DealError(_("The link's deal is not readable."))
    rules = Rules.from_dict(data.get("r"))  # RulesError: an AllFivesError with the reason
    levels, seed = data.get("b"), data.get("s")
    if not (isinstance(levels, list) and len(levels) == rules.players - 1
            and all(level in LEVELS for level in levels)):
        n = rules.players - 1
        # Translators: {levels} lists the bot levels, as "easy, medium, hard, expert, master"
        raise DealError(ngettext("The deal needs {n} opponent level from {levels}.",
                                 "The deal needs {n} opponent levels from {levels}.", n).format(
            n=n, levels=", ".join(level_name(level) for level in LEVELS)))
    if not isinstance(seed, str) or not 0 < len(seed) <= MAX_SEED:
        # Translators: the seed is the number that deals the game
        raise DealError(_("The deal's seed is missing or too long."))
    return Deal(rules, tuple(levels), seed)


def page_seed(seed: str) -> bool:
    """Whether ``seed`` is one the page deals from and names (``deal_line``):
    a game's number, or a day's daily deal (``daily:YYYY-MM-DD``)."""
    if seed.isascii() and seed.isdigit():
        return True
    day = seed[len(DAILY_PREFIX):]
    try:
        return is_daily(seed) and date.fromisoformat(day).isoformat() == day
    except ValueError:
        return False


def seed_deal(seed: str, table: Table) -> Deal:
    """``?seed=N``: the given game's set-up dealt from seed N. Any other text
    would deal a game too, but no game the page ever named: it is refused."""
    if not 0 < len(seed) <= MAX_SEED:
        # Translators: the seed is the number that deals the game, given in the address
        raise DealError(_("The seed is missing or too long."))
    if not page_seed(seed):
        # Translators: a link's ?seed= is not a deal's number; {seed} is what the link gives
        raise DealError(_("“{seed}” is not a deal number: a deal number has digits "
                          "only.").format(seed=seed))
    return Deal(table.rules, deal_of(table).levels, seed)


def daily(day: str) -> Deal:
    """Today's deal (``day`` as YYYY-MM-DD): standard, two players, against the expert."""
    return Deal(Rules.make("standard", players=2), (DAILY_LEVEL,), f"{DAILY_PREFIX}{day}")


def daily_day(table: Table) -> str | None:
    """The day of a daily deal played as such, or None for any other game
    (another day's daily deal shared by a link among them)."""
    seed = str(table.game.seed)
    day = seed[len(DAILY_PREFIX):]
    return day if table.daily and deal_of(table) == daily(day) else None


def margin(table: Table) -> int:
    """The person's side's score minus the best other side's."""
    scores = table.game.scores
    mine = table.rules.side_of(0)
    return scores[mine] - max(s for side, s in enumerate(scores) if side != mine)


def best_days(stored: Any, day: str, result: int) -> dict[str, int]:
    """The best margin kept per day, with ``result`` for ``day`` (better ones
    win); anything unusable in ``stored`` is dropped, and only the latest
    ``DAYS_KEPT`` days are kept."""
    best: dict[str, int] = {}
    if isinstance(stored, dict):
        best = {d: v for d, v in stored.items()
                if isinstance(d, str) and len(d) == 10 and isinstance(v, int)
                and not isinstance(v, bool)}
    best[day] = max(best.get(day, result), result)
    return dict(sorted(best.items())[-DAYS_KEPT:])
