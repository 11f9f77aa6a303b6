"""Every long search beats often (``allfives.bots.pulse``): the page takes
a bots' worker silent for ``deadlines.SILENT_SECONDS`` for dead, so the
longest stretch between two beats, from the start of a move or an analysis
to its end, must be a small part of that on a device many times slower than
this machine."""

from __future__ import annotations

import asyncio
import doctest
import itertools
import time
from collections.abc import Callable, Iterator
from functools import partial

import pytest

from allfives.bots import make_bot, pulse
from allfives.bots.analysis import Moment, moments
from allfives.web.bots.deadlines import SILENT_SECONDS
from allfives.web.bots.decide import analysis

from .test_analysis import bot_game

# The longest stretch without a beat allowed here (CPython: 27 ms at most),
# so a device thirty times slower still beats within SILENT_SECONDS; well
# under a master's whole move (250-340 ms), so a search that forgot to beat fails.
# Stretches are of this thread's CPU time: the work done between two beats,
# not the moments a busy machine gave the core to another process (170 ms
# once in a full run, 546 ms beside the browser tests).
LONGEST = SILENT_SECONDS / 30


@pytest.fixture
def beats() -> Iterator[list[float]]:
    """The times of every beat while a test runs (none thrown away)."""
    heard: list[float] = []
    pulse.listen(lambda: heard.append(time.thread_time()), every=0.0)
    try:
        yield heard
    finally:
        pulse.listen(None)


def longest_silence(beats: list[float], work: Callable[[], object]) -> float:
    """The longest stretch without a beat while ``work`` runs, from its start
    to its end, in this thread's CPU time (``work`` runs in it)."""
    beats.clear()
    start = time.thread_time()
    work()
    times = [start, *beats, time.thread_time()]
    return max(b - a for a, b in itertools.pairwise(times))


def steady_silence(beats: list[float], work: Callable[[], object]) -> float:
    """``longest_silence``, measured once more if it is over ``LONGEST``: a
    stretch the code makes comes back (the work is seeded), a hiccup of this
    process does not (118 ms once in a full run, against 8-23 ms in every
    run alone: a collection of what other tests left, or the kernel's)."""
    first = longest_silence(beats, work)
    return first if first < LONGEST else min(first, longest_silence(beats, work))


def decisions(players: int) -> list[Moment]:
    """Every third decision of a round, from the lead to the boneyard's end
    and the last tiles (where the master and Review solve exactly)."""
    return list(moments(bot_game(3, bots=("medium",) * players, players=players)))[::3]


def test_the_beats_are_passed_on_at_most_once_per_interval():
    assert doctest.testmod(pulse).failed == 0
    heard: list[str] = []
    pulse.listen(lambda: heard.append("beat"), every=60.0)
    try:
        for _ in range(1000):
            pulse.beat()
    finally:
        pulse.listen(None)
    assert heard == ["beat"]
    assert pulse.EVERY_SECONDS * 4 <= SILENT_SECONDS  # several beats in every silence allowed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_masters_and_an_experts_move_and_an_analysis_beat_all_along(beats, players):
    silences = []
    for m in decisions(players):
        for level in ("master", "expert"):
            silences.append(steady_silence(beats, partial(make_bot(level, 1).choose, m.view)))
        silences.append(steady_silence(beats, lambda m=m: asyncio.run(analysis(m))))
    print(f"{players} players: longest silence {max(silences) * 1000:.0f} ms")
    assert max(silences) < LONGEST
