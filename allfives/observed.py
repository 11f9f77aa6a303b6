"""A game observed at a real table (docs/RULES.md section 10): the engine is
told what the table shows, move by move, and sees no hand until a round
ends. It says each play's points at once, refuses what cannot be, with the
reason, and scores each round end by the engine's own rules
(``game.settle_round``).

The state is a replay of the entries: ``ObservedGame.entries`` lists
everything entered (round starts, moves, round ends), and undo drops
entries and replays the rest, so undoing and entering again always gives
what entering once gave, and a record read back is the same game.

One seat's hand may be known (its tiles at the deal and its draws): then
``view`` and ``decisions`` give that seat's ``PlayerView`` at its moves,
built from the entries alone (no deal is made up for the unknown hands),
which is what Review needs (``bots.analysis.observed_moments``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal, TypeAlias, TypeGuard

from .errors import AllFivesError, IllegalMoveError, RecordError, RulesError
from .game import RoundEnding, Rounds, settle_round
from .layout import Layout
from .moves import DRAW, LEAD, PASS, Move, move_on, move_text, move_tile, parse_move, play_move
from .record import FORMAT
from .rules import Rules, Seat, Side
from .scoring import RoundScore, play_points
from .tiles import (
    ALL_TILES,
    NAMES,
    PIPS,
    PLAYABLE,
    TILE_COUNT,
    Mask,
    Tile,
    mask_of,
    parse_tile,
    pips_of,
    tiles_of,
)
from .view import PlayerView

CallRule = Literal["off", "on", "muggins"]
CALL_RULES: tuple[CallRule, ...] = ("off", "on", "muggins")

# What is left in a hand at a round's end: its tiles, or just their pips.
Left: TypeAlias = tuple[Tile, ...] | int


# Why an entry cannot be, by code: the sentence in English, naming values a
# refusal gives (seats as numbers, tiles and moves as text; ``{tiles}`` is
# ``count`` tiles: "1 tile", "9 tiles"). The page puts each into words in
# every language from the code and the values.
REASONS: dict[str, str] = {
    "game_over": "the game is over",
    "no_round": "no round has started",
    "round_not_finished": "round {round} is not finished",
    "say_starter": "say who starts: the rules leave it to the table",
    "starter_range": "the starter must be a seat from 0 to {last}, not {starter}",
    "must_start": "seat {seat} went out last round and must start, not seat {starter}",
    "no_known_seat": "no seat's hand is entered in this game",
    "enter_dealt": "enter the {tiles} dealt to seat {seat}",
    "dealt_count": "seat {seat} is dealt {tiles}, not {entered}",
    "round_over": "the round is over ({end})",
    "table_empty": "the table is empty: seat {seat} leads any tile",
    "already_led": "the round is already led: name the tile it joins",
    "lead_alone": "the first tile is led on its own (write just {tile})",
    "on_table": "{tile} is already on the table",
    "not_on_table": "{on} is not on the table",
    "no_fit_on": "{tile} does not fit an open end of {on}",
    "fits_nowhere": "{tile} fits no open end (they show {values})",
    "fits_several": "{tile} fits in {places} places ({moves}): name one",
    "not_held": "seat {seat} does not hold {tile}",
    "in_known_hand": "{tile} is in seat {seat}'s hand",
    "passed_with": "seat {seat} cannot hold {tile}: they passed when it would have fit",
    "hands_cannot": "seat {seat} cannot lay {tile}: the other hands could not then hold the "
                    "tiles still off the table, by who passed when",
    "boneyard_empty": "the boneyard is empty",
    "draw_count": "a draw takes 1 tile or more, not {asked}",
    "draw_too_many": "only {tiles} left to draw, not {asked}",
    "draw_holding_fit": "seat {seat} may not draw: they hold {tile}, which fits",
    "draw_tile_missing": "enter the tile seat {seat} drew",
    "draw_tile_unknown_hand": "seat {seat}'s hand is not entered: enter the draw without its tile",
    "drawn_in_hand": "{tile} is already in seat {seat}'s hand",
    "pass_boneyard": "seat {seat} may not pass: the boneyard still holds {tiles} (draw)",
    "pass_holding_fit": "seat {seat} may not pass: they hold {tile}, which fits",
    "pass_must_hold_fit": "seat {seat} may not pass: they must hold a tile that fits (the other "
                          "hands cannot hold every tile that fits, by who passed when)",
    "calls_off": "calls are off in this game",
    "call_not_a_play": "only a tile laid is called",
    "call_not_a_number": "a call is a number of points from 0, not {call}",
    "call_not_a_score": "a call of {call} is not a score: points come in fives",
    "call_too_high": "seat {seat} called {call}, but {tile} scores {points}",
    "still_playing": "the round is still being played",
    "already_scored": "this round's end is already scored",
    "left_per_player": "enter what is left for each of the {players} players",
    "enter_hand": "enter what seat {seat} holds",
    "holds": "seat {seat} holds {hand}",
    "holds_nothing": "seat {seat} holds nothing",
    "count_mismatch": "seat {seat} holds {tiles}, not {entered}",
    "on_table_not_hand": "{tile} is on the table, not in seat {seat}'s hand",
    "two_hands": "{tile} is entered for two hands",
    "pips_range": "seat {seat}'s {tiles} cannot hold {pips} pips (from {low} to {high})",
    "left_unreadable": "seat {seat}: enter tiles like ['3-5'] or a number of pips, not {value}",
    "tile_unreadable": "seat {seat}: {error}",
    "tile_twice": "seat {seat}: a tile is entered twice",
    "undo_too_many": "there are {entries} entries to undo, not {asked}",
}


@dataclass(frozen=True)
class Refusal:
    """Why an entry cannot be: a code of ``REASONS`` and the values it names;
    ``str()`` is the English sentence."""

    code: str
    values: dict[str, object]

    def __str__(self) -> str:
        values = dict(self.values)
        count = values.get("count")
        if isinstance(count, int):
            values["tiles"] = f"{count} tile" if count == 1 else f"{count} tiles"
        return REASONS[self.code].format(**values)


def _no(code: str, **values: object) -> Refusal:
    return Refusal(code, values)


class RefusedError(IllegalMoveError):
    """An entry the table cannot have made; ``refusal`` says why, as data."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


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
    (``ObservedRound.read_left`` reads it)."""

    left: Sequence[object]


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


class ObservedRound:
    """One round as the table shows it: the layout, every seat's hand count,
    the boneyard's size, the moves and their points; the known seat's hand.

    ``end`` is None while the round runs, then ``"domino"``, ``"blocked"``
    or ``"target"``; ``left`` is the round-end entry once made.
    """

    def __init__(self, rules: Rules, starter: Seat, scores: list[int],
                 known_seat: Seat | None, hand: Mask | None, calls: CallRule) -> None:
        self.rules = rules
        self.calls = calls
        self.starter = starter
        self.turn = starter
        self.scores = list(scores)
        self.layout = Layout(rules.spinners, rules.live_joins)
        self.counts = [rules.hand_size] * rules.players
        self.boneyard_left = TILE_COUNT - rules.players * rules.hand_size
        self.known_seat = known_seat
        self.dealt = hand
        self.known: Mask = hand or 0  # the known seat's hand now
        self.drawn: list[Tile] = []  # the known seat's draws, in order
        self.played: list[Played] = []
        # Per seat, tiles it cannot hold: those that fitted when it passed (the
        # boneyard was empty, so its hand has only shrunk since).
        self.void = [0] * rules.players
        self.end: RoundEnding | None = None
        self.went_out: Seat | None = None
        self.left: tuple[Left, ...] | None = None
        self.result: RoundScore | None = None
        self.winner: Side | None = None

    # -- what the table shows ----------------------------------------------

    @property
    def history(self) -> tuple[tuple[Seat, Move, int], ...]:
        """``(seat, move, points)`` per move, as ``Round.history`` has it."""
        return tuple((p.seat, p.move, p.points) for p in self.played)

    @property
    def count(self) -> int:
        """The count of the open ends (docs/RULES.md section 6)."""
        return self.layout.count

    @property
    def on_table(self) -> Mask:
        return mask_of(t for t, _ in self.layout.placements)

    @property
    def finished(self) -> bool:
        """Over and scored: won in play, or its round end entered."""
        return self.end == "target" or self.left is not None

    @property
    def over(self) -> bool:
        """As ``Round.over`` means it to a reader of scores: the round's
        scores are final (``finished``)."""
        return self.finished

    def places(self, tile: Tile) -> list[Move]:
        """Every play of ``tile`` on the table as it stands (the lead if empty)."""
        if self.on_table >> tile & 1:
            return []
        return self.layout.plays(1 << tile)

    def view(self) -> PlayerView:
        """The known seat's view now: its hand, the table, the counts."""
        if self.known_seat is None:
            raise RefusedError(_no("no_known_seat"))
        return PlayerView(rules=self.rules, seat=self.known_seat, hand=tuple(tiles_of(self.known)),
                          history=self.history, hand_counts=tuple(self.counts),
                          boneyard_left=self.boneyard_left, turn=self.turn,
                          starter=self.starter, scores=tuple(self.scores))

    # -- why an entry cannot be --------------------------------------------

    def why_not_move(self, turn: Turn) -> Refusal | None:
        """None if the move can be entered now, else why not."""
        if self.end is not None:
            return _no("round_over", end=self.end)
        if turn.called is not None and turn.move < 0:
            return _no("call_not_a_play")
        if turn.move == DRAW:
            return self._why_not_draw(turn)
        if turn.move == PASS:
            return self._why_not_pass()
        return self._why_not_play(turn)

    def _fitting_known(self) -> Tile | None:
        """A tile of the known seat's that fits, when it is that seat's turn."""
        if self.turn != self.known_seat:
            return None
        fits = tiles_of(self.known & PLAYABLE[self.layout.open_values])
        return fits[0] if fits else None

    def _why_not_draw(self, turn: Turn) -> Refusal | None:
        seat = self.turn
        if not self.layout.placements:
            return _no("table_empty", seat=seat)
        if not self.boneyard_left:
            return _no("boneyard_empty")
        fits = self._fitting_known()
        if fits is not None:
            return _no("draw_holding_fit", seat=seat, tile=NAMES[fits])
        if seat != self.known_seat:
            return None if turn.drawn is None else _no("draw_tile_unknown_hand", seat=seat)
        if turn.drawn is None:
            return _no("draw_tile_missing", seat=seat)
        if self.on_table >> turn.drawn & 1:
            return _no("on_table", tile=NAMES[turn.drawn])
        if self.known >> turn.drawn & 1:
            return _no("drawn_in_hand", seat=seat, tile=NAMES[turn.drawn])
        return None

    def _why_not_pass(self) -> Refusal | None:
        seat = self.turn
        if not self.layout.placements:
            return _no("table_empty", seat=seat)
        if self.boneyard_left:
            return _no("pass_boneyard", seat=seat, count=self.boneyard_left)
        fits = self._fitting_known()
        if fits is not None:
            return _no("pass_holding_fit", seat=seat, tile=NAMES[fits])
        if seat != self.known_seat and not self._hands_possible(seat, passing=True):
            return _no("pass_must_hold_fit", seat=seat)
        return None

    def _hands_possible(self, seat: Seat, laid: Tile | None = None,
                        passing: bool = False) -> bool:
        """Whether the tiles off the table can still be the unknown hands
        after ``seat`` lays ``laid`` or passes. Only a pass says what a hand
        cannot hold, and only once the boneyard is empty, when those tiles are
        exactly the unknown hands: a seat holds its count of them, none it
        passed with (``void``). Such a deal exists exactly when, for every
        group of seats, the tiles only they can hold are no more than they
        hold together (Hall's condition; at most 3 unknown hands, so 8 groups)."""
        if self.boneyard_left:
            return True
        pool = ALL_TILES & ~self.on_table & ~self.known
        counts = {s: c for s, c in enumerate(self.counts) if s != self.known_seat}
        void = {s: self.void[s] for s in counts}
        if laid is not None:
            pool &= ~(1 << laid)
            counts[seat] -= 1
        if passing:
            void[seat] |= PLAYABLE[self.layout.open_values]
        for size in range(len(counts) + 1):
            for group in combinations(counts, size):
                elsewhere = 0
                for s in counts:
                    if s not in group:
                        elsewhere |= pool & ~void[s]
                if (pool & ~elsewhere).bit_count() > sum(counts[s] for s in group):
                    return False
        return True

    def _why_not_play(self, turn: Turn) -> Refusal | None:
        seat, tile, on = self.turn, move_tile(turn.move), move_on(turn.move)
        why = self._why_not_tile(seat, tile)
        if why is not None:
            return why
        layout = self.layout
        if on == LEAD:
            if layout.placements:
                return _no("already_led")
        elif not layout.placements:
            return _no("lead_alone", tile=NAMES[tile])
        elif not self.on_table >> on & 1:
            return _no("not_on_table", on=NAMES[on])
        elif layout.joint(tile, on) < 0:
            return _no("no_fit_on", tile=NAMES[tile], on=NAMES[on])
        if seat != self.known_seat and self.void[seat] >> tile & 1:
            return _no("passed_with", seat=seat, tile=NAMES[tile])
        if seat != self.known_seat and not self._hands_possible(seat, laid=tile):
            return _no("hands_cannot", seat=seat, tile=NAMES[tile])
        return self._why_not_call(seat, tile, on, turn.called)

    def _why_not_tile(self, seat: Seat, tile: Tile) -> Refusal | None:
        if self.on_table >> tile & 1:
            return _no("on_table", tile=NAMES[tile])
        known = self.known_seat
        if seat == known and not self.known >> tile & 1:
            return _no("not_held", seat=seat, tile=NAMES[tile])
        if seat != known and self.known >> tile & 1:
            return _no("in_known_hand", seat=known, tile=NAMES[tile])
        return None

    def _why_not_call(self, seat: Seat, tile: Tile, on: Tile,
                       called: int | None) -> Refusal | None:
        if called is None:
            return None
        if self.calls == "off":
            return _no("calls_off")
        if not _whole(called) or called < 0:
            return _no("call_not_a_number", call=repr(called))
        if self.rules.divisor == 1 and called % 5:
            return _no("call_not_a_score", call=called)
        points = self._points(tile, on)
        if called > points:
            return _no("call_too_high", seat=seat, call=called, tile=NAMES[tile], points=points)
        return None

    def _points(self, tile: Tile, on: Tile) -> int:
        return play_points(self.layout.count_after(tile, on), self.rules.divisor)

    # -- making entries (checked by the caller) ----------------------------

    def make_move(self, turn: Turn) -> None:
        seat = self.turn
        if turn.move == DRAW:
            played = Played(seat, DRAW, 0, count=self.layout.count)
            self._draw(seat, turn.drawn)
        elif turn.move == PASS:
            played = Played(seat, PASS, 0, count=self.layout.count)
            if seat != self.known_seat:
                self.void[seat] |= PLAYABLE[self.layout.open_values]
            self.turn = self._next(seat)
        else:
            played = self._lay(seat, move_tile(turn.move), move_on(turn.move), turn.called)
        self.played.append(played)

    def _next(self, seat: Seat) -> Seat:
        return seat + 1 if seat + 1 < self.rules.players else 0

    def _draw(self, seat: Seat, tile: Tile | None) -> None:
        self.boneyard_left -= 1
        self.counts[seat] += 1
        if tile is not None:
            self.known |= 1 << tile
            self.drawn.append(tile)
        if not self.boneyard_left:
            self._end_if_blocked()

    def _lay(self, seat: Seat, tile: Tile, on: Tile, called: int | None) -> Played:
        count = self.layout.place(tile, on)
        points = play_points(count, self.rules.divisor)
        self.known &= ~(1 << tile)
        self.counts[seat] -= 1
        move = play_move(tile, on)
        if self.calls != "off":
            called = called or 0
            played = Played(seat, move, called, called, points - called, count)
        else:
            played = Played(seat, move, points, count=count)
        if self._peg(self.rules.side_of(seat), played.points):
            return played
        if self.calls == "muggins" and self._peg(self.rules.side_of(self._next(seat)),
                                                 played.missed):
            return played
        if not self.counts[seat]:
            self.end, self.went_out = "domino", seat
        else:
            self.turn = self._next(seat)
            if not self.boneyard_left:
                self._end_if_blocked()
        return played

    def _peg(self, side: Side, points: int) -> bool:
        """Score points for a side; True if that wins the game (section 8)."""
        if not points:
            return False
        self.scores[side] += points
        if self.scores[side] < self.rules.target:
            return False
        self.end, self.winner = "target", side
        return True

    def _end_if_blocked(self) -> None:
        """With the boneyard empty every tile off the table is in a hand, so
        the round is blocked exactly when none of them fits (section 4): the
        table shows it, whatever the hands hold."""
        if not ALL_TILES & ~self.on_table & PLAYABLE[self.layout.open_values]:
            self.end = "blocked"

    def settle(self, left: tuple[Left, ...]) -> RoundScore:
        """Score the round end from what each hand holds (checked by ``read_left``)."""
        pips = tuple(v if isinstance(v, int) else sum(PIPS[t] for t in v) for v in left)
        self.result, self.winner = settle_round(self.rules, self.scores, pips, self.went_out)
        self.left = left
        return self.result

    # -- the round-end entry -----------------------------------------------

    def read_left(self, left: Sequence[object]) -> tuple[Left, ...]:
        """What is left in each hand, checked: per seat a list of tiles, a
        number of pips, or None where the hand is known (the known seat's,
        or the one that went out). Raise IllegalMoveError saying what is wrong."""
        if self.end is None:
            raise RefusedError(_no("still_playing"))
        if self.left is not None or self.end == "target":
            raise RefusedError(_no("already_scored"))
        n = self.rules.players
        if isinstance(left, (str, bytes)) or not isinstance(left, Sequence) or len(left) != n:
            raise RefusedError(_no("left_per_player", players=n))
        out = [self._tiles_left(s, v) for s, v in enumerate(left)]
        named = self.on_table | self.known
        for s, tiles in enumerate(out):
            if tiles is not None and s != self.known_seat:
                for t in tiles:
                    if named >> t & 1:
                        raise RefusedError(self._tile_taken(t, s))
                    named |= 1 << t
        return tuple(self._pips_left(s, left[s], named) if tiles is None else tiles
                     for s, tiles in enumerate(out))

    def _tiles_left(self, seat: Seat, value: object) -> tuple[Tile, ...] | None:
        """A seat's tiles, entered or known; None where only pips are entered."""
        if seat == self.known_seat or not self.counts[seat]:
            known = tuple(tiles_of(self.known)) if seat == self.known_seat else ()
            if value is None or value == pips_of(mask_of(known)) and _whole(value) \
                    or not _whole(value) and _tiles(seat, value) == known:
                return known
            raise RefusedError(_no("holds", seat=seat, hand=" ".join(NAMES[t] for t in known))
                               if known else _no("holds_nothing", seat=seat))
        if value is None:
            raise RefusedError(_no("enter_hand", seat=seat))
        if _whole(value):
            return None
        count = self.counts[seat]
        tiles = _tiles(seat, value)
        if len(tiles) != count:
            raise RefusedError(_no("count_mismatch", seat=seat, count=count, entered=len(tiles)))
        for t in tiles:
            if self.void[seat] >> t & 1:
                raise RefusedError(_no("passed_with", seat=seat, tile=NAMES[t]))
        return tiles

    def _tile_taken(self, tile: Tile, seat: Seat) -> Refusal:
        if self.on_table >> tile & 1:
            return _no("on_table_not_hand", seat=seat, tile=NAMES[tile])
        if self.known >> tile & 1:
            return _no("in_known_hand", seat=self.known_seat, tile=NAMES[tile])
        return _no("two_hands", tile=NAMES[tile])

    def _pips_left(self, seat: Seat, pips: object, named: Mask) -> int:
        """Pips entered for a seat, checked against the tiles it could hold
        (each hand alone: not whether all the hands entered fit together)."""
        assert _whole(pips)
        count = self.counts[seat]
        free = sorted(PIPS[t] for t in tiles_of(ALL_TILES & ~named & ~self.void[seat]))
        low, high = sum(free[:count]), sum(free[len(free) - count:])
        if not low <= pips <= high:
            raise RefusedError(_no("pips_range", seat=seat, count=count, pips=pips, low=low,
                                   high=high))
        return pips


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _tiles(seat: Seat, value: object) -> tuple[Tile, ...]:
    """Tiles entered for a seat, lowest first; IllegalMoveError if unreadable or doubled."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RefusedError(_no("left_unreadable", seat=seat, value=repr(value)))
    try:
        tiles = [parse_tile(t) for t in value]
    except AllFivesError as e:
        raise RefusedError(_no("tile_unreadable", seat=seat, error=str(e))) from None
    if len(set(tiles)) != len(tiles):
        raise RefusedError(_no("tile_twice", seat=seat))
    return tuple(sorted(tiles))


class ObservedGame(Rounds[ObservedRound]):
    """A game kept at a real table: rounds until a side reaches the target.

    >>> game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    >>> round_ = game.start_round(starter=0)  # the table decides who sets first
    >>> game.play("5-5").points, game.play("0-5").points, game.play("3-5>5-5").points
    (10, 10, 0)
    >>> game.scores, game.round.counts, game.round.boneyard_left
    ([10, 10], [7, 8], 10)
    >>> game.pass_turn()
    Traceback (most recent call last):
    ...
    allfives.observed.RefusedError: seat 1 may not pass: the boneyard still holds 10 tiles (draw)
    >>> game.undo(2); game.scores
    [10, 0]
    """

    def __init__(self, rules: Rules, names: Sequence[str] | None = None, *,
                 known_seat: Seat | None = None, calls: CallRule = "off") -> None:
        n = rules.players
        if names is None:
            names = [""] * n
        if len(names) != n or not all(isinstance(name, str) for name in names):
            raise RulesError(f"name each of the {n} players")
        if known_seat is not None and (isinstance(known_seat, bool) or known_seat not in range(n)):
            raise RulesError(f"the known seat must be a seat from 0 to {n - 1}, not {known_seat!r}")
        if calls not in CALL_RULES:
            raise RulesError(f"calls must be one of {', '.join(CALL_RULES)}, not {calls!r}")
        self.rules = rules
        self.names = tuple(names)
        self.known_seat = known_seat
        self.calls: CallRule = calls
        self.entries: list[Entry] = []
        self.rounds: list[ObservedRound] = []

    # -- state -------------------------------------------------------------

    def places(self, tile: str) -> list[str]:
        """Where ``tile`` fits now, as moves (``"3-5>5-5"``; the lead alone)."""
        return [move_text(m) for m in self.round.places(parse_tile(tile))]

    def view(self) -> PlayerView:
        """The known seat's ``PlayerView`` now."""
        return self.round.view()

    # -- entries -----------------------------------------------------------

    def start_round(self, starter: Seat | None = None,
                    hand: Sequence[str] | None = None) -> ObservedRound:
        """Start the next round; ``starter`` where the table decides, ``hand``
        the known seat's tiles at the deal."""
        if starter is None:
            starter = self.required_starter()
        dealt = None if hand is None else mask_of(_tiles(self.known_seat or 0, hand))
        self.enter(Start(starter, dealt))
        return self.round

    def play(self, tile: str, called: int | None = None) -> Played:
        """Lay a tile: ``"3-5"`` where it fits in one place (or leads), else
        ``"3-5>5-5"``; ``called`` the points its player called (calls on)."""
        move = parse_move(tile)
        if ">" not in tile and self.rounds and self.round.end is None \
                and self.round.layout.placements:
            move = self._only_place(move_tile(move))
        self.enter(Turn(move, called=called))
        return self.round.played[-1]

    def _only_place(self, tile: Tile) -> Move:
        rnd = self.round
        if rnd.on_table >> tile & 1:
            raise RefusedError(_no("on_table", tile=NAMES[tile]))
        places = rnd.places(tile)
        if not places:
            values = ", ".join(str(v) for v in range(7) if rnd.layout.open_values >> v & 1)
            raise RefusedError(_no("fits_nowhere", tile=NAMES[tile], values=values))
        if len(places) > 1:
            raise RefusedError(_no("fits_several", tile=NAMES[tile], places=len(places),
                                   moves=", ".join(move_text(m) for m in places)))
        return places[0]

    def draw(self, count: int = 1, tiles: Sequence[str] | None = None) -> list[Played]:
        """The player to move drew ``count`` tiles, one entry each (the known
        seat names them: ``tiles``); refused whole if any cannot be."""
        if tiles is not None:
            count = len(tiles)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RefusedError(_no("draw_count", asked=repr(count)))
        if self.rounds and self.round.end is None and count > self.round.boneyard_left > 0:
            raise RefusedError(_no("draw_too_many", count=self.round.boneyard_left, asked=count))
        drawn: list[Tile | None] = [None] * count
        if tiles is not None:
            drawn = [parse_tile(t) for t in tiles]
        for done, tile in enumerate(drawn):
            try:
                self.enter(Turn(DRAW, drawn=tile))
            except IllegalMoveError:
                if done:
                    self.undo(done)
                raise
        return self.round.played[-count:]

    def pass_turn(self) -> Played:
        """The player to move passed."""
        self.enter(Turn(PASS))
        return self.round.played[-1]

    def settle(self, left: Sequence[object]) -> RoundScore:
        """What is left in each hand after a domino or a blocked round: per seat its
        tiles (``["6-6", "1-2"]``), their pips (a number), or None for a
        hand already known. Returns the round-end points."""
        self.enter(RoundEnd(left))
        result = self.round.result
        assert result is not None
        return result

    def undo(self, entries: int = 1) -> None:
        """Take back the last ``entries`` entries (round starts and ends too)."""
        if not 0 <= entries <= len(self.entries):
            raise RefusedError(_no("undo_too_many", entries=len(self.entries), asked=entries))
        kept = self.entries[:len(self.entries) - entries]
        self.entries, self.rounds = [], []
        for entry in kept:
            self.enter(entry)

    def enter(self, entry: Entry) -> None:
        """Check an entry, make it and keep it; IllegalMoveError if it cannot be.
        The methods above enter their entries so; undo and records replay
        ``entries`` through it, and so may a redo."""
        why = self.why_not(entry)
        if why is not None:
            raise RefusedError(why)
        if isinstance(entry, Start):
            assert entry.starter is not None  # checked
            self.rounds.append(ObservedRound(self.rules, entry.starter, self.scores,
                                             self.known_seat, entry.hand, self.calls))
        elif isinstance(entry, Turn):
            self.round.make_move(entry)
        else:
            self.round.settle(self.round.read_left(entry.left))
        self.entries.append(entry)

    def why_not(self, entry: Entry) -> Refusal | None:
        """None if ``entry`` can be entered now, else why not (for greying
        out what cannot be, without entering it).

        >>> game = ObservedGame(Rules.make("standard", players=4, hand_size=7))
        >>> game.why_not(Start(starter=2)), game.start_round(2).boneyard_left
        (None, 0)
        >>> why = game.why_not(Turn(DRAW))
        >>> why.code, why.values, str(why)
        ('table_empty', {'seat': 2}, 'the table is empty: seat 2 leads any tile')
        """
        if self.over:
            return _no("game_over")
        if isinstance(entry, Start):
            return self._why_not_start(entry)
        if not self.rounds:
            return _no("no_round")
        if isinstance(entry, Turn):
            return self.round.why_not_move(entry)
        try:
            self.round.read_left(entry.left)
        except RefusedError as e:
            return e.refusal
        return None

    def _why_not_start(self, entry: Start) -> Refusal | None:
        n, size = self.rules.players, self.rules.hand_size
        if self.rounds and not self.round.finished:
            return _no("round_not_finished", round=len(self.rounds))
        if entry.starter is None:
            return _no("say_starter")
        if isinstance(entry.starter, bool) or entry.starter not in range(n):
            return _no("starter_range", last=n - 1, starter=repr(entry.starter))
        required = self.required_starter()
        if required is not None and entry.starter != required:
            return _no("must_start", seat=required, starter=entry.starter)
        if (entry.hand is None) != (self.known_seat is None):
            return (_no("no_known_seat") if self.known_seat is None
                    else _no("enter_dealt", seat=self.known_seat, count=size))
        if entry.hand is not None and entry.hand.bit_count() != size:
            return _no("dealt_count", seat=self.known_seat, count=size,
                       entered=entry.hand.bit_count())
        return None

    # -- the known seat's decisions, for Review ----------------------------

    def decisions(self) -> Iterator[tuple[int, int, PlayerView, Move]]:
        """Every move of the known seat: the round and move (1-based, as in
        records), the seat's view just before it, and the move made."""
        if self.known_seat is None:
            return
        again = ObservedGame(self.rules, self.names, known_seat=self.known_seat,
                             calls=self.calls)
        for entry in self.entries:
            rnd = again.round if again.rounds else None
            if isinstance(entry, Turn) and rnd is not None and rnd.turn == self.known_seat:
                yield len(again.rounds), len(rnd.played) + 1, rnd.view(), entry.move
            again.enter(entry)


# -- records (docs/RULES.md section 9, "Records with unknown hands") --------


def to_record(game: ObservedGame) -> dict[str, Any]:
    """The game so far as a record with unknown hands."""
    return {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "observed": {"names": list(game.names), "known_seat": game.known_seat,
                     "calls": game.calls},
        "rounds": [_round_record(game, rnd) for rnd in game.rounds],
    }


def _round_record(game: ObservedGame, rnd: ObservedRound) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hands": [[NAMES[t] for t in tiles_of(rnd.dealt)]
                  if s == game.known_seat and rnd.dealt is not None else None
                  for s in range(game.rules.players)],
        "starter": rnd.starter,
        "moves": [move_text(p.move) for p in rnd.played],
    }
    if game.known_seat is not None:
        out["drawn"] = [NAMES[t] for t in rnd.drawn]
    if game.calls != "off":
        out["calls"] = [p.called for p in rnd.played]
    if rnd.left is not None:
        out["left"] = [v if isinstance(v, int) else [NAMES[t] for t in v] for v in rnd.left]
    return out


def dumps(game: ObservedGame) -> str:
    return json.dumps(to_record(game), separators=(",", ":"))


def loads(text: str) -> ObservedGame:
    """Read a record with unknown hands from JSON text; RecordError if bad."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise RecordError("record: not JSON") from None
    return replay(data)


def replay(data: Any) -> ObservedGame:
    """Replay a parsed record with unknown hands; RecordError naming the
    round and move (1-based) where it breaks a rule."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"record: format must be {FORMAT!r}")
    observed = data.get("observed")
    if not isinstance(observed, dict):
        raise RecordError("record: not a game observed at a table (no \"observed\")")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("record: rounds must be a list")
    try:
        game = ObservedGame(Rules.from_dict(data.get("rules")), observed.get("names"),
                            known_seat=observed.get("known_seat"),
                            calls=observed.get("calls", "off"))
    except (RulesError, TypeError) as e:
        raise RecordError(f"record: {e}") from None
    for r, rnd in enumerate(rounds, 1):
        _replay_round(game, r, rnd)
    return game


def _replay_round(game: ObservedGame, r: int, data: Any) -> None:
    where = f"round {r}"
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise RecordError(f"{where}: expected an object with hands, starter, moves")
    known, hands = game.known_seat, data["hands"]
    if len(hands) != game.rules.players:
        raise RecordError(f"{where}: hands must be {game.rules.players} entries, one per seat")
    for seat, hand in enumerate(hands):
        if seat != known and hand is not None:
            raise RecordError(f"{where}: seat {seat}'s hand was not entered at the table "
                              f"(write null)")
    try:
        game.start_round(data.get("starter"), None if known is None else hands[known])
    except AllFivesError as e:
        raise RecordError(f"{where}: {e}") from None
    moves, drawn, calls = (_list(data, key, where) for key in ("moves", "drawn", "calls"))
    draws = iter(drawn)
    for i, text in enumerate(moves, 1):
        try:
            move = parse_move(text)
            tile = None
            if move == DRAW and game.round.turn == known:
                tile = parse_tile(next(draws, None))
            game.enter(Turn(move, tile, calls[i - 1] if i <= len(calls) else None))
        except AllFivesError as e:
            raise RecordError(f"{where}, move {i}: {e}") from None
    if "left" in data:
        try:
            game.settle(data["left"])
        except AllFivesError as e:
            raise RecordError(f"{where}: {e}") from None


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{where}: {key} must be a list")
    return value


__all__ = ["CALL_RULES", "REASONS", "CallRule", "Entry", "Left", "ObservedGame", "ObservedRound",
           "Played", "RefusedError", "Refusal", "RoundEnd", "Start", "Turn", "dumps", "loads",
           "replay", "to_record"]
