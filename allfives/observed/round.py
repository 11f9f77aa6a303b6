"""One round as a real table shows it: the layout, the counts, the moves and
their points, what each entry may be, and the round's end scored."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..layout import Layout
from ..moves import DRAW, LEAD, PASS, Move, move_on, move_tile, play_move
from ..played import RoundEnding
from ..rules import Rules, Seat, Side
from ..scoring import RoundScore, play_points, settle_round
from ..tiles import (
    ALL_TILES,
    NAMES,
    PIPS,
    PLAYABLE,
    TILE_COUNT,
    Mask,
    Tile,
    mask_of,
    pips_of,
    tiles_of,
)
from ..view import PlayerView
from .entries import CallRule, Left, Played, Turn, tiles_entered, whole
from .refusals import Refusal, RefusedError, no


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
        """Every play of ``tile`` on the table as it stands (the lead if empty).

        >>> rnd = ObservedRound(Rules.make("standard"), 0, [0, 0], None, None, "off")
        >>> rnd.places(20) == [play_move(20)]  # 3-5 leads
        True
        """
        if self.on_table >> tile & 1:
            return []
        return self.layout.plays(1 << tile)

    def dealt_to(self, seat: Seat) -> tuple[Tile, ...]:
        """The known seat's deal (no other seat's is known)."""
        known = seat == self.known_seat and self.dealt is not None
        return tuple(tiles_of(self.dealt or 0)) if known else ()

    def drawn_by(self, seat: Seat) -> tuple[Tile, ...]:
        return tuple(self.drawn) if seat == self.known_seat else ()

    def revealed(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand's tiles left, once the round-end entry named them all
        (where only pips were entered, none is shown)."""
        if self.left is None or any(isinstance(v, int) for v in self.left):
            return ()
        return tuple(v for v in self.left if not isinstance(v, int))

    def view(self) -> PlayerView:
        """The known seat's view now: its hand, the table, the counts."""
        if self.known_seat is None:
            raise RefusedError(no("no_known_seat"))
        return PlayerView(rules=self.rules, seat=self.known_seat, hand=tuple(tiles_of(self.known)),
                          history=self.history, hand_counts=tuple(self.counts),
                          boneyard_left=self.boneyard_left, turn=self.turn,
                          starter=self.starter, scores=tuple(self.scores))

    # -- why an entry cannot be --------------------------------------------

    def why_not_move(self, turn: Turn) -> Refusal | None:
        """None if the move can be entered now, else why not."""
        if self.end is not None:
            return no("round_over", end=self.end)
        if turn.called is not None and turn.move < 0:
            return no("call_not_a_play")
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
            return no("table_empty", seat=seat)
        if not self.boneyard_left:
            return no("boneyard_empty")
        fits = self._fitting_known()
        if fits is not None:
            return no("draw_holding_fit", seat=seat, tile=NAMES[fits])
        if seat != self.known_seat:
            return None if turn.drawn is None else no("draw_tile_unknown_hand", seat=seat)
        if turn.drawn is None:
            return no("draw_tile_missing", seat=seat)
        if self.on_table >> turn.drawn & 1:
            return no("on_table", tile=NAMES[turn.drawn])
        if self.known >> turn.drawn & 1:
            return no("drawn_in_hand", seat=seat, tile=NAMES[turn.drawn])
        return None

    def _why_not_pass(self) -> Refusal | None:
        seat = self.turn
        if not self.layout.placements:
            return no("table_empty", seat=seat)
        if self.boneyard_left:
            return no("pass_boneyard", seat=seat, count=self.boneyard_left)
        fits = self._fitting_known()
        if fits is not None:
            return no("pass_holding_fit", seat=seat, tile=NAMES[fits])
        if seat != self.known_seat and not self._hands_possible(seat, passing=True):
            return no("pass_must_hold_fit", seat=seat)
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
                return no("already_led")
        elif not layout.placements:
            return no("lead_alone", tile=NAMES[tile])
        elif not self.on_table >> on & 1:
            return no("not_on_table", on=NAMES[on])
        elif layout.joint(tile, on) < 0:
            return no("no_fit_on", tile=NAMES[tile], on=NAMES[on])
        if seat != self.known_seat and self.void[seat] >> tile & 1:
            return no("passed_with", seat=seat, tile=NAMES[tile])
        if seat != self.known_seat and not self._hands_possible(seat, laid=tile):
            return no("hands_cannot", seat=seat, tile=NAMES[tile])
        return self._why_not_call(seat, tile, on, turn.called)

    def _why_not_tile(self, seat: Seat, tile: Tile) -> Refusal | None:
        if self.on_table >> tile & 1:
            return no("on_table", tile=NAMES[tile])
        known = self.known_seat
        if seat == known and not self.known >> tile & 1:
            return no("not_held", seat=seat, tile=NAMES[tile])
        if seat != known and self.known >> tile & 1:
            return no("in_known_hand", seat=known, tile=NAMES[tile])
        return None

    def _why_not_call(self, seat: Seat, tile: Tile, on: Tile,
                       called: int | None) -> Refusal | None:
        if called is None:
            return None
        if self.calls == "off":
            return no("calls_off")
        if not whole(called) or called < 0:
            return no("call_not_a_number", call=repr(called))
        if self.rules.divisor == 1 and called % 5:
            return no("call_not_a_score", call=called)
        points = self._points(tile, on)
        if called > points:
            return no("call_too_high", seat=seat, call=called, tile=NAMES[tile], points=points)
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
        """What is left in each hand, checked: per seat its tiles (values), a
        number of pips, or None where the hand is known (the known seat's,
        or the one that went out). Raise IllegalMoveError saying what is wrong."""
        if self.end is None:
            raise RefusedError(no("still_playing"))
        if self.left is not None or self.end == "target":
            raise RefusedError(no("already_scored"))
        n = self.rules.players
        if isinstance(left, (str, bytes)) or not isinstance(left, Sequence) or len(left) != n:
            raise RefusedError(no("left_per_player", players=n))
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
            if value is None or value == pips_of(mask_of(known)) and whole(value) \
                    or not whole(value) and tiles_entered(seat, value) == known:
                return known
            raise RefusedError(no("holds", seat=seat, hand=" ".join(NAMES[t] for t in known))
                               if known else no("holds_nothing", seat=seat))
        if value is None:
            raise RefusedError(no("enter_hand", seat=seat))
        if whole(value):
            return None
        count = self.counts[seat]
        tiles = tiles_entered(seat, value)
        if len(tiles) != count:
            raise RefusedError(no("count_mismatch", seat=seat, count=count, entered=len(tiles)))
        for t in tiles:
            if self.void[seat] >> t & 1:
                raise RefusedError(no("passed_with", seat=seat, tile=NAMES[t]))
        return tiles

    def _tile_taken(self, tile: Tile, seat: Seat) -> Refusal:
        if self.on_table >> tile & 1:
            return no("on_table_not_hand", seat=seat, tile=NAMES[tile])
        if self.known >> tile & 1:
            return no("in_known_hand", seat=self.known_seat, tile=NAMES[tile])
        return no("two_hands", tile=NAMES[tile])

    def _pips_left(self, seat: Seat, pips: object, named: Mask) -> int:
        """Pips entered for a seat, checked against the tiles it could hold
        (each hand alone: not whether all the hands entered fit together)."""
        assert whole(pips)
        count = self.counts[seat]
        free = sorted(PIPS[t] for t in tiles_of(ALL_TILES & ~named & ~self.void[seat]))
        low, high = sum(free[:count]), sum(free[len(free) - count:])
        if not low <= pips <= high:
            raise RefusedError(no("pips_range", seat=seat, count=count, pips=pips, low=low,
                                   high=high))
        return pips

