"""What is entered at a real table (a round's start, a move, a round's end)
and what a move did (``Played``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias, TypeGuard

from ..errors import AllFivesError
from ..moves import Move
from ..rules import Seat
from ..tiles import TILE_COUNT, Mask, Tile, parse_tile
from .refusals import RefusedError, no

CallRule = Literal["off", "on", "muggins"]
CALL_RULES: tuple[CallRule, ...] = ("off", "on", "muggins")

# What is left in a hand at a round's end: its tiles, or just their pips.
Left: TypeAlias = tuple[Tile, ...] | int
# What is entered for a hand at a round's end: its tiles, their pips, or
# None for a hand already known (the known seat's, or the one that went out).
LeftEntry: TypeAlias = Sequence[Tile] | int | None


@dataclass(frozen=True)
class Start:
    """Entry: a round starts with ``starter`` (None: the one the rules name);
    ``hand`` is the known seat's deal."""

    starter: Seat | None
    hand: Mask | None = None


@dataclass(frozen=True)
class Turn:
    """Entry: a move of the seat to move; ``drawn`` the tile the known seat
    drew, ``called`` the points called for a play (with calls on)."""

    move: Move
    drawn: Tile | None = None
    called: int | None = None


@dataclass(frozen=True)
class RoundEnd:
    """Entry: what is left in each hand, one per seat, as entered
    (``ObservedRound.read_left`` checks it)."""

    left: Sequence[LeftEntry]


Entry: TypeAlias = Start | Turn | RoundEnd


@dataclass(frozen=True)
class Played:
    """What one move did: the seat, the move, the points its side scored;
    with calls on, the points called and those the play made beyond the call
    (``missed``: with the muggins rule the next seat's side scored them);
    the count of the open ends after it (docs/RULES.md section 6)."""

    seat: Seat
    move: Move
    points: int
    called: int | None = None
    missed: int = 0
    count: int = 0



def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def tiles_entered(seat: Seat, value: object) -> tuple[Tile, ...]:
    """Tiles entered for a seat, lowest first; refused if not tiles or doubled."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) \
            or not all(whole(t) and 0 <= t < TILE_COUNT for t in value):
        raise RefusedError(no("left_unreadable", seat=seat, value=repr(value)))
    if len(set(value)) != len(value):
        raise RefusedError(no("tile_twice", seat=seat))
    return tuple(sorted(value))


def tiles_named(seat: Seat, value: object) -> tuple[Tile, ...]:
    """Tiles named for a seat (``["3-5", "6-6"]``, the text edge of
    ``tiles_entered``): refused if unreadable or doubled.

    >>> tiles_named(1, ["6-6", "3-5"]) == tiles_entered(1, [27, 20]) == (20, 27)
    True
    >>> tiles_named(1, ["3-5", "5-3"])
    Traceback (most recent call last):
    ...
    allfives.observed.refusals.RefusedError: seat 1: a tile is entered twice
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RefusedError(no("left_unreadable", seat=seat, value=repr(value)))
    try:
        tiles = [parse_tile(t) for t in value]
    except AllFivesError as e:
        raise RefusedError(no("tile_unreadable", seat=seat, error=str(e))) from None
    return tiles_entered(seat, tiles)


def left_named(left: object, players: int) -> list[LeftEntry]:
    """What is left in each hand with its tiles named (``[["6-6", "1-2"], 7,
    None]``, the text edge of ``RoundEnd``) as values; refused if unreadable."""
    if isinstance(left, (str, bytes)) or not isinstance(left, Sequence) or len(left) != players:
        raise RefusedError(no("left_per_player", players=players))
    return [v if v is None or whole(v) else tiles_named(seat, v) for seat, v in enumerate(left)]
