"""The game at the table: who sits where, the set-up choices, settings, and
the saved form (a game record plus the seats). Pure Python, no browser.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..bots import BOTS, LEVELS
from ..errors import AllFivesError
from ..game import Game
from ..record import RecordError, replay, to_record
from ..rules import HAND_SIZE_CHOICES, PRESETS, Rules
from ..view import PlayerView
from .i18n import LANGUAGES, N_, _
from .labels import level_description, level_name
from .stored import UnreadableError, loads
from .takeback import TAKEBACKS_KEY, takebacks_of

BOT_NAMES = ("Anna", "Ben", "Cara")
HUMAN = 0  # the person always sits in seat 0
# The person's name until they choose one. Saves and set-ups keep this English
# word as the mark of "no name chosen" (older saves hold it too); the page shows
# it in the page's language (``shown_name``) and speaks to the person as "you".
YOU = "You"
NAME_LIMIT = 24
SPEEDS = {"off": 0, "fast": 160, "normal": 320, "slow": 600}  # tile slide, ms
HAND_ORDERS = ("largest", "received")
HINT_BOT = "expert"  # the hint shows what the strongest level would play
DEFAULT_LEVEL = "medium"
# A save is refused past these before it is replayed, so that no save keeps
# the page busy for seconds: a game to 250 runs 10 to 20 rounds; one of 200
# rounds replays in 0.1 s in Pyodide and adds about 1 s to the page's start
# (1000 rounds: 0.4 s and 4.5 s). No legal round has 250 moves (28 plays, at
# most 24 draws, at most 3 passes around each). A longer game (targets near
# 10000) is kept for download like any save that cannot be read, and
# `allfives replay` reads it.
MAX_ROUNDS = 200
MAX_MOVES = 250


class SaveError(AllFivesError):
    """A saved game that cannot be read; one line for people."""


# Bot ids kept from older saves that the dialog no longer offers (``labels``
# names the levels it offers).
OLD_LEVELS: dict[str, str] = {
    # Translators: a bot's level at the table: medium's older name, in games saved with it
    "greedy": N_("greedy"),
    # Translators: a bot's level at the table: it plays at random (in older saved games)
    "random": N_("random"),
}


def level_shown(bot: str) -> str:
    """A seat's bot level as the page names it."""
    return _(OLD_LEVELS[bot]) if bot in OLD_LEVELS else level_name(bot)


def shown_name(name: str) -> str:
    """A seat's name as the page shows it: the person's unchosen name in the
    page's language, any chosen name as it is."""
    # Translators: the person's name at the table until they choose one
    return _("You") if name == YOU else name


def bot_choices() -> list[tuple[str, str]]:
    """(level, one-line description) for the set-up dialog, weakest first."""
    return [(name, level_description(name)) for name in LEVELS]


def level_of(bot: str) -> str:
    """The dialog level standing for a bot name kept from older saves: any
    other name (greedy is medium's first name, random predates the levels)
    shows as medium."""
    return bot if bot in LEVELS else DEFAULT_LEVEL


@dataclass(frozen=True)
class Setup:
    """The new-game dialog's choices (remembered between games)."""

    name: str = YOU
    players: int = 2
    partnership: bool = True
    preset: str = "standard"
    hand_size: int = 0  # 0: the preset's size for this many players
    target: int = 0  # 0: the preset's target
    bots: tuple[str, ...] = field(default_factory=lambda: (DEFAULT_LEVEL,) * 3)

    def rules(self) -> Rules:
        """The rules these choices make; RulesError says what does not fit."""
        return Rules.make(self.preset, players=self.players,
                          partnership=self.players == 4 and self.partnership,
                          hand_size=self.hand_size or None, target=self.target or None)

    def hand_sizes(self) -> tuple[int, ...]:
        preset = PRESETS.get(self.preset, PRESETS["standard"])
        default = preset.hand_sizes[self.players - 2]
        return tuple(sorted({*HAND_SIZE_CHOICES[self.players], default}))

    def default_target(self) -> int:
        return PRESETS.get(self.preset, PRESETS["standard"]).targets[self.players - 2]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """Choices read back tolerantly: anything unusable falls back to the default."""
        if not isinstance(data, dict):
            return cls()
        base = cls()
        name = data.get("name")
        players = data.get("players")
        preset = data.get("preset")
        bots = data.get("bots")
        hand_size = data.get("hand_size")
        target = data.get("target")
        setup = replace(
            base,
            name=clean_name(name) if isinstance(name, str) else base.name,
            players=players if isinstance(players, int) and not isinstance(players, bool)
            and players in (2, 3, 4) else base.players,
            partnership=bool(data.get("partnership", base.partnership)),
            preset=one_of(preset, PRESETS, base.preset),
            target=target if isinstance(target, int) and not isinstance(target, bool)
            and 0 <= target <= 10000 else 0,
            bots=tuple(one_of(b, BOTS, DEFAULT_LEVEL) for b in bots[:3])
            + (DEFAULT_LEVEL,) * (3 - len(bots[:3])) if isinstance(bots, list) else base.bots,
        )
        if isinstance(hand_size, int) and hand_size in setup.hand_sizes():
            setup = replace(setup, hand_size=hand_size)
        return setup


def one_of(value: Any, allowed: Collection[str], default: str) -> str:
    """``value`` if it is one of the ``allowed`` words, else ``default``."""
    return value if isinstance(value, str) and value in allowed else default


def clean_name(text: str) -> str:
    name = " ".join(text.split())[:NAME_LIMIT]
    return name or YOU


@dataclass(frozen=True)
class Settings:
    """Table settings the player can change at any time."""

    bot_pause: int = 700  # ms before each bot move
    speed: str = "normal"  # animation speed
    hand_order: str = "largest"  # or "received"
    auto_draw: bool = False
    undo: bool = False  # offer take-backs (#undo)
    tally: bool = False  # scores also as tally marks
    mute: bool = False  # no sounds (the #mute button, kept with the settings)
    language: str = ""  # a code of i18n.LANGUAGES once chosen; "" follows the browser

    @property
    def slide_ms(self) -> int:
        return SPEEDS.get(self.speed, 320)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        base = cls()
        if not isinstance(data, dict):
            return base
        pause = data.get("bot_pause")
        return cls(
            bot_pause=pause if isinstance(pause, int) and not isinstance(pause, bool)
            and 0 <= pause <= 3000 else base.bot_pause,
            speed=one_of(data.get("speed"), SPEEDS, base.speed),
            hand_order=one_of(data.get("hand_order"), HAND_ORDERS, base.hand_order),
            auto_draw=bool(data.get("auto_draw", base.auto_draw)),
            undo=bool(data.get("undo", base.undo)),
            tally=bool(data.get("tally", base.tally)),
            mute=bool(data.get("mute", base.mute)),
            language=one_of(data.get("language"), LANGUAGES, base.language),
        )


@dataclass
class Table:
    """A game with its seats: ``names[s]`` and ``bots[s]`` (None for the person),
    and how many times a move was taken back in it."""

    game: Game
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    takebacks: int = 0

    @classmethod
    def new(cls, setup: Setup, seed: int | str | None = None) -> Table:
        rules = setup.rules()
        n = rules.players
        names = (clean_name(setup.name),) + BOT_NAMES[:n - 1]
        bots = (None,) + tuple(setup.bots[:n - 1])
        return cls(Game(rules, seed), names, bots)

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

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.rules.seats_of(side))

    def bot_request(self, seat: int, bot: str | None = None) -> dict[str, Any]:
        """What a bot needs to choose ``seat``'s move (JSON-like, for the worker).

        The seed depends only on the position, so a resumed game plays on
        exactly as it would have."""
        rnd = self.game.round
        name = bot or self.bots[seat] or HINT_BOT
        seed = f"{self.game.seed}:{len(self.game.rounds)}:{len(rnd.history)}:{seat}"
        return {"bot": name, "seed": seed, "view": PlayerView.of(rnd, seat).to_json()}

    # -- saving --------------------------------------------------------------

    def to_save(self) -> str:
        """The game record with the seats added, and the take-backs when there
        were any (record readers ignore both)."""
        record = to_record(self.game)
        record["table"] = {"names": list(self.names), "bots": list(self.bots)}
        if self.takebacks:
            record[TAKEBACKS_KEY] = self.takebacks
        return json.dumps(record, separators=(",", ":"))

    @classmethod
    def from_save(cls, text: str) -> Table:
        """The saved game; SaveError (one line for people) for anything that is
        not a readable save of a legal game, whatever the text."""
        try:
            data = loads(text)
        except UnreadableError as e:
            raise SaveError(f"not a game record: {e}") from None
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
        seated = (None,) + tuple(one_of(b, BOTS, DEFAULT_LEVEL) for b in bots[1:])
        if not game.rounds:
            raise SaveError("the record has no rounds")
        return cls(game, tuple(clean_name(x) for x in names), seated, takebacks_of(data))


def oversized(data: Any) -> str | None:
    """Why a parsed save has more rounds, or a round more moves, than it may
    (MAX_ROUNDS, MAX_MOVES), or None; checked before the replay."""
    rounds = data.get("rounds") if isinstance(data, dict) else None
    if not isinstance(rounds, list):
        return None  # the replay says what is wrong
    if len(rounds) > MAX_ROUNDS:
        return f"{len(rounds):,} rounds, more than {MAX_ROUNDS:,}"
    for r, rnd in enumerate(rounds, 1):
        moves = rnd.get("moves") if isinstance(rnd, dict) else None
        if isinstance(moves, list) and len(moves) > MAX_MOVES:
            return f"round {r}: {len(moves):,} moves, more than a round can have"
    return None
