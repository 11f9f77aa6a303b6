"""The page's decisions, in plain Python: whose turn it is, what a click on a
tile or a lit place means, when a bot moves, automatic drawing, round and
game over, and the hint.

``table_page`` asks ``next_step()`` what the turn loop does next and hands
every click and key to a method here; the answers are values (``steps``:
``Play``, ``Select``, ``Refuse``, a ``Step``), so a whole game can be driven
in CPython.
Moves are ``Move`` values throughout; text only at the page's ``data-move``
attributes and the worker's JSON. The controller owns the live ``Table`` (it
must deal and apply moves) but decides from ``TableView``, what seat 0 may
see, built once per position (``view``).
"""

from __future__ import annotations

from dataclasses import replace

from ...bots.analysis import Best, method_hook
from ...bots.asks import BestAsk
from ...errors import AllFivesError
from ...moves import DRAW, LEAD, PASS, Move, move_on, move_text, move_tile
from ...tiles import NAMES
from ...view import PlayerView
from ..draw.board import BoardScene, Target
from ..i18n.catalogs import _, current
from ..table import words
from ..table.focus import step
from ..table.hand import HandState, hand_order, played_tile
from ..table.settings import Settings
from ..table.table import Position, Table
from ..table.table_view import TableView
from ..table.takeback import can_take_back
from .steps import (
    AutoMove,
    AwaitPerson,
    BotMove,
    Command,
    Fresh,
    GameOver,
    HintAsk,
    PassTo,
    Play,
    Played,
    Refuse,
    Reply,
    RoundOver,
    Say,
    Select,
    Status,
    Step,
)

# The shortcut keys (``Controller.key``): the page's thread hears only these
# (and prevents their default), while no dialog is open and nobody types.
SHORTCUTS = ("Escape", "?", "r", "R", "u", "U", "t", "T", "h", "H", "d", "D")
LINGER_MS = 400  # a bot's draw or pass stays in view at most this long


class Controller:
    """The table and what the person has picked on it."""

    def __init__(self, table: Table, settings: Settings) -> None:
        self.table = table
        self.settings = settings
        self.selected: int | None = None  # a tile waiting for a lit place
        self.fresh: Fresh | None = None
        self.hint: Move | None = None  # the hinted move, shown until the next move
        self._hint_words = ""  # the hint's or the coach's words (``#hint-text``), as long
        self.hint_method = ""  # how the hint shown was valued (``method_hook``), else ""
        # A line shown on the status line in place of ``status()`` (a refused
        # move, an automatic draw) while the position and the selection stay.
        self._note: tuple[Position, Status] | None = None
        # Which game is on the table: one more at every take-over (a new game,
        # the daily deal, a take-back, a record played on), so an answer asked
        # in one game never lands in the next, whose first position looks alike.
        self.game_serial = 0
        self._view: tuple[tuple[Position, str, int, bool], TableView] | None = None

    def view(self) -> TableView:
        """What the person may see now, built once per position, viewer,
        language (the person's unchosen name is shown in it) and whether the
        deal is still covered (the viewer may look again at the same position)."""
        key = (self.position(), current(), self.table.viewer, self.table.covered)
        if self._view is None or self._view[0] != key:
            self._view = (key, TableView.of(self.table))
        return self._view[1]

    # -- the turn loop -------------------------------------------------------

    def next_step(self) -> Step:
        view = self.view()
        if view.game_over:
            return GameOver()
        if view.round.over:
            return RoundOver()
        seat = view.player.turn
        if self.table.is_bot(seat):  # on hidden hands too, when bots lead a covered deal
            # the pause lets people read the last move; a lead follows none
            pause = self.settings.bot_pause / 1000 if view.player.history else 0.0
            return BotMove(seat, self.table.bot_request(seat), pause)
        if view.screened:
            return PassTo(seat)
        moves = view.legal_moves
        if self.settings.auto_draw and moves in ((DRAW,), (PASS,)):
            text = words.auto_move(moves[0] == DRAW)
            return AutoMove(moves[0], Status("human", text))
        return AwaitPerson()

    def say(self, text: str) -> None:
        """Show ``text`` on the status line (the person's) until play or the selection moves on."""
        self._note = (self.position(), Status("human", text))

    def note(self) -> Status | None:
        """The line ``say`` put up, while it stands."""
        if self._note is not None and self._note[0] == self.position():
            return self._note[1]
        return None

    def privacy(self) -> int | None:
        """The seat the privacy screen passes the device to, while it must be
        up (the status line then says "pass"); else None."""
        table = self.table
        return table.game.round.turn if table.screened else None

    def status(self) -> Status:
        view = self.view()
        seat = self.privacy()
        if seat is not None:
            return Status("pass", words.pass_to(view.names[seat]))
        noted = self.note()
        if noted is not None:
            return noted
        if view.game_over:
            return Status("game-over", _(words.GAME_OVER))
        if view.round.over:
            return Status("round-over", _(words.ROUND_OVER))
        seat = view.player.turn
        if self.table.is_bot(seat):
            return Status("bot", words.thinking(view.names[seat]))
        if self.selected is not None:
            return Status("human", words.where_to(self.selected))
        return Status("human", words.turn_prompt(view))

    def play(self, move: Move) -> Played | Refuse:
        """Make a move for whoever is to move; a person's decision the coach
        watched counts in the game's record once its move is played (a refused
        move decided nothing)."""
        game = self.table.game
        seat = game.round.turn
        watched = self.can_act() and self.table.coach_watches(self.settings.coach)
        try:
            result = game.apply(move)
        except AllFivesError:
            return Refuse(words.not_allowed())
        if watched:
            self.table.coached += 1
        tile = played_tile(move)
        side = self.table.rules.side_of(seat)
        self.fresh = Fresh(tile, result.points, side) if tile is not None else None
        self.selected = None
        self.hint, self.hint_words = None, ""
        bot_waits = tile is None and self.table.is_bot(seat)
        return Played(seat, tile, result.points,
                      min(self.settings.bot_pause, LINGER_MS) / 1000 if bot_waits else 0.0,
                      self.said_after_move())

    @property
    def hint_words(self) -> str:
        return self._hint_words

    @hint_words.setter
    def hint_words(self, said: str) -> None:
        """New words in ``#hint-text`` (asking, the coach's, none) are no
        valued hint: ``take_hint`` says how its hint was valued after them."""
        self._hint_words, self.hint_method = said, ""

    def said_after_move(self) -> str:
        """The last move in words, and "Your turn" when it comes to the person."""
        view = self.view()
        rnd = view.round
        said = words.move_words(view, rnd, len(rnd.history) - 1)
        return f"{said} {words.your_turn(view)}" if self.can_act() else said

    def next_round(self) -> bool:
        """Deal the next round, if this one is over and the game is not."""
        if not self.table.next_round():
            return False
        self.fresh = None
        self.hint_words = ""
        return True

    def reveal(self) -> bool:
        """The privacy screen lifts: the person to move sees their hand."""
        if not self.table.reveal():
            return False
        self.selected = None
        self.hint, self.hint_words = None, ""
        return True

    def take_over(self, table: Table) -> None:
        """Play ``table`` from where it stands (a new game, or a record played on)."""
        self.table = table
        self.game_serial += 1
        self.selected = None
        self.fresh = None
        self.hint, self.hint_words = None, ""
        self._view = None

    def taken_back(self) -> Table | None:
        """The table with the viewer's last turn and the replies since taken
        back (``Table.taken_back``), where Take back is on in the settings and
        the viewer's hand shows; None: not now."""
        return self.table.taken_back() if self.settings.undo and not self.table.hidden else None

    def can_take_back(self) -> bool:
        """Whether Take back would take something back now (``taken_back``)."""
        table = self.table
        return self.settings.undo and not table.hidden and can_take_back(
            table.game, table.viewer, table.others, table.daily)

    # -- the person's input ----------------------------------------------------

    def can_act(self) -> bool:
        return self.view().human_to_move

    def plays_of(self, tile: int) -> list[Move]:
        """The legal plays of ``tile`` now (none when it is not the viewer's turn)."""
        return [m for m in self.view().legal_moves if m >= 0 and move_tile(m) == tile]

    def click_tile(self, tile: int) -> Reply:
        """A tile in the hand was clicked (or Enter pressed on it)."""
        if not self.can_act():
            return None
        moves = self.plays_of(tile)
        if not moves:
            return Refuse(words.does_not_fit(tile))
        if len(moves) == 1:
            return Play(moves[0])
        return self.select(None if self.selected == tile else tile)

    def select(self, tile: int | None) -> Select:
        self.selected = tile
        self._note = None
        self.popped()
        return Select(tile)

    def restyle(self, settings: Settings) -> None:
        """New settings. The table is drawn anew for them (tally marks, faces,
        the language), so the move's flash and pop, already shown, are over;
        Mute alone draws nothing anew and leaves them."""
        if replace(settings, mute=self.settings.mute) != self.settings and self.fresh is not None:
            self.fresh = replace(self.fresh, pop=False, flash=False)
        self.settings = settings

    def popped(self) -> None:
        """The board changes for another reason than the move just made: its
        points' pop is over (``Fresh.pop``)."""
        if self.fresh is not None and self.fresh.pop:
            self.fresh = replace(self.fresh, pop=False)

    def click_place(self, move: Move) -> Reply:
        """A lit place on the table was clicked (or Enter pressed on it)."""
        return Play(move) if self.can_act() else None

    def escape(self) -> Reply:
        return self.select(None) if self.selected is not None else None

    def key(self, key: str) -> Reply:
        """A shortcut key pressed outside the dialogs' fields (docs/DOM_HOOKS.md;
        only ``SHORTCUTS`` reach it)."""
        if key == "Escape":
            return self.escape()
        if key == "?":
            return Command("keys")
        if key in ("r", "R"):  # not while every hand is hidden: Review shows the viewer's
            return None if self.view().screened else Command("review")
        if key in ("u", "U"):
            return Command("undo")
        view = self.view()
        if key in ("t", "T"):
            return Say(words.table_words(view))
        hand = self.hand(view)
        if key in ("h", "H"):
            return Command("hint") if hand.can_hint else None
        if key in ("d", "D") and hand.active:
            if hand.must_draw or hand.must_pass:
                return Play(DRAW if hand.must_draw else PASS)
            return Refuse(words.must_not_draw())
        return None

    def row_focus(self, row: str, at: str, key: str) -> str | None:
        """Where an arrow, Home or End key moves focus from ``at`` in the
        hand (``row`` "hand", ``at`` a tile's name) or among the lit places
        ("board", ``at`` a move's text), as drawn now: a selector, or None."""
        view = self.view()
        if row == "hand":
            to = step([NAMES[t] for t in self.hand(view).tiles], at, key)
            return None if to is None else f'#hand [data-tile="{to}"]'
        to = step([move_text(t.move) for t in self.targets(view)], at, key)
        return None if to is None else f'#board [data-move="{to}"]'

    def can_drag(self, tile: int) -> bool:
        return self.can_act() and bool(self.plays_of(tile))

    def drag_moved(self, tile: int) -> Reply:
        """A drag began: the tile's places light up."""
        return self.select(tile) if self.selected != tile else None

    def drop(self, tile: int, place: Move | None, on_table: bool) -> Reply:
        """A dragged tile was let go over a lit place (``place``: its move), or
        elsewhere on the table (``on_table``): a tile that fits one place goes there."""
        if not self.can_act():
            return None
        if place is not None:
            return Play(place)
        moves = self.plays_of(tile)
        if len(moves) == 1 and on_table:
            return Play(moves[0])
        return None

    # -- the hint ---------------------------------------------------------------

    def position(self) -> Position:
        game = self.table.game
        return Position(self.game_serial, len(game.rounds), len(game.round.history))

    def ask_hint(self) -> HintAsk | None:
        """The hint asked for the person's decision now (None: not theirs to
        make): the move Review calls best, numbered as Review and the coach
        number the decision (1-based round and move), so valued from the same seed."""
        if not self.can_act():
            return None
        at = self.position()
        view = PlayerView.of(self.table.game.round, self.table.viewer)
        return HintAsk(at, BestAsk(at.round, at.move + 1, view))

    def take_hint(self, ask: HintAsk, found: Best) -> str | None:
        """The hint's words, or None when play has moved on since it was asked."""
        if ask.position != self.position() or not self.can_act():
            return None
        self.hint = found.move
        self.popped()
        self.hint_words = words.hint(self.view(), found.move, found.method)
        self.hint_method = "" if found.method is None else method_hook(found.method)
        return self.hint_words

    # -- what the hand and the table show ------------------------------------------

    def hand(self, view: TableView) -> HandState:
        moves = view.legal_moves
        active = view.human_to_move
        hinted = None if self.hint is None else played_tile(self.hint)
        return HandState(
            tiles=tuple(hand_order(view.player.hand, self.settings.hand_order, view.received)),
            playable=frozenset(move_tile(m) for m in moves if m >= 0),
            selected=self.selected, active=active, hinted=hinted,
            must_draw=active and moves == (DRAW,), must_pass=active and moves == (PASS,))

    def targets(self, view: TableView) -> tuple[Target, ...]:
        """The lit places of the selected tile, with the points each would score."""
        if self.selected is None:
            return ()
        return tuple(Target(m, move_on(m), view.points_for(m))
                     for m in self.plays_of(self.selected) if move_on(m) != LEAD)

    def board_scene(self, view: TableView) -> BoardScene:
        """The table's board: the selected tile's lit places, the tile just
        played (with the points of the move just made drawn as a pop, while
        ``Fresh.pop``), the hint, drawn as the settings say."""
        fresh = self.fresh.tile if self.fresh else None
        popped = self.fresh.points if self.fresh and self.fresh.pop else 0
        return BoardScene(view, self.targets(view), self.selected, fresh, popped, self.hint,
                          self.settings.looks)
