"""What a tap means at a real table: the one place the page's entries are
decided (pure, tested in CPython). A ``Keeper`` holds the game being kept
(``observed.ObservedGame``) and the little the page shows between entries:
the tile whose places are lit, the known seat's draw awaiting its tile, the
known hand being tapped in at a deal, the hands left at a round's end (as
tiles tapped on the picker or pips stepped: the engine gets the same tiles,
pips or None a typed entry gave it), and the last thing said.

Every entry goes to the engine; what it refuses is said with its reason.
A round whose starter the rules name starts by itself when no hand is to be
entered, and undoing it takes the round end before it back too (else it
would start again at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ...moves import DRAW, Move
from ...observed import LeftEntry, ObservedGame, Played, RefusedError, RoundEnd, Start, Turn
from ...tiles import TILE_COUNT, Tile, pips_of
from ..table import words as table_words
from ..table.played_view import observed_view
from ..table.setup import ASKED
from . import words

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
        # at a round's end: the tiles tapped or pips set per seat, and whose
        # tiles the picker enters
        self.left_tiles: dict[int, list[Tile]] = {}
        self.left_pips: dict[int, int] = {}
        self.left_seat: int | None = None
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
        the others' moves); at a round's end, those the hand being entered
        may hold."""
        phase = self.phase
        if phase == "start":
            return list(range(TILE_COUNT)) if self.game.known_seat is not None else []
        rnd = self.game.round
        free = [t for t in range(TILE_COUNT) if not rnd.on_table >> t & 1]
        if phase == "left":  # for the hand being entered: not the known hand's, nor another's
            seat = self.picking()
            taken = {t for s, ts in self.left_tiles.items() if s != seat for t in ts}
            return [t for t in free if not rnd.known >> t & 1 and t not in taken] \
                if seat is not None else []
        if phase != "play":
            return []
        if rnd.known_seat is None:
            return free
        if rnd.turn == rnd.known_seat and not self.drawing:
            return [t for t in free if rnd.known >> t & 1]
        return [t for t in free if not rnd.known >> t & 1]

    # -- the entries ------------------------------------------------------------

    def _refused(self, e: RefusedError) -> Said:
        self.said, self.fresh = Said(words.refused(e.refusal, self.names), True), None
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
        return self._say(words.turn(self.names[seat]))

    def deal_words(self) -> str:
        known = self.game.known_seat
        assert known is not None
        return words.enter_hand(self.names[known], len(self.dealt), self.game.rules.hand_size)

    def start(self) -> Said:
        """The deal entered (the known hand, and the starter where asked)."""
        starter = self.named_starter()
        if starter is None:
            starter = self.starter
        if starter is None:
            return self._say(words.who_starts())
        try:
            self.game.start_round(starter, self.dealt)
        except RefusedError as e:
            return self._refused(e)
        self.dealt, self.starter = [], None
        return self._say(words.turn(self.names[starter]))

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
        if phase == "left":
            return self.tap_left(tile)
        if phase != "play":
            return self._say("")
        if self.drawing:
            return self.draw_tile(tile)
        if self.selected == tile:
            self.selected = None
            return self._say(words.turn(self.names[self.game.round.turn]))
        places = self.game.round.places(tile)
        if len(places) > 1:
            self.selected = tile
            return self._say(words.choose_place(tile))
        return self._lay(lambda called: self.game.lay(tile, called))

    def tap_place(self, move: Move) -> Said:
        """A lit place: the selected tile laid there."""
        if self.selected is None or self.phase != "play":
            return self._say("")
        return self._lay(lambda called: self.game.play(move, called))

    def _lay(self, entry: Callable[[int | None], Played]) -> Said:
        """A tile laid by ``entry`` (given the points called with it, if calls are on)."""
        rnd = self.game.round
        seat, called = rnd.turn, self.call
        self.call = None
        try:
            played = entry(called if self.game.calls != "off" else None)
        except RefusedError as e:
            return self._refused(e)
        finally:
            self.selected = None
        nxt = (seat + 1) % self.game.rules.players
        said = self._say(words.played(self.names, played, self.game.calls, self.names[nxt]))
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
            return self._say(words.which_drawn(self.names[rnd.turn]) if self.drawing
                             else words.turn(self.names[rnd.turn]))
        seat = rnd.turn
        try:
            self.game.draw(count)
        except RefusedError as e:
            return self._refused(e)
        return self._say(words.drew(self.names[seat], count))

    def draw_tile(self, tile: Tile) -> Said:
        seat = self.game.round.turn
        self.drawing = False
        try:
            self.game.draw(tiles=[tile])
        except RefusedError as e:
            return self._refused(e)
        return self._say(words.drew(self.names[seat], 1, tile))

    def passed(self) -> Said:
        if self.phase != "play":
            return self._say("")
        seat = self.game.round.turn
        self.selected, self.drawing = None, False
        try:
            self.game.pass_turn()
        except RefusedError as e:
            return self._refused(e)
        return self._say(words.passed(self.names[seat]))

    # -- the round's end: what each player still holds ---------------------------

    def to_enter(self) -> list[int]:
        """The seats whose hands are asked at a round's end (not the known
        one, not the one who went out)."""
        if self.phase != "left":
            return []
        rnd = self.game.round
        return [s for s in range(self.game.rules.players)
                if s != rnd.known_seat and rnd.counts[s]]

    def picking(self) -> int | None:
        """Whose tiles the picker enters at a round's end (at first, the
        first seat asked)."""
        asked = self.to_enter()
        if self.left_seat in asked:
            return self.left_seat
        return asked[0] if asked else None

    def pick_left(self, seat: int) -> Said:
        """A player's row tapped: the picker enters their tiles now."""
        if seat not in self.to_enter():
            return self._say("")
        self.left_seat = seat
        return self._say(self.left_words(seat))

    def left_words(self, seat: int) -> str:
        return words.tap_held(self.names[seat], len(self.left_tiles.get(seat, [])),
                                  self.game.round.counts[seat])

    def tap_left(self, tile: Tile) -> Said:
        """A tile tapped at a round's end: into or out of the hand being
        entered (out of any other hand it was entered in)."""
        seat = self.picking()
        if seat is None:
            return self._say("")
        held = self.left_tiles.setdefault(seat, [])
        if tile in held:
            held.remove(tile)
        else:
            for other in self.left_tiles.values():
                if tile in other:
                    other.remove(tile)
            held.append(tile)
        self.left_pips.pop(seat, None)
        return self._say(self.left_words(seat))

    def step_pips(self, seat: int, step: int) -> Said:
        """The pip stepper: ``step`` pips more (or fewer, never below 0);
        the tiles entered for that player give way to the pips."""
        if seat not in self.to_enter():
            return self._say("")
        shown = self.left_shown(seat)
        self.set_pips(seat, str(max(0, (int(shown) if shown else 0) + step)))
        return self._say("")

    def set_pips(self, seat: int, text: str) -> None:
        """A player's pips as typed (empty: none entered yet)."""
        text = text.strip()
        self.left_tiles.pop(seat, None)
        if text.isdigit():
            self.left_pips[seat] = int(text)
        else:
            self.left_pips.pop(seat, None)

    def left_shown(self, seat: int) -> str:
        """A player's pips as their field shows them: the tiles' entered
        added up, or the pips entered, or nothing."""
        tiles = self.left_tiles.get(seat)
        if tiles:
            return str(sum(pips_of(1 << t) for t in tiles))
        pips = self.left_pips.get(seat)
        return "" if pips is None else str(pips)

    def left_entry(self, seat: int) -> LeftEntry:
        """What the engine is told a player holds: their tiles, else their
        pips, else None (a hand the page knows, or one not yet entered)."""
        return self.left_tiles.get(seat) or self.left_pips.get(seat)

    def clear_left(self) -> None:
        self.left_tiles, self.left_pips, self.left_seat = {}, {}, None

    def settle(self) -> Said:
        """The round's end entered: per player the tiles tapped, or the pips
        set, or nothing for a hand the page knows (the known one, the one out)."""
        if self.phase != "left":
            return self._say("")
        try:
            self.game.settle([self.left_entry(s) for s in range(self.game.rules.players)])
        except RefusedError as e:
            return self._refused(e)
        self.clear_left()
        view = observed_view(self.game)
        said = words.round_scored(view, view.round)
        self.start_by_itself()
        return self._say(said)

    def undo(self) -> Said:
        """Take back the last entry (with a round started by itself, the
        round end before it too)."""
        self.selected, self.drawing = None, False
        self.clear_left()
        entries = self.game.entries
        if not entries:
            return self._say(words.nothing_to_undo())
        n = 1
        if isinstance(entries[-1], Start) and self._started_by_itself():
            if len(entries) == 1:
                return self._say(words.nothing_to_undo())
            n = 2
        what = self.last_entry_words(n)
        self.game.undo(n)
        return self._say(words.took_back(what))

    def last_entry_words(self, n: int = 1) -> str:
        """The entry ``n`` back, as the game log words it (a move), or as the
        deal or the end of its round."""
        entry = self.game.entries[-n]
        rounds = self.game.rounds
        if isinstance(entry, Start):
            return words.deal_of(len(rounds) - n + 1)
        if isinstance(entry, RoundEnd):
            return words.end_of(len(rounds) - n + 1)
        view = observed_view(self.game)
        return table_words.move_words(view, view.round, len(view.round.history) - 1)

    def _started_by_itself(self) -> bool:
        """Whether the round just started would start again by itself
        (nothing asked at its deal: no hand, the starter named)."""
        rounds = self.game.rounds
        if self.game.known_seat is not None:
            return False
        if len(rounds) == 1:
            return self.first != ASKED
        return rounds[-2].end != "blocked"

