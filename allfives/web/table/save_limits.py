"""How big a save may be before the page replays it."""

from __future__ import annotations

from typing import Any

# A save is refused past these before it is replayed, so that no save keeps
# the page busy for seconds: a game to 250 runs 10 to 20 rounds; one of 200
# rounds replays in 0.1 s in Pyodide and adds about 1 s to the page's start
# (1000 rounds: 0.4 s and 4.5 s). No legal round has 250 moves (28 plays, at
# most 24 draws, at most 3 passes around each). A longer game (targets near
# 10000) is kept for download like any save that cannot be read, and
# `allfives replay` reads it.
MAX_ROUNDS = 200
MAX_MOVES = 250



def oversized(data: Any) -> str | None:
    """Why a parsed save has more rounds, or a round more moves, than it may
    (MAX_ROUNDS, MAX_MOVES), or None; checked before the replay."""
    rounds = data.get("rounds") if isinstance(data, dict) else None
    if not isinstance(rounds, list):
        return None  # the replay says what is wrong
    if len(rounds) > MAX_ROUNDS:
        return f"{len(rounds):,} rounds, more than {MAX_ROUNDS:,}"
    for r, rnd in enumerate(rounds, 1):
        moves = rnd.get("moves") if isinstance(rnd, dict) else None
        if isinstance(moves, list) and len(moves) > MAX_MOVES:
            return f"round {r}: {len(moves):,} moves, more than a round can have"
    return None
