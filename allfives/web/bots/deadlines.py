"""How long the page waits for the bots' worker before it takes the worker
for hung or dead (``client_page``). A worker at work says so: it beats
(``bots.pulse``) between the steps of a search or an analysis, at most
every ``pulse.EVERY_SECONDS``, and each answer counts too. So the page gives
a worker up once it has been silent for ``SILENT_SECONDS`` since the request
or its last sign of life, however long the answer itself takes: a master's
move on a phone, or on a machine busy with other pages (three test pages on
two cores made a master's move take over 4.4 s), is waited for, and a
worker that died or hangs is noticed within 5 s of falling silent (issue
17). Pure Python, no browser.

>>> left(elapsed=1.0, quiet=1.0, silence=3.0, limit=30.0)  # silent since asked
2.0
>>> left(elapsed=10.0, quiet=0.5, silence=3.0, limit=30.0)  # long, beating
2.5
>>> left(elapsed=4.0, quiet=3.5, silence=3.0, limit=30.0)  # silent too long
0.0
>>> left(elapsed=29.0, quiet=0.1, silence=3.0, limit=30.0)  # beating past its limit
1.0
"""

from __future__ import annotations

# The longest silence allowed: many times the worker's longest step between
# two beats (an analysis' slice, ``decide.SLICE_SECONDS``; a thousand
# positions of an exact solve; one world of a search: at most 0.1 s here,
# tests/bots/test_pulse.py), so a device many times slower still beats in
# time, and short enough that a worker that died is noticed within 5 s. The
# first request, before any beat, must be answered within it too (or as long
# as the worker took to start).
SILENT_SECONDS = 3.0
# However often it beats, a move is answered within this, an analysis within
# ``client_page.REVIEW_SECONDS``.
MOVE_SECONDS = 30.0


def left(elapsed: float, quiet: float, silence: float, limit: float) -> float:
    """How much longer to wait for an answer asked ``elapsed`` seconds ago
    from a worker last heard from ``quiet`` seconds ago: 0 once it has been
    silent for ``silence`` seconds since asked, or ``limit`` have passed."""
    return max(0.0, min(silence - min(elapsed, quiet), limit - elapsed))
