"""The table: a tree of placed tiles, its open ends and its count
(docs/RULES.md sections 5 and 6).

The layout is updated incrementally: each placement adjusts the count and the
per-value lists of open ends, so finding legal moves never rescans the table.
"""

from __future__ import annotations

from .moves import LEAD, PLAY_MOVE, Move
from .rules import Spinners
from .tiles import HIGH, IS_DOUBLE, LOW, PLAYABLE, Mask, Tile


class Layout:
    """Mutable layout state. ``ends[v]`` lists the table tiles with an open
    point showing ``v`` (each tile once); ``open_values`` is the 7-bit set of
    values that have one; ``count`` is the sum of docs/RULES.md section 6.

    >>> from allfives.tiles import parse_tile
    >>> table = Layout()
    >>> table.place(parse_tile("6-6"), -1)  # the lead, the spinner: 6 + 6 on the table
    12
    >>> table.place(parse_tile("1-6"), parse_tile("6-6"))  # 6 + 6 + 1
    13
    """

    __slots__ = ("spinners", "live_joins", "placements", "count", "ends", "open_values",
                 "free", "joined", "spinner_tiles")

    def __init__(self, spinners: Spinners = "first", live_joins: int = 2) -> None:
        self.spinners = spinners
        self.live_joins = live_joins
        self.placements: list[tuple[Tile, Tile]] = []  # (tile, on) in play order
        self.count = 0
        self.ends: list[list[int]] = [[] for _ in range(7)]
        self.open_values = 0
        self.free = [0] * 28  # open points left on each placed double
        self.joined = [0] * 28  # tiles joined to each placed tile
        self.spinner_tiles: list[Tile] = []

    def copy(self) -> Layout:
        new = Layout.__new__(Layout)
        new.spinners = self.spinners
        new.live_joins = self.live_joins
        new.placements = self.placements[:]
        new.count = self.count
        new.ends = [e[:] for e in self.ends]
        new.open_values = self.open_values
        new.free = self.free[:]
        new.joined = self.joined[:]
        new.spinner_tiles = self.spinner_tiles[:]
        return new

    def _open(self, v: int, t: int) -> None:
        self.ends[v].append(t)
        self.open_values |= 1 << v

    def joint(self, tile: Tile, on: Tile) -> int:
        """The value at which ``tile`` would join ``on``, or -1 if it cannot."""
        if on == LEAD:
            return -1 if self.placements else 0
        for v in (LOW[tile], HIGH[tile]):
            if on in self.ends[v]:
                return v
        return -1

    def plays(self, hand: Mask) -> list[Move]:
        """Every play the tiles in ``hand`` (a mask) can make: leads on an empty
        table, else one move per (tile, open table tile) pair."""
        moves: list[Move] = []
        if not self.placements:
            while hand:
                low = hand & -hand
                hand ^= low
                moves.append(PLAY_MOVE[low.bit_length() - 1][LEAD])
            return moves
        playable = hand & PLAYABLE[self.open_values]
        ends = self.ends
        while playable:
            low = playable & -playable
            playable ^= low
            t = low.bit_length() - 1
            onto = PLAY_MOVE[t]
            a = LOW[t]
            b = HIGH[t]
            for on in ends[a]:
                moves.append(onto[on])
            if b != a:
                for on in ends[b]:
                    moves.append(onto[on])
        return moves

    def count_after(self, tile: Tile, on: Tile) -> int:
        """The count the layout would have after placing ``tile`` on ``on``
        (a legal placement), without changing anything."""
        a = LOW[tile]
        b = HIGH[tile]
        if on == LEAD:
            return a + b
        v = a if on in self.ends[a] else b
        count = self.count
        if not IS_DOUBLE[on]:
            count -= v  # the end showing v is covered
        elif on in self.spinner_tiles:
            if self.joined[on] + 1 == self.live_joins:
                count -= v + v  # the spinner stops counting
        elif self.free[on] == 1:
            count -= v + v  # the double is no longer exposed
        if a == b:
            return count + a + a
        return count + (b if v == a else a)

    def place(self, tile: Tile, on: Tile) -> int:
        """Place a tile (legality already checked); return the new count."""
        count = self.count_after(tile, on)
        self.count = count
        self.placements.append((tile, on))
        a = LOW[tile]
        b = HIGH[tile]
        if on == LEAD:
            if a == b:
                spinner = self.spinners != "none"
                if spinner:
                    self.spinner_tiles.append(tile)
                self.free[tile] = 4 if spinner else 2
            else:
                self._open(b, tile)
            self._open(a, tile)
            return count
        ends = self.ends
        v = a if on in ends[a] else b  # the joint: the half of `tile` that `on` shows
        self.joined[on] += 1
        if IS_DOUBLE[on]:
            self.free[on] -= 1
            closed = self.free[on] == 0
        else:
            closed = True
        if closed:
            ends[v].remove(on)
            if not ends[v]:
                self.open_values &= ~(1 << v)
        self.joined[tile] = 1
        if a == b:
            spinner = self.spinners == "all" or (
                self.spinners == "first" and not self.spinner_tiles)
            if spinner:
                self.spinner_tiles.append(tile)
            self.free[tile] = 3 if spinner else 1
            self._open(a, tile)
        else:
            self._open(b if v == a else a, tile)
        return count

    def unplace(self) -> None:
        """Take back the last tile placed, ``place`` in reverse, so a search can
        walk a tree of plays on one layout instead of copying it at every step.
        The open-end lists may come back in another order: the same legal
        plays, perhaps listed in another order."""
        tile, on = self.placements.pop()
        a = LOW[tile]
        b = HIGH[tile]
        if on == LEAD:
            self.count = 0
            self.ends = [[] for _ in range(7)]
            self.open_values = 0
            self.free[tile] = 0
            self.spinner_tiles.clear()
            return
        v = a if a == LOW[on] or a == HIGH[on] else b  # the joint
        own = a if a == b else (b if v == a else a)  # the point the tile left open
        self._close(own, tile)
        self.free[tile] = 0
        self.joined[tile] = 0
        if self.spinner_tiles and self.spinner_tiles[-1] == tile:
            self.spinner_tiles.pop()
        self.joined[on] -= 1
        removed = v  # what covering `on` took off the count (``count_after``)
        if IS_DOUBLE[on]:
            self.free[on] += 1
            if self.free[on] == 1:
                self._open(v, on)
            if on in self.spinner_tiles:
                removed = v + v if self.joined[on] + 1 == self.live_joins else 0
            else:
                removed = v + v if self.free[on] == 1 else 0
        else:
            self._open(v, on)
        self.count += removed - (a + a if a == b else own)

    def _close(self, v: int, t: int) -> None:
        ends = self.ends[v]
        ends.remove(t)
        if not ends:
            self.open_values &= ~(1 << v)
