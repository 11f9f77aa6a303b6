"""The decisions this page has analysed, kept by the moment each analyses,
so that a Review opened again (the game on the table after a round's review,
at its end, or a record file opened twice) shows them at once instead of
asking the bots' worker again.

An analysis is a function of its moment alone: the worker and the page draw
the same deals from it, to the last bit (``valuing.outcomes``). So a kept
decision is the one a new analysis would give, and a moment differing in
anything (a hand, a score, a rule) is another key.
"""

from __future__ import annotations

import json
from collections import OrderedDict

from ...bots.analysis import Decision, Moment

# A long game has about 60 decisions of one seat, a Review of every seat of
# four about 240; a kept decision and its key are a few hundred bytes each
# (246-488 bytes of key in a 2-player round), so the most kept is about 1 MB.
LIMIT = 1000


def key(moment: Moment) -> str:
    """The moment as the worker is asked it, in one canonical text."""
    return json.dumps(moment.to_json(), sort_keys=True, separators=(",", ":"))


class KnownDecisions:
    """At most ``limit`` decisions, the least recently used let go first; and
    which moments have been told of (``first_told``)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._kept: OrderedDict[str, Decision] = OrderedDict()
        self._told: set[str] = set()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, moment: Moment) -> Decision | None:
        text = key(moment)
        found = self._kept.get(text)
        if found is not None:
            self._kept.move_to_end(text)
        return found

    def keep(self, moment: Moment, decision: Decision) -> None:
        text = key(moment)
        self._kept[text] = decision
        self._kept.move_to_end(text)
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)

    def first_told(self, moment: Moment) -> bool:
        """True the first time it is asked for ``moment``, then never again:
        a decision of the game on the table is told of once (its mistake
        made a puzzle once), however often it is shown."""
        text = key(moment)
        if text in self._told:
            return False
        self._told.add(text)
        return True
