"""The bots' worker's answers read from their JSON text (``client_page``
sends the requests): each reader raises for an answer that is not one, and
Review's and the coach's give ``decide.Stale`` as None in a 1-tuple, apart
from "no worker". Pure Python, no browser."""

from __future__ import annotations

import json
from typing import Any

from ...bots.analysis import Best, Decision, Outcomes
from ...coach.tutor import Coaching
from .decide import Stale, outcomes_of


def read_object(text: str) -> dict[str, Any]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise TypeError("not an object")
    return data


def read_best(text: str) -> Best:
    return Best.from_json(read_object(text))


def read_review(text: str) -> tuple[Decision | None]:
    """The worker's analysis in a 1-tuple (None for ``decide.Stale``:
    ``drop_reviews`` stopped it), apart from ``_ask``'s None (no worker)."""
    data = read_object(text)
    return (None if Stale.answered(data) else Decision.from_json(data),)


def read_share(text: str) -> tuple[Outcomes | None]:
    """The worker's outcomes of a share in a 1-tuple (None for
    ``decide.Stale``), apart from ``_ask``'s None (no worker)."""
    data = read_object(text)
    return (None if Stale.answered(data) else outcomes_of(data),)


def read_coaching(text: str) -> tuple[Coaching | None]:
    """The worker's coaching in a 1-tuple (None for ``decide.Stale``: a
    newer request made it stale), apart from ``_ask``'s None (no worker)."""
    data = read_object(text)
    return (None if Stale.answered(data) else Coaching.from_json(data),)
