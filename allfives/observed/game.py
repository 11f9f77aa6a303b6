"""A game kept at a real table: its entries, replayed into rounds."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import Any

from ..errors import IllegalMoveError, RulesError
from ..moves import DRAW, PASS, Move, move_text, move_tile, parse_move, play_move
from ..played import Rounds
from ..rules import Rules, Seat
from ..scoring import RoundScore
from ..tiles import NAMES, TILE_COUNT, Tile, mask_of, parse_tile, tiles_of
from ..view import PlayerView
from .entries import (
    CALL_RULES,
    CallRule,
    Entry,
    LeftEntry,
    Played,
    RoundEnd,
    Start,
    Turn,
    left_named,
    tiles_entered,
    tiles_named,
)
from .refusals import Refusal, RefusedError, no
from .round import ObservedRound


class ObservedGame(Rounds[ObservedRound]):
    """A game kept at a real table: rounds until a side reaches the target.

    >>> game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    >>> round_ = game.start_round(starter=0)  # the table decides who sets first
    >>> game.lay(parse_tile("5-5")).points, game.lay(parse_tile("0-5")).points
    (10, 10)
    >>> game.play(play_move(parse_tile("3-5"), parse_tile("5-5"))).points
    0
    >>> game.scores, game.round.counts, game.round.boneyard_left
    ([10, 10], [7, 8], 10)
    >>> try:
    ...     game.pass_turn()
    ... except RefusedError as refused:
    ...     print(refused)
    seat 1 may not pass: the boneyard still holds 10 tiles (draw)
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

    @property
    def observed(self) -> bool:
        """Kept at a real table: the hands are unknown but the known seat's."""
        return True

    @property
    def seed(self) -> None:
        """No deal is made here, so no seed."""
        return None

    def sees(self, seat: Seat) -> bool:
        return seat == self.known_seat

    def seen_by(self, seat: Seat) -> PlayerView:
        """The current round as ``seat`` sees it: the known seat its hand, any
        other none; before the first round, an empty table."""
        rules = self.rules
        if not self.rounds:
            return PlayerView(rules=rules, seat=seat, hand=(), history=(),
                              hand_counts=(rules.hand_size,) * rules.players,
                              boneyard_left=TILE_COUNT - rules.players * rules.hand_size,
                              turn=0, starter=0, scores=tuple(self.scores))
        rnd = self.round
        return PlayerView(rules=rules, seat=seat,
                          hand=tuple(tiles_of(rnd.known)) if self.sees(seat) else (),
                          history=rnd.history, hand_counts=tuple(rnd.counts),
                          boneyard_left=rnd.boneyard_left, turn=rnd.turn, starter=rnd.starter,
                          scores=tuple(rnd.scores))

    def places(self, tile: Tile) -> list[Move]:
        """Where ``tile`` fits now, as moves (the lead on an empty table)."""
        return self.round.places(tile)

    def places_text(self, tile: str) -> list[str]:
        """``places`` named: ``"3-5"`` fits at ``["3-5>5-5"]``."""
        return [move_text(m) for m in self.places(parse_tile(tile))]

    def view(self) -> PlayerView:
        """The known seat's ``PlayerView`` now."""
        return self.round.view()

    def copy(self) -> ObservedGame:
        """The same game, kept apart (its entries replayed, not read from a record)."""
        again = ObservedGame(self.rules, self.names, known_seat=self.known_seat, calls=self.calls)
        for entry in self.entries:
            again.enter(entry)
        return again

    def rewound(self, round_no: int, moves: int) -> ObservedGame:
        """The game as it stood in round ``round_no`` (1-based) after its first
        ``moves`` moves: its entries replayed up to there (after a round's
        last move, with its round end), as ``Game.rewound``."""
        again = ObservedGame(self.rules, self.names, known_seat=self.known_seat, calls=self.calls)
        for entry in self.entries:
            if isinstance(entry, Start) and len(again.rounds) == round_no:
                break
            if isinstance(entry, Turn) and len(again.rounds) == round_no \
                    and len(again.round.played) == moves:
                break
            again.enter(entry)
        return again

    def seated(self, seat: Seat) -> ObservedGame:
        """The same game with the seats turned so that ``seat`` is seat 0
        (seat ``s`` becomes ``(s - seat) % players``): the names, the known
        seat, each round's starter and its round-end entry turned, every
        entry made again (a move is the turn's, whoever's seat it is)."""
        n = self.rules.players
        old = [(s + seat) % n for s in range(n)]  # new seat -> old seat
        known = None if self.known_seat is None else (self.known_seat - seat) % n
        again = ObservedGame(self.rules, [self.names[o] for o in old], known_seat=known,
                             calls=self.calls)
        for entry in self.entries:
            if isinstance(entry, Start):
                entry = Start(None if entry.starter is None else (entry.starter - seat) % n,
                              entry.hand)
            elif isinstance(entry, RoundEnd):
                entry = RoundEnd([entry.left[o] for o in old])
            again.enter(entry)
        return again

    def to_record(self) -> dict[str, Any]:
        from .record import to_record  # (record.py reads an ObservedGame)
        return to_record(self)

    # -- entries -----------------------------------------------------------

    def start_round(self, starter: Seat | None = None,
                    hand: Sequence[Tile] | None = None) -> ObservedRound:
        """Start the next round; ``starter`` where the table decides, ``hand``
        the known seat's tiles at the deal."""
        if starter is None:
            starter = self.required_starter()
        dealt = None if hand is None else mask_of(tiles_entered(self.known_seat or 0, hand))
        self.enter(Start(starter, dealt))
        return self.round

    def start_round_text(self, starter: Seat | None = None,
                         hand: Sequence[str] | None = None) -> ObservedRound:
        """``start_round`` with the hand named (``["3-5", "6-6", ...]``)."""
        return self.start_round(starter, None if hand is None
                                else tiles_named(self.known_seat or 0, hand))

    def play(self, move: Move, called: int | None = None) -> Played:
        """Make a play (``play_move(tile, on)``; the lead joins ``LEAD``);
        ``called`` the points its player called (calls on)."""
        self.enter(Turn(move, called=called))
        return self.round.played[-1]

    def lay(self, tile: Tile, called: int | None = None) -> Played:
        """Lay ``tile`` where it fits in one place (or lead it on an empty
        table); refused, naming the places, where it fits in several."""
        move = play_move(tile)
        if self.rounds and self.round.end is None and self.round.layout.placements:
            move = self._only_place(tile)
        return self.play(move, called)

    def play_text(self, text: str, called: int | None = None) -> Played:
        """``play`` named: ``"3-5>5-5"``, or ``"3-5"`` as ``lay`` takes it."""
        move = parse_move(text)
        return self.play(move, called) if ">" in text else self.lay(move_tile(move), called)

    def _only_place(self, tile: Tile) -> Move:
        rnd = self.round
        if rnd.on_table >> tile & 1:
            raise RefusedError(no("on_table", tile=NAMES[tile]))
        places = rnd.places(tile)
        if not places:
            values = ", ".join(str(v) for v in range(7) if rnd.layout.open_values >> v & 1)
            raise RefusedError(no("fits_nowhere", tile=NAMES[tile], values=values))
        if len(places) > 1:
            raise RefusedError(no("fits_several", tile=NAMES[tile], places=len(places),
                                   moves=", ".join(move_text(m) for m in places)))
        return places[0]

    def draw(self, count: int = 1, tiles: Sequence[Tile] | None = None) -> list[Played]:
        """The player to move drew ``count`` tiles, one entry each (the known
        seat names them: ``tiles``); refused whole if any cannot be."""
        if tiles is not None:
            count = len(tiles)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RefusedError(no("draw_count", asked=repr(count)))
        if self.rounds and self.round.end is None and count > self.round.boneyard_left > 0:
            raise RefusedError(no("draw_too_many", count=self.round.boneyard_left, asked=count))
        drawn: Sequence[Tile | None] = [None] * count if tiles is None else tiles
        for done, tile in enumerate(drawn):
            try:
                self.enter(Turn(DRAW, drawn=tile))
            except IllegalMoveError:
                if done:
                    self.undo(done)
                raise
        return self.round.played[-count:]

    def draw_text(self, count: int = 1, tiles: Sequence[str] | None = None) -> list[Played]:
        """``draw`` with the drawn tiles named."""
        return self.draw(count, None if tiles is None else [parse_tile(t) for t in tiles])

    def pass_turn(self) -> Played:
        """The player to move passed."""
        self.enter(Turn(PASS))
        return self.round.played[-1]

    def settle(self, left: Sequence[LeftEntry]) -> RoundScore:
        """What is left in each hand after a domino or a blocked round: per seat its
        tiles, their pips (a number), or None for a hand already known.
        Returns the round-end points."""
        self.enter(RoundEnd(left))
        result = self.round.result
        assert result is not None
        return result

    def settle_text(self, left: Sequence[object]) -> RoundScore:
        """``settle`` with each hand's tiles named (``[["6-6", "1-2"], 7, None]``)."""
        why = self.why_not(RoundEnd(()))  # what to say first, as ``settle`` would
        if why is not None and why.code != "left_per_player":
            raise RefusedError(why)
        return self.settle(left_named(left, self.rules.players))

    def undo(self, entries: int = 1) -> None:
        """Take back the last ``entries`` entries (round starts and ends too)."""
        if not 0 <= entries <= len(self.entries):
            raise RefusedError(no("undo_too_many", entries=len(self.entries), asked=entries))
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
            return no("game_over")
        if isinstance(entry, Start):
            return self._why_not_start(entry)
        if not self.rounds:
            return no("no_round")
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
            return no("round_not_finished", round=len(self.rounds))
        if entry.starter is None:
            return no("say_starter")
        if isinstance(entry.starter, bool) or entry.starter not in range(n):
            return no("starter_range", last=n - 1, starter=repr(entry.starter))
        required = self.required_starter()
        if required is not None and entry.starter != required:
            return no("must_start", seat=required, starter=entry.starter)
        if (entry.hand is None) != (self.known_seat is None):
            return (no("no_known_seat") if self.known_seat is None
                    else no("enter_dealt", seat=self.known_seat, count=size))
        if entry.hand is not None and entry.hand.bit_count() != size:
            return no("dealt_count", seat=self.known_seat, count=size,
                       entered=entry.hand.bit_count())
        return None

    # -- the known seat's decisions, for Review ----------------------------

    def decisions(self, seats: Collection[Seat] | None = None
                  ) -> Iterator[tuple[int, int, PlayerView, Move]]:
        """Every move of the known seat (if one of ``seats``: the others'
        hands are unknown): the round and move (1-based, as in records), the
        seat's view just before it, and the move made."""
        if self.known_seat is None or seats is not None and self.known_seat not in seats:
            return
        again = ObservedGame(self.rules, self.names, known_seat=self.known_seat,
                             calls=self.calls)
        for entry in self.entries:
            rnd = again.round if again.rounds else None
            if isinstance(entry, Turn) and rnd is not None and rnd.turn == self.known_seat:
                yield len(again.rounds), len(rnd.played) + 1, rnd.view(), entry.move
            again.enter(entry)

