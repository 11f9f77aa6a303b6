"""The game at the table: a ``Game`` with its seats, and its saved form (a
game record plus the seats). Pure Python, no browser.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ...bots.asks import MoveAsk
from ...bots.names import NAMES
from ...coach.tutor import COACHED_KEY, OFF, coached_of
from ...errors import AllFivesError
from ...game import Game
from ...record import RecordError, replay
from ...record import to_record as record_of
from ...rules import Rules
from ...view import PlayerView
from ..storage.bounded_json import UnreadableError, loads
from .save_limits import oversized
from .seats import BOT_NAMES, DEFAULT_LEVEL, HUMAN, PERSON, YOU, clean_name, one_of
from .seats import people as people_of
from .setup import Setup
from .takeback import DAILY_KEY, TAKEBACKS_KEY, daily_of, is_daily, take_back, takebacks_of


class SaveError(AllFivesError):
    """A saved game that cannot be read; one line for people."""



class Position(NamedTuple):
    """Where play stands: which game is on the table (``play.controller.Controller.game_serial``:
    a new game, a take-back or a record played on is another, though its
    first position looks alike), its round and the moves made in it. An
    answer asked for one position (a hint, the coach's analysis, a click
    queued) is dropped in any other; the table's view is built once per
    position."""

    game: int
    round: int
    move: int


@dataclass
class Table:
    """A game with its seats: ``names[s]`` and ``bots[s]`` (None for a person:
    seat 0, and with friends at one table any other), how many times a move
    was taken back in it, and how many of the people's decisions the coach
    watched.

    ``viewer`` is the person whose hand the page shows. With two or more
    people, when the turn comes to a person who is not the viewer, every hand
    stays hidden (``screened``: the privacy screen) until they ask to see
    theirs (``reveal``). Each deal at such a table starts ``covered``: the
    one who tapped Deal or Next round is not always the first to play, so no
    hand shows (bots that lead play on hidden hands) until the first person
    to move asks for theirs."""

    game: Game
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    takebacks: int = 0
    coached: int = 0
    viewer: int = HUMAN
    daily: bool = False  # the daily deal, dealt on its day (``table.deals``)
    covered: bool = False  # a new deal nobody has looked at yet (``reveal``)

    @classmethod
    def new(cls, setup: Setup, seed: int | str | None = None) -> Table:
        rules = setup.rules()
        n = rules.players
        names = (clean_name(setup.name),) + tuple(setup.seat_name(s) for s in range(1, n))
        bots = (None,) + tuple(None if b == PERSON else b for b in setup.bots[:n - 1])
        table = cls(Game(rules, seed), names, bots)
        table.covered = table.shared
        return table

    @classmethod
    def fresh(cls, setup: Setup, seed: int | str | None = None) -> Table:
        """A new game as set up; a remembered set-up that no longer makes
        rules (an older version's, or edited by hand) falls back to the default."""
        try:
            return cls.new(setup, seed)
        except AllFivesError:
            return cls.new(Setup(name=setup.name), seed)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def is_bot(self, seat: int) -> bool:
        return self.bots[seat] is not None

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people sit in, seat 0 first."""
        return people_of(self.bots)

    @property
    def others(self) -> tuple[int, ...]:
        """The seats of the people other than the viewer."""
        return tuple(s for s in self.people if s != self.viewer)

    @property
    def shared(self) -> bool:
        """Whether two or more people share this table (pass and play)."""
        return len(self.people) > 1

    @property
    def screened(self) -> bool:
        """Whether the privacy screen is up: a person other than the viewer
        is to move, and nobody's hand may be shown until they ask."""
        rnd = self.game.round
        return (not self.game.over and not rnd.over and not self.is_bot(rnd.turn)
                and (rnd.turn != self.viewer or self.covered))

    @property
    def hidden(self) -> bool:
        """Whether no hand may be shown: the privacy screen is up, or a new
        deal waits for its first person while bots lead."""
        rnd = self.game.round
        return self.screened or (self.covered and not self.game.over and not rnd.over)

    def coach_watches(self, coach: str) -> bool:
        """Whether the coach (set to ``coach``, ``Settings.coach``) watches the
        decision now: it is on, the game is not the daily deal (the same test
        for everyone), and the person whose hand is shown is to move with more
        than one legal move."""
        rnd = self.game.round
        return (coach != OFF and not self.daily and not rnd.over and rnd.turn == self.viewer
                and not self.screened and len(rnd.legal_moves()) > 1)

    def review_seats(self) -> tuple[int, ...]:
        """The seats Review may switch among for this game: with friends,
        once the game is over, every person's; else none (Review looks from
        the viewer's seat: another's would show tiles still hidden)."""
        return self.people if self.shared and self.game.over else ()

    def reveal(self) -> bool:
        """The person to move sees their hand (the privacy screen lifts);
        False when no screen was up."""
        if not self.screened:
            return False
        self.viewer = self.game.round.turn
        self.covered = False
        return True

    def next_round(self) -> bool:
        """Deal the next round, if this one is over and the game is not; with
        friends at the table it is dealt ``covered``."""
        if self.game.over or not self.game.round.over:
            return False
        self.game.next_round()
        self.covered = self.shared
        return True

    def taken_back(self) -> Table | None:
        """The table with the viewer's last turn and every move since taken
        back (``takeback.take_back``), one more take-back counted; None when
        there is nothing the viewer may take back. This table is unchanged."""
        game = take_back(self.game, self.viewer, self.others, self.daily)
        return None if game is None else replace(self, game=game, takebacks=self.takebacks + 1)

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.rules.seats_of(side))

    def bot_request(self, seat: int, bot: str | None = None) -> MoveAsk:
        """What a bot (``bot``, else the seat's own) needs to choose ``seat``'s move.

        The seed depends only on the position, so a resumed game plays on
        exactly as it would have."""
        rnd = self.game.round
        name = bot or self.bots[seat]
        if name is None:
            raise ValueError(f"seat {seat} is a person's: name the bot")
        seed = f"{self.game.seed}:{len(self.game.rounds)}:{len(rnd.history)}:{seat}"
        return MoveAsk(name, seed, PlayerView.of(rnd, seat))

    # -- saving --------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The game record with the seats added, the take-backs and the
        decisions the coach watched when there were any, and for a daily
        deal's seed whether it is played as the daily deal (record readers
        ignore all four)."""
        record = record_of(self.game)
        record["table"] = {"names": list(self.names), "bots": list(self.bots)}
        if self.shared:
            record["table"]["viewer"] = self.viewer
            if self.covered:
                record["table"]["covered"] = True
        if self.takebacks:
            record[TAKEBACKS_KEY] = self.takebacks
        if self.coached:
            record[COACHED_KEY] = self.coached
        if self.daily or is_daily(self.game.seed):
            record[DAILY_KEY] = self.daily
        return record

    def to_save(self) -> str:
        """``to_record`` as compact JSON, the form browser storage keeps."""
        return json.dumps(self.to_record(), separators=(",", ":"))

    @classmethod
    def from_save(cls, text: str) -> Table:
        """The saved game; SaveError (one line for people) for anything that is
        not a readable save of a legal game, whatever the text."""
        try:
            data = loads(text)
        except UnreadableError as e:
            raise SaveError(f"not a game record: {e}") from None
        return cls.from_record(data)

    @classmethod
    def from_record(cls, data: Any) -> Table:
        """The game in a parsed save (``to_record``'s form); SaveError for
        anything that is not the record of a legal game."""
        too_long = oversized(data)
        if too_long:
            raise SaveError(too_long)
        try:
            game = replay(data)
        except RecordError as e:
            raise SaveError(str(e)) from None
        n = game.rules.players
        table = data.get("table") if isinstance(data, dict) else None
        names = table.get("names") if isinstance(table, dict) else None
        bots = table.get("bots") if isinstance(table, dict) else None
        if not isinstance(names, list) or len(names) != n or \
                not all(isinstance(x, str) for x in names):
            names = [YOU, *BOT_NAMES[:n - 1]]
        if not isinstance(bots, list) or len(bots) != n:
            bots = [None] + [DEFAULT_LEVEL] * (n - 1)
        seated = (None,) + tuple(None if b is None else one_of(b, NAMES, DEFAULT_LEVEL)
                                 for b in bots[1:])
        if not game.rounds:
            raise SaveError("the record has no rounds")
        viewer = table.get("viewer") if isinstance(table, dict) else None
        if viewer not in people_of(seated) or isinstance(viewer, bool):
            viewer = HUMAN
        covered = isinstance(table, dict) and table.get("covered") is True \
            and len(people_of(seated)) > 1
        return cls(game, tuple(clean_name(x) for x in names), seated, takebacks_of(data),
                   coached_of(data), viewer, daily_of(data), covered)
