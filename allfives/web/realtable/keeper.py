"""What a tap means at a real table: the one place the page's entries are
decided (pure, tested in CPython). A ``Keeper`` holds the game being kept
(``observed.ObservedGame``) and the little the page shows between entries:
the tile whose places are lit, the known seat's draw awaiting its tile, the
known hand being tapped in at a deal, and the last thing said.

Every entry goes to the engine; what it refuses is said with its reason.
A round whose starter the rules name starts by itself when no hand is to be
entered, and undoing it takes the round end before it back too (else it
would start again at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...errors import AllFivesError
from ...moves import DRAW
from ...observed import ObservedGame, Played, RefusedError, Start, Turn
from ...tiles import NAMES, TILE_COUNT, Tile, parse_tile
from ..table.observed_view import observed_view
from ..table.setup import ASKED
from . import sentences

Phase = Literal["start", "play", "left", "over"]


@dataclass(frozen=True)
class Said:
    """A sentence for the status line; ``refused``: an entry was refused."""

    text: str
    refused: bool = False


class Keeper:
    def __init__(self, game: ObservedGame, first: int = ASKED) -> None:
        self.game = game
        self.first = first  # who sets first in round 1 (ASKED: the table says at the deal)
        self.selected: Tile | None = None
        self.drawing = False
        self.dealt: list[Tile] = []
        self.starter: int | None = None  # chosen at a deal that also takes the known hand
        self.call: int | None = None  # the points called with the next play (calls on)
        self.fresh: Played | None = None  # the play just entered (its tile and points pop)
        self.said: Said | None = None
        self.start_by_itself()

    # -- where the game stands ------------------------------------------------

    @property
    def phase(self) -> Phase:
        game = self.game
        if game.over:
            return "over"
        if not game.rounds or game.round.finished:
            return "start"
        return "play" if game.round.end is None else "left"

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    def named_starter(self) -> int | None:
        """The seat the next round's starter must be, or None: the table says."""
        required = self.game.required_starter()
        if required is None and not self.game.rounds and self.first != ASKED:
            return self.first
        return required

    def tiles(self) -> list[Tile]:
        """The tiles the entry panel offers now: at a deal with a hand to
        enter, every tile; in play, those not yet laid (only the known
        seat's own when it is to move and not drawing; never its tiles for
        the others' moves)."""
        phase = self.phase
        if phase == "start":
            return list(range(TILE_COUNT)) if self.game.known_seat is not None else []
        if phase != "play":
            return []
        rnd = self.game.round
        free = [t for t in range(TILE_COUNT) if not rnd.on_table >> t & 1]
        if rnd.known_seat is None:
            return free
        if rnd.turn == rnd.known_seat and not self.drawing:
            return [t for t in free if rnd.known >> t & 1]
        return [t for t in free if not rnd.known >> t & 1]

    # -- the entries ------------------------------------------------------------

    def _refused(self, e: RefusedError) -> Said:
        self.said, self.fresh = Said(sentences.refused(e.refusal, self.names), True), None
        return self.said

    def _say(self, text: str) -> Said:
        self.said, self.fresh = Said(text), None
        return self.said

    def start_by_itself(self) -> None:
        """Start the next round where nothing is to be asked."""
        starter = self.named_starter()
        if self.phase == "start" and self.game.known_seat is None and starter is not None:
            self.game.start_round(starter)

    def choose_starter(self, seat: int) -> Said:
        """A name tapped at a deal: that player sets first (with no hand to
        enter, the round starts)."""
        if self.phase != "start":
            return self._say("")
        if self.game.known_seat is not None:
            self.starter = seat
            return self._say(self.deal_words())
        try:
            self.game.start_round(seat)
        except RefusedError as e:
            return self._refused(e)
        return self._say(sentences.turn(self.names[seat]))

    def deal_words(self) -> str:
        known = self.game.known_seat
        assert known is not None
        return sentences.enter_hand(self.names[known], len(self.dealt), self.game.rules.hand_size)

    def start(self) -> Said:
        """The deal entered (the known hand, and the starter where asked)."""
        starter = self.named_starter()
        if starter is None:
            starter = self.starter
        if starter is None:
            return self._say(sentences.who_starts())
        try:
            self.game.start_round(starter, [NAMES[t] for t in self.dealt])
        except RefusedError as e:
            return self._refused(e)
        self.dealt, self.starter = [], None
        return self._say(sentences.turn(self.names[starter]))

    def tap_tile(self, tile: Tile) -> Said:
        """A tile button: at a deal, into or out of the known hand; in play,
        the tile drawn (the known seat's draw) or laid: where it fits in one
        place it goes there, else its places light up."""
        phase = self.phase
        if phase == "start":
            if tile in self.dealt:
                self.dealt.remove(tile)
            elif len(self.dealt) < self.game.rules.hand_size:
                self.dealt.append(tile)
            return self._say(self.deal_words())
        if phase != "play":
            return self._say("")
        if self.drawing:
            return self.draw_tile(tile)
        if self.selected == tile:
            self.selected = None
            return self._say(sentences.turn(self.names[self.game.round.turn]))
        places = self.game.round.places(tile)
        if len(places) > 1:
            self.selected = tile
            return self._say(sentences.choose_place(tile))
        return self.lay(NAMES[tile])

    def tap_place(self, move: str) -> Said:
        """A lit place: the selected tile laid there."""
        if self.selected is None or self.phase != "play":
            return self._say("")
        return self.lay(move)

    def lay(self, move: str) -> Said:
        rnd = self.game.round
        seat, called = rnd.turn, self.call
        self.call = None
        try:
            played = self.game.play(move, called if self.game.calls != "off" else None)
        except RefusedError as e:
            return self._refused(e)
        finally:
            self.selected = None
        nxt = (seat + 1) % self.game.rules.players
        said = self._say(sentences.played(self.names, played, self.game.calls, self.names[nxt]))
        self.fresh = played
        return said

    def drew(self, count: int = 1) -> Said:
        """The player to move drew ``count`` tiles; the known seat's draw
        waits for its tile to be tapped."""
        if self.phase != "play":
            return self._say("")
        rnd = self.game.round
        self.selected = None
        if rnd.turn == rnd.known_seat:
            why = rnd.why_not_move(Turn(DRAW))
            if why is not None and why.code != "draw_tile_missing":
                return self._refused(RefusedError(why))
            self.drawing = not self.drawing
            return self._say(sentences.which_drawn(self.names[rnd.turn]) if self.drawing
                             else sentences.turn(self.names[rnd.turn]))
        seat = rnd.turn
        try:
            self.game.draw(count)
        except RefusedError as e:
            return self._refused(e)
        return self._say(sentences.drew(self.names[seat], count))

    def draw_tile(self, tile: Tile) -> Said:
        seat = self.game.round.turn
        self.drawing = False
        try:
            self.game.draw(tiles=[NAMES[tile]])
        except RefusedError as e:
            return self._refused(e)
        return self._say(sentences.drew(self.names[seat], 1, tile))

    def passed(self) -> Said:
        if self.phase != "play":
            return self._say("")
        seat = self.game.round.turn
        self.selected, self.drawing = None, False
        try:
            self.game.pass_turn()
        except RefusedError as e:
            return self._refused(e)
        return self._say(sentences.passed(self.names[seat]))

    def settle(self, fields: list[str]) -> Said:
        """The round-end entry: per player, tiles ("3-5 6-6") or pips ("12"),
        or nothing for a hand the page knows (the known one, the one out)."""
        if self.phase != "left":
            return self._say("")
        try:
            self.game.settle([read_left(text) for text in fields])
        except RefusedError as e:
            return self._refused(e)
        view = observed_view(self.game)
        said = sentences.round_scored(view, view.round)
        self.start_by_itself()
        return self._say(said)

    def undo(self) -> Said:
        """Take back the last entry (with a round started by itself, the
        round end before it too)."""
        self.selected, self.drawing = None, False
        entries = self.game.entries
        if not entries:
            return self._say(sentences.nothing_to_undo())
        n = 1
        if isinstance(entries[-1], Start) and self._started_by_itself():
            if len(entries) == 1:
                return self._say(sentences.nothing_to_undo())
            n = 2
        self.game.undo(n)
        return self._say(sentences.taken_back())

    def _started_by_itself(self) -> bool:
        """Whether the round just started would start again by itself
        (nothing asked at its deal: no hand, the starter named)."""
        rounds = self.game.rounds
        if self.game.known_seat is not None:
            return False
        if len(rounds) == 1:
            return self.first != ASKED
        return rounds[-2].end != "blocked"


def read_left(text: str) -> object:
    """A round-end field: a number of pips, tiles ("3-5 6-6", commas too),
    or None when empty (a hand the page knows)."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit():
        return int(text)
    parts = text.replace(",", " ").split()
    try:
        return [NAMES[parse_tile(p)] for p in parts]
    except AllFivesError:  # the engine says what cannot be read
        return parts
