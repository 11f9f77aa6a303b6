"""Review's estimate of one decision played out by two workers at once, from
either end of its deals until they meet: the page from the first deal up
(``from_start``), the bots' worker from the last down (``from_end``), each
told how far the other has come. Neither waits for the other however the
device shares its cores between them (in halves fixed beforehand, one half
often ended 0.1-0.4 s after the other, and the verdict waited for it).

A deal's outcomes depend on that deal alone (``valuing.Deals``), so the deals
put back in order (``joined``) give the whole estimate's decision to the
last bit, wherever the two met; a deal both played has the same outcomes
from either."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from .valuing import Deals, Outcomes, Played


def from_start(deals: Deals, until: Callable[[], int], done: list[Played]
               ) -> Generator[None, None, list[Played]]:
    """The deals from the first up, each appended to ``done`` (which the
    caller reads to tell the other end how far this one has come), while the
    next is below ``until()`` (the first the other end has played, or the
    count; asked before each deal). Yields after each deal."""
    while len(done) < min(deals.count, until()):
        done.append(deals.played(len(done)))
        yield
    return done


def from_end(deals: Deals, until: Callable[[], int]
             ) -> Generator[None, None, tuple[int, list[Played]]]:
    """Every deal drawn, then the deals from the last down while the next is
    at or above ``until()`` (how many the other end has played; asked before
    each deal): the first deal played, and the deals from it up in order.
    Yields after each deal drawn and each played."""
    for k in range(deals.count):
        deals.drawn(k)
        yield
    low, found = deals.count, []
    while low > 0 and low - 1 >= until():
        low -= 1
        found.append(deals.played(low))
        yield
    found.reverse()
    return low, found


def joined(count: int, start: Sequence[Played], low: int, end: Sequence[Played]) -> Outcomes:
    """Each option's outcomes in deal order, from the deals played from the
    first up (``start``) and from ``low`` up (``end``); ValueError unless
    together they are every one of ``count`` deals."""
    if len(start) < low or low + len(end) != count:
        raise ValueError(f"not every one of {count} deals: {len(start)} from the first,"
                         f" {len(end)} from {low}")
    deals = [*start, *end[len(start) - low:]]
    return [[deal[i] for deal in deals] for i in range(len(deals[0]))]
