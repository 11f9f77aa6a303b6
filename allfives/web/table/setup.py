"""The new-game dialog's choices, remembered between games."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ...bots.names import NAMES
from ...observed import CALL_RULES
from ...rules import HAND_SIZE_CHOICES, PRESETS, Rules
from .seats import BOT_NAMES, DEFAULT_LEVEL, PERSON, YOU, clean_name, one_of

MODES = ("bots", "table")  # against bots (and friends at this device), or at a real table
ASKED = -1  # who sets first: the table's own custom, asked when the round starts
NOBODY = -1  # whose hand is entered: nobody's


def _seat_or(value: Any, players: int, default: int) -> int:
    """A stored seat number below ``players``, else ``default``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return value
    return default


@dataclass(frozen=True)
class Setup:
    """The new-game dialog's choices (remembered between games)."""

    name: str = YOU
    players: int = 2
    partnership: bool = True
    preset: str = "standard"
    hand_size: int = 0  # 0: the preset's size for this many players
    target: int = 0  # 0: the preset's target
    # seats 1-3: a bot level, or PERSON (another person at this device)
    bots: tuple[str, ...] = field(default_factory=lambda: (DEFAULT_LEVEL,) * 3)
    names: tuple[str, ...] = BOT_NAMES  # seats 1-3: the names of people sitting there
    # At a real table (``mode`` "table"): every seat a person there, the
    # score kept here; who sets first (a seat, or ASKED: the table's own
    # custom, asked at each open start), whose hand is entered (a seat, or
    # NOBODY) and the calls rule (observed.CALL_RULES).
    mode: str = "bots"
    first: int = ASKED
    known: int = NOBODY
    calls: str = "off"

    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s name (1-3): a person's as chosen, a bot's its own."""
        given = self.names[seat - 1] if self.bots[seat - 1] == PERSON or self.at_table else ""
        return clean_name(given, BOT_NAMES[seat - 1])

    @property
    def at_table(self) -> bool:
        """Whether the game is kept at a real table (issue 30)."""
        return self.mode == "table"

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
        data["names"] = list(self.names)
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
        names = data.get("names")
        setup = replace(
            base,
            name=clean_name(name) if isinstance(name, str) else base.name,
            players=players if isinstance(players, int) and not isinstance(players, bool)
            and players in (2, 3, 4) else base.players,
            partnership=bool(data.get("partnership", base.partnership)),
            preset=one_of(preset, PRESETS, base.preset),
            target=target if isinstance(target, int) and not isinstance(target, bool)
            and 0 <= target <= 10000 else 0,
            bots=tuple(one_of(b, (*NAMES, PERSON), DEFAULT_LEVEL) for b in bots[:3])
            + (DEFAULT_LEVEL,) * (3 - len(bots[:3])) if isinstance(bots, list) else base.bots,
            names=tuple(clean_name(n, d) if isinstance(n, str) else d
                        for n, d in zip([*names[:3], None, None, None], BOT_NAMES, strict=False))
            if isinstance(names, list) else base.names,
        )
        setup = replace(setup, mode=one_of(data.get("mode"), MODES, base.mode),
                        first=_seat_or(data.get("first"), setup.players, ASKED),
                        known=_seat_or(data.get("known"), setup.players, NOBODY),
                        calls=one_of(data.get("calls"), CALL_RULES, base.calls))
        if isinstance(hand_size, int) and hand_size in setup.hand_sizes():
            setup = replace(setup, hand_size=hand_size)
        return setup
