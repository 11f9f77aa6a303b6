"""Rule options and the six presets of docs/RULES.md section 8."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal, TypeAlias, get_args

from .errors import RulesError

Seat: TypeAlias = int  # 0 to players - 1, in turn order
Side: TypeAlias = int  # a seat's side: the seat, or its partnership (seats 0+2, 1+3)

Spinners = Literal["none", "first", "all"]
SpinnerCounts = Literal["until_sides", "until_closed"]
RoundEndRule = Literal["subtract", "winner_takes", "blocked_bonus"]

SPINNERS: tuple[Spinners, ...] = get_args(Spinners)
SPINNER_COUNTS: tuple[SpinnerCounts, ...] = get_args(SpinnerCounts)
ROUND_ENDS: tuple[RoundEndRule, ...] = get_args(RoundEndRule)


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    hand_sizes: tuple[int, int, int]  # for 2, 3, 4 players
    targets: tuple[int, int, int]
    spinners: Spinners = "first"
    spinner_counts: SpinnerCounts = "until_sides"
    round_end: RoundEndRule = "subtract"
    divisor: int = 1


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("standard", "The classic: one spinner, hands subtracted at round end.",
               (9, 7, 5), (250, 200, 200)),
        Preset("winner_takes", "Whoever goes out scores everyone else's pips.",
               (9, 7, 5), (250, 200, 200), round_end="winner_takes"),
        Preset("cribbage", "Every point divided by five, pegged to 61.",
               (9, 7, 5), (61, 61, 61), divisor=5),
        Preset("punt",
               "Dutch Punt Domino: the spinner counts until closed, a bonus for blocked rounds.",
               (7, 5, 5), (250, 200, 200), spinner_counts="until_closed",
               round_end="blocked_bonus"),
        Preset("muggins", "No spinner, and whoever goes out scores everyone else's pips.",
               (9, 7, 5), (250, 200, 200), spinners="none", round_end="winner_takes"),
        Preset("five_up", "Every double is a spinner.",
               (9, 7, 5), (250, 200, 200), spinners="all"),
    )
}

# What a stored rules object (a record's, a save's, a shared deal's, a
# puzzle's ``{"preset": ..., option: value}``) means by an option it leaves
# out, where that is not the preset's value today: the preset as it played
# when such objects were first written (docs/RULES.md section 9). Reading and
# writing both go by it, so every object written before keeps its meaning and
# an object written now names what changed.
STORED_DEFAULTS: dict[str, dict[str, Any]] = {"muggins": {"round_end": "subtract"}}

# Hand sizes the sources name, per player count, for set-up dialogs.
HAND_SIZE_CHOICES: dict[int, tuple[int, ...]] = {2: (5, 7, 9), 3: (5, 7, 9), 4: (5, 7)}

OPTION_NAMES = ("players", "partnership", "hand_size", "spinners", "spinner_counts",
                "round_end", "target", "divisor")


@dataclass(frozen=True)
class Rules:
    """A complete rule set, validated whenever one is built (directly, by
    ``dataclasses.replace`` or by ``Rules.make``, the usual way): an
    unplayable combination raises ``RulesError`` and never exists."""

    preset: str = "standard"
    players: int = 2
    partnership: bool = False
    hand_size: int = 9
    spinners: Spinners = "first"
    spinner_counts: SpinnerCounts = "until_sides"
    round_end: RoundEndRule = "subtract"
    target: int = 250
    divisor: int = 1

    def __post_init__(self) -> None:
        self.validate()

    @classmethod
    def make(cls, preset: str = "standard", **options: Any) -> Rules:
        """The preset's rules for ``players`` (default 2), with options overridden.

        >>> rules = Rules.make("standard", players=4)
        >>> rules.target, rules.hand_size, rules.partnership, rules.sides
        (200, 5, True, 2)
        >>> Rules.make("standard", players=5)
        Traceback (most recent call last):
        ...
        allfives.errors.RulesError: All Fives is for 2, 3 or 4 players, not 5
        """
        if not isinstance(preset, str) or preset not in PRESETS:
            raise _unknown_preset(preset)
        unknown = set(options) - set(OPTION_NAMES)
        if unknown:
            raise RulesError(f"unknown rule option {sorted(unknown)[0]!r}")
        p = PRESETS[preset]
        players = options.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise RulesError(f"All Fives is for 2, 3 or 4 players, not {players!r}")
        base = cls(
            preset=preset,
            players=players,
            partnership=players == 4,
            hand_size=p.hand_sizes[players - 2],
            spinners=p.spinners,
            spinner_counts=p.spinner_counts,
            round_end=p.round_end,
            target=p.targets[players - 2],
            divisor=p.divisor,
        )
        return replace(base, **{k: v for k, v in options.items() if v is not None})

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a record's ``{"preset": ..., option: value, ...}``; an
        option left out is the preset's, as ``STORED_DEFAULTS`` has it.

        >>> Rules.from_dict({"preset": "muggins"}).round_end  # written before the change
        'subtract'
        """
        if not isinstance(data, dict):
            raise RulesError('rules must be an object like '
                             '{"preset": "standard", "players": 2}')
        options = dict(data)
        preset = options.pop("preset", "standard")
        stored = STORED_DEFAULTS.get(preset, {}) if isinstance(preset, str) else {}
        return cls.make(preset, **{**stored, **options})

    def to_dict(self) -> dict[str, Any]:
        """The preset name, players, and every option that differs from what
        ``from_dict`` reads for them alone.

        >>> Rules.make("muggins").to_dict()
        {'preset': 'muggins', 'players': 2, 'round_end': 'winner_takes'}
        """
        base = Rules.from_dict({"preset": self.preset, "players": self.players})
        out: dict[str, Any] = {"preset": self.preset, "players": self.players}
        for f in fields(self):
            if f.name not in out and getattr(self, f.name) != getattr(base, f.name):
                out[f.name] = getattr(self, f.name)
        return out

    def validate(self) -> None:
        """Raise ``RulesError`` saying what does not fit, unless these rules are
        playable. Building ``Rules`` runs it, so callers need not."""
        if not isinstance(self.preset, str) or self.preset not in PRESETS:
            raise _unknown_preset(self.preset)
        self._check_seats()
        self._check_scoring()

    def _check_seats(self) -> None:
        if not _is_int(self.players) or not 2 <= self.players <= 4:
            raise RulesError(f"All Fives is for 2, 3 or 4 players, not {self.players!r}")
        if not isinstance(self.partnership, bool):
            raise RulesError("partnership must be true or false")
        if self.partnership and self.players != 4:
            raise RulesError(f"partnerships need 4 players, not {self.players}")
        most = 28 // self.players
        if not _is_int(self.hand_size) or not 1 <= self.hand_size <= most:
            raise RulesError(
                f"hand size {self.hand_size!r} does not fit: {self.players} players "
                f"can hold 1 to {most} tiles each")

    def _check_scoring(self) -> None:
        if self.spinners not in SPINNERS:
            raise RulesError(f"spinners must be one of {', '.join(SPINNERS)}, "
                             f"not {self.spinners!r}")
        if self.spinner_counts not in SPINNER_COUNTS:
            raise RulesError(f"spinner_counts must be one of {', '.join(SPINNER_COUNTS)}, "
                             f"not {self.spinner_counts!r}")
        if self.round_end not in ROUND_ENDS:
            raise RulesError(f"round_end must be one of {', '.join(ROUND_ENDS)}, "
                             f"not {self.round_end!r}")
        if not _is_int(self.target) or self.target < 1:
            raise RulesError(f"target must be a positive whole number, not {self.target!r}")
        if self.divisor not in (1, 5) or not _is_int(self.divisor):
            raise RulesError(f"divisor must be 1 or 5, not {self.divisor!r}")
        if self.divisor == 5 and self.round_end == "blocked_bonus":
            raise RulesError("divisor 5 combines with subtract and winner_takes only")

    @property
    def sides(self) -> int:
        return 2 if self.partnership else self.players

    def side_of(self, seat: Seat) -> Side:
        return seat % 2 if self.partnership else seat

    def seats_of(self, side: Side) -> tuple[Seat, ...]:
        return (side, side + 2) if self.partnership else (side,)

    @property
    def live_joins(self) -> int:
        """A spinner counts while fewer than this many tiles are joined to it."""
        return 2 if self.spinner_counts == "until_sides" else 4


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _unknown_preset(preset: object) -> RulesError:
    return RulesError(f"unknown preset {preset!r} (choose one of {', '.join(PRESETS)})")


__all__ = ["HAND_SIZE_CHOICES", "OPTION_NAMES", "PRESETS", "ROUND_ENDS", "SPINNERS",
           "SPINNER_COUNTS", "STORED_DEFAULTS", "Preset", "RoundEndRule", "Rules", "RulesError",
           "SpinnerCounts", "Spinners"]
