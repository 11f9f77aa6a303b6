"""Rounds and games: dealing, legal moves, applying moves, scoring, winning.

``Round`` is the fast, mutable state of one round (bots copy it to simulate);
``Game`` strings rounds together into a match. Both speak ``Move`` values
(``moves.py``); ``Game.apply`` also reads move text, as records write it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any

from .errors import IllegalMoveError
from .layout import Layout
from .moves import (
    DRAW,
    LEAD,
    MOVE_ON,
    MOVE_TILE,
    PASS,
    Move,
    move_on,
    move_tile,
    parse_move,
    play_move,
)
from .played import Decision, MoveResult, Outcome, RoundEnding, Rounds
from .rules import Rules, Seat, Side
from .scoring import POINTS, RoundScore, play_points, settle_round
from .tiles import ALL_TILES, NAMES, PLAYABLE, TILE_COUNT, Mask, Tile, mask_of, pips_of, tiles_of

if TYPE_CHECKING:
    from .view import PlayerView


class Round:
    """One round in progress. Scores are the game's running scores per side.

    ``end`` is None while the round runs, then ``"domino"``, ``"blocked"`` or
    ``"target"`` (a side reached the target during play: no round-end scoring).
    ``history`` holds ``(seat, move, points)`` for every move made.
    """

    __slots__ = ("rules", "players", "side_of", "divisor", "target", "hands", "dealt",
                 "boneyard", "bone_pos", "layout", "starter", "turn", "scores", "history",
                 "end", "went_out", "result", "winner")

    def __init__(self, rules: Rules, hands: list[Mask], boneyard: list[Tile], starter: Seat,
                 scores: list[int] | None = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.side_of = tuple(rules.side_of(s) for s in range(rules.players))
        self.divisor = rules.divisor
        self.target = rules.target
        self.hands = list(hands)  # tile masks, one per seat
        self.dealt = tuple(hands)
        self.boneyard = list(boneyard)
        self.bone_pos = 0  # boneyard[bone_pos:] is still face down
        self.layout = Layout(rules.spinners, rules.live_joins)
        self.starter = starter
        self.turn = starter
        self.scores = list(scores) if scores is not None else [0] * rules.sides
        self.history: list[tuple[Seat, Move, int]] = []
        self.end: RoundEnding | None = None
        self.went_out: Seat | None = None
        self.result: RoundScore | None = None  # round-end scoring, once scored
        self.winner: Side | None = None  # the side that won the game, if it ended

    @classmethod
    def from_position(cls, rules: Rules, hands: list[Mask], boneyard: list[Tile], *,
                      starter: Seat, scores: list[int], history: list[tuple[Seat, Move, int]],
                      turn: Seat) -> Round:
        """A round in mid-play: current hands (masks), the face-down boneyard in
        draw order, and the public history so far (its plays rebuild the table).
        Bots use this to simulate from a guess at the hidden tiles."""
        rnd = cls(rules, hands, boneyard, starter, scores)
        for _, move, _ in history:
            if move >= 0:
                rnd.layout.place(MOVE_TILE[move], MOVE_ON[move])
        rnd.history = list(history)
        rnd.turn = turn
        return rnd

    def copy(self) -> Round:
        """An independent copy, for simulations."""
        new = Round.__new__(Round)  # every slot written out: playouts copy a round each
        new.rules = self.rules
        new.players = self.players
        new.side_of = self.side_of
        new.divisor = self.divisor
        new.target = self.target
        new.dealt = self.dealt
        new.bone_pos = self.bone_pos
        new.starter = self.starter
        new.turn = self.turn
        new.end = self.end
        new.went_out = self.went_out
        new.result = self.result
        new.winner = self.winner
        new.hands = self.hands[:]
        new.boneyard = self.boneyard[:]
        new.layout = self.layout.copy()
        new.scores = self.scores[:]
        new.history = self.history[:]
        return new

    # -- queries -----------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def boneyard_left(self) -> int:
        return len(self.boneyard) - self.bone_pos

    def can_play(self, seat: Seat) -> bool:
        if not self.layout.placements:
            return bool(self.hands[seat])
        return bool(self.hands[seat] & PLAYABLE[self.layout.open_values])

    @property
    def outcome(self) -> Outcome | None:
        """How the round ended, once it has."""
        if self.end is None:
            return None
        return Outcome(self.end, self.went_out, self.result, self.winner)

    def legal_moves(self) -> list[Move]:
        """The moves the player to move may make (docs/RULES.md section 3):
        every play of their hand while the table is empty or a tile fits, else
        a draw while the boneyard has tiles, else a pass; none once the round
        is over. The one place this rule is written: ``PlayerView`` asks it
        too (``PlayerView.round_seen``). Inline, as simulations call it most.

        >>> from allfives.moves import move_text
        >>> lead = Round(Rules.make("standard"), [mask_of([0, 27]), mask_of([1])], [2], 0)
        >>> [move_text(m) for m in lead.legal_moves()]  # the lead: any tile
        ['0-0', '6-6']
        >>> lead.play(lead.legal_moves()[1]), [move_text(m) for m in lead.legal_moves()]
        (0, ['draw'])
        """
        if self.end is not None:
            return []
        hand = self.hands[self.turn]
        layout = self.layout
        if not layout.placements or hand & PLAYABLE[layout.open_values]:
            return layout.plays(hand)
        return [DRAW] if self.bone_pos < len(self.boneyard) else [PASS]

    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal now, else a sentence saying why not."""
        if self.end is not None:
            return f"the round is over ({self.end})"
        if move == DRAW:
            return self._why_not_draw()
        if move == PASS:
            return self._why_not_pass()
        return self._why_not_play(move)

    def _why_not_draw(self) -> str | None:
        if self.can_play(self.turn):
            return f"seat {self.turn} may not draw: they can play"
        if self.bone_pos >= len(self.boneyard):
            return "the boneyard is empty"
        return None

    def _why_not_pass(self) -> str | None:
        if self.can_play(self.turn):
            return f"seat {self.turn} may not pass: they can play"
        if self.bone_pos < len(self.boneyard):
            return f"seat {self.turn} may not pass: they must draw"
        return None

    def _why_not_play(self, move: Move) -> str | None:
        tile, on = move_tile(move), move_on(move)  # any int: no table lookup
        if not 0 <= tile < TILE_COUNT or not LEAD <= on < TILE_COUNT:
            return "not a move"
        if not self.hands[self.turn] >> tile & 1:
            return f"seat {self.turn} does not hold {NAMES[tile]}"
        layout = self.layout
        if on == LEAD:
            return "the round is already led: name the tile it joins" if layout.placements else None
        if not layout.placements:
            return f"the first tile is led on its own (write just {NAMES[tile]})"
        if not any(t == on for t, _ in layout.placements):
            return f"{NAMES[on]} is not on the table"
        if layout.joint(tile, on) < 0:
            return f"{NAMES[tile]} does not fit an open end of {NAMES[on]}"
        return None

    def points_for(self, move: Move) -> int:
        """The points a play would score now, without making it."""
        if move < 0:
            return 0
        return play_points(self.layout.count_after(MOVE_TILE[move], MOVE_ON[move]), self.divisor)

    def pips(self) -> list[int]:
        return [pips_of(h) for h in self.hands]

    # -- what a seat saw (``played.PlayedRound``) --------------------------

    def dealt_to(self, seat: Seat) -> tuple[Tile, ...]:
        return tuple(tiles_of(self.dealt[seat]))

    def drawn_by(self, seat: Seat) -> tuple[Tile, ...]:
        """The tiles ``seat`` drew, in order (the boneyard is dealt in turn)."""
        draws = [s for s, m, _points in self.history if m == DRAW]
        return tuple(self.boneyard[i] for i, s in enumerate(draws) if s == seat)

    def revealed(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand's tiles once the round is over (turned face up), else ``()``."""
        return tuple(tuple(tiles_of(h)) for h in self.hands) if self.over else ()

    # -- making moves ------------------------------------------------------

    def apply(self, move: Move) -> int:
        """Make a move after checking it; raise IllegalMoveError if not legal."""
        why = self.why_illegal(move)
        if why is not None:
            raise IllegalMoveError(why)
        return self.play(move)

    def play(self, move: Move) -> int:
        """Make a legal move (unchecked: the fast path) and return its points."""
        seat = self.turn
        if move == DRAW:
            tile = self.boneyard[self.bone_pos]
            self.bone_pos += 1
            self.hands[seat] |= 1 << tile
            self.history.append((seat, DRAW, 0))
            if self.bone_pos == len(self.boneyard) and not (
                    1 << tile & PLAYABLE[self.layout.open_values]):
                self._end_if_blocked()
            return 0
        if move == PASS:
            self.history.append((seat, PASS, 0))
            self.turn = seat + 1 if seat + 1 < self.players else 0
            return 0
        tile = MOVE_TILE[move]
        self.hands[seat] &= ~(1 << tile)
        points = POINTS[self.layout.place(tile, MOVE_ON[move])] // self.divisor
        if points:
            side = self.side_of[seat]
            self.scores[side] += points
            if self.scores[side] >= self.target:
                self.history.append((seat, move, points))
                self.end = "target"
                self.winner = side
                return points
        self.history.append((seat, move, points))
        if not self.hands[seat]:
            self.went_out = seat
            self._finish("domino")
        else:
            self.turn = seat + 1 if seat + 1 < self.players else 0
            if self.bone_pos == len(self.boneyard):
                self._end_if_blocked()
        return points

    def undo(self) -> None:
        """Take back the last move, ``play`` in reverse (and the round's end, if
        it ended the round): for searches that walk a tree of moves on one
        round instead of copying it at every step (``bots.exact``). The
        table's open ends may be listed in another order afterwards
        (``Layout.unplace``)."""
        seat, move, points = self.history.pop()
        if self.end is not None:
            if self.result is not None:
                for side, pts in enumerate(self.result.points):
                    self.scores[side] -= pts
            self.end = self.went_out = self.result = self.winner = None
        self.turn = seat
        if move == DRAW:
            self.bone_pos -= 1
            self.hands[seat] &= ~(1 << self.boneyard[self.bone_pos])
        elif move != PASS:
            self.hands[seat] |= 1 << MOVE_TILE[move]
            self.layout.unplace()
            self.scores[self.side_of[seat]] -= points

    def _end_if_blocked(self) -> None:
        playable = PLAYABLE[self.layout.open_values]
        for hand in self.hands:
            if hand & playable:
                return
        self._finish("blocked")

    def _finish(self, end: RoundEnding) -> None:
        self.end = end
        self.result, self.winner = settle_round(self.rules, self.scores, tuple(self.pips()),
                                                self.went_out)


def deal(rules: Rules, seed: int | str, index: int) -> tuple[list[Mask], list[Tile], Seat]:
    """Round ``index``'s deal from a game seed: hands (masks), boneyard, random starter.

    Each round has its own generator, so a saved game resumes with the same deals.
    """
    rng = random.Random(f"allfives:{seed}:{index}")
    tiles = list(range(TILE_COUNT))
    rng.shuffle(tiles)
    n, size = rules.players, rules.hand_size
    hands = [mask_of(tiles[i * size:(i + 1) * size]) for i in range(n)]
    return hands, tiles[n * size:], rng.randrange(n)


class Game(Rounds[Round]):
    """A match: rounds until a side reaches the target.

    >>> g = Game(Rules.make("standard"), seed=7)
    >>> g.round.turn, len(g.legal_moves())
    (1, 9)
    """

    def __init__(self, rules: Rules, seed: int | str | None = None, *, deal_first: bool = True):
        self.rules = rules
        self.seed = seed if seed is not None else random.randrange(1 << 32)
        self.rounds: list[Round] = []
        if deal_first:
            self.next_round()

    # -- flow --------------------------------------------------------------

    def start_round(self, hands: list[Mask], boneyard: list[Tile], starter: Seat) -> Round:
        """Start a round with a given deal (used by records and tests)."""
        if self.over:
            raise IllegalMoveError("the game is over")
        if self.rounds and not self.round.over:
            raise IllegalMoveError("the current round is not finished")
        n = self.rules.players
        if len(hands) != n or any(h.bit_count() != self.rules.hand_size for h in hands):
            raise IllegalMoveError(f"each of the {n} hands must hold {self.rules.hand_size} tiles")
        if sum(h.bit_count() for h in hands) + len(boneyard) != TILE_COUNT or \
                mask_of([*boneyard, *(t for h in hands for t in tiles_of(h))]) != ALL_TILES:
            raise IllegalMoveError("the hands and boneyard must be exactly the 28 tiles")
        if not (isinstance(starter, int) and 0 <= starter < n):
            raise IllegalMoveError(f"the starter must be a seat from 0 to {n - 1}")
        required = self.required_starter()
        if required is not None and starter != required:
            raise IllegalMoveError(
                f"seat {required} went out last round and must start, not seat {starter}")
        rnd = Round(self.rules, hands, boneyard, starter, self.scores)
        self.rounds.append(rnd)
        return rnd

    def next_round(self) -> Round:
        """Deal the next round from the seed."""
        hands, boneyard, starter = deal(self.rules, self.seed, len(self.rounds))
        required = self.required_starter()
        return self.start_round(hands, boneyard, starter if required is None else required)

    def copy(self) -> Game:
        """An independent copy: moves made on either never change the other.
        Every round is copied (hands, boneyard, table, history, scores); the
        rules and the seed are shared (immutable); each round's deal comes
        from the seed alone, so there is no generator state to copy.

        >>> game = Game(Rules.make("standard"), seed=7)
        >>> twin = game.copy()
        >>> result = twin.apply(twin.legal_moves()[0])
        >>> len(game.round.history), len(twin.round.history)
        (0, 1)
        """
        new = Game.__new__(Game)
        new.rules, new.seed = self.rules, self.seed
        new.rounds = [rnd.copy() for rnd in self.rounds]
        return new

    def rewound(self, round_no: int, moves: int) -> Game:
        """A new game as this one stood after the first ``moves`` moves of round
        ``round_no`` (1-based, as records count rounds; ``moves`` 0: the deal),
        the later rounds gone; this game is unchanged. IndexError for a
        position the game never reached.

        Rewinding replays the round from its deal (``Round.dealt``, its
        boneyard and starter are kept) rather than undoing moves from a
        stack: a round holds a few dozen moves, so the replay is cheap, and
        ``Round.play``, the bots' hot path, records nothing extra. Moves are
        replayed unchecked: they were legal when made.

        >>> game = Game(Rules.make("standard"), seed=7)
        >>> for _ in range(3):
        ...     result = game.apply(game.legal_moves()[0])
        >>> back = game.rewound(1, 1)
        >>> len(back.round.history), back.round.history[0] == game.round.history[0]
        (1, True)
        >>> game.rewound(1, 4)
        Traceback (most recent call last):
        ...
        IndexError: round 1 has 3 moves, not 4
        """
        if not 1 <= round_no <= len(self.rounds):
            raise IndexError(f"the game has {len(self.rounds)} rounds, not round {round_no}")
        old = self.rounds[round_no - 1]
        if not 0 <= moves <= len(old.history):
            raise IndexError(f"round {round_no} has {len(old.history)} moves, not {moves}")
        new = Game.__new__(Game)
        new.rules, new.seed = self.rules, self.seed
        new.rounds = [rnd.copy() for rnd in self.rounds[:round_no - 1]]
        rnd = Round(self.rules, list(old.dealt), old.boneyard, old.starter, new.scores)
        for _, move, _ in old.history[:moves]:
            rnd.play(move)
        new.rounds.append(rnd)
        return new

    # -- what Review reads (``played.PlayedGame``) --------------------------

    @property
    def observed(self) -> bool:
        return False

    def sees(self, seat: Seat) -> bool:
        """Every seat's hand is known: the game was dealt here."""
        return True

    def seen_by(self, seat: Seat) -> PlayerView:
        """The current round through ``seat``'s eyes."""
        from .view import PlayerView  # (view.py reads a Round)
        return PlayerView.of(self.round, seat)

    def decisions(self, seats: Collection[Seat] | None = None) -> Iterator[Decision]:
        """Every move of ``seats`` (all if None), in play order: the round
        and move (1-based), the seat's view just before it, the move made."""
        from .view import PlayerView
        scores = [0] * self.rules.sides
        for r, played in enumerate(self.rounds, 1):
            rnd = Round(self.rules, list(played.dealt), played.boneyard, played.starter, scores)
            for i, (seat, move, _) in enumerate(played.history, 1):
                if seats is None or seat in seats:
                    yield r, i, PlayerView.of(rnd, seat), move
                rnd.play(move)
            scores = list(played.scores)

    def seated(self, seat: Seat) -> Game:
        """The same game with the seats turned so that ``seat`` is seat 0
        (seat ``s`` becomes ``(s - seat) % players``): each round's deal and
        starter turned, its moves replayed, so the sides' scores follow
        their players (with partners turned by one seat, the sides swap)."""
        n = self.rules.players
        new = Game(self.rules, self.seed, deal_first=False)
        for old in self.rounds:
            rnd = new.start_round([old.dealt[(s + seat) % n] for s in range(n)], old.boneyard,
                                  (old.starter - seat) % n)
            for _, move, _ in old.history:
                rnd.play(move)
        return new

    def to_record(self) -> dict[str, Any]:
        from .record import to_record  # (record.py reads a Game)
        return to_record(self)

    def legal_moves(self) -> list[Move]:
        """The current round's legal moves (``move_text`` writes them)."""
        return self.round.legal_moves()

    def apply(self, move: Move | str) -> MoveResult:
        """Make a move, a ``Move`` or its text; raise IllegalMoveError (or
        NotationError for unreadable text) if it cannot be made."""
        if self.over:
            raise IllegalMoveError("the game is over")
        m = parse_move(move) if isinstance(move, str) else move
        rnd = self.round
        seat = rnd.turn
        drawn = NAMES[rnd.boneyard[rnd.bone_pos]] if m == DRAW and rnd.boneyard_left else None
        points = rnd.apply(m)
        return MoveResult(seat=seat, move=m, points=points, drawn=drawn, outcome=rnd.outcome)


__all__ = ["DRAW", "PASS", "LEAD", "Game", "IllegalMoveError", "MoveResult", "Outcome", "Round",
           "RoundEnding", "deal", "play_move", "settle_round"]
