"""A tile's lit places kept apart: where a tile matches the open ends of
several table tiles, one way of laying it on each is chosen, all together, so
that no two of them overlap (``geometry.Arranger.choose``): each lit place is
then where the tile lies if that place is clicked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .geometry import Box

BUDGET = 500  # picks tried, at most
T = TypeVar("T")


def overlap(a: Box, b: Box) -> bool:
    """Do two rectangles (x0, y0, x1, y1) overlap (more than touch)?"""
    eps = 1e-6
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def apart(ways: Sequence[Sequence[T]], box: Callable[[T], Box]) -> list[T] | None:
    """The first pick of one way from each of ``ways``, earlier lists and
    better ways first, where no two boxes overlap; None if there is none, or
    none found within ``BUDGET`` picks tried."""
    return _picked(ways, box, [], [BUDGET])


def _picked(ways: Sequence[Sequence[T]], box: Callable[[T], Box], picked: list[T],
            budget: list[int]) -> list[T] | None:
    if len(picked) == len(ways):
        return picked
    for way in ways[len(picked)]:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if not any(overlap(box(way), box(p)) for p in picked):
            found = _picked(ways, box, picked + [way], budget)
            if found is not None:
                return found
    return None
