"""The table's settings, which the person can change at any time."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

from ...coach.tutor import CHOICES, OFF
from ..i18n import catalogs as i18n
from ..i18n.catalogs import LANGUAGES
from ..paint.parts import Frame
from .looks import FACES, THEMES, Looks, looks_frame
from .seats import one_of

SPEEDS = {"off": 0, "fast": 160, "normal": 320, "slow": 600}  # tile slide, ms
HAND_ORDERS = ("largest", "received")


@dataclass(frozen=True)
class Settings:
    """Table settings the player can change at any time."""

    bot_pause: int = 700  # ms before each bot move
    speed: str = "normal"  # animation speed
    hand_order: str = "largest"  # or "received"
    auto_draw: bool = False
    undo: bool = False  # offer take-backs (#undo)
    tally: bool = False  # scores also as tally marks
    count: bool = True  # the count on the table shown (#count); off to practise counting
    mute: bool = False  # no sounds (the #mute button, kept with the settings)
    language: str = ""  # a code of i18n.LANGUAGES once chosen; "" follows the browser
    coach: str = OFF  # the coach's threshold (coach.tutor.CHOICES); off by default
    theme: str = THEMES[0]  # looks.THEMES: "system" follows the browser
    faces: str = FACES[0]  # looks.FACES: pips, pips in colour, numerals
    large_tiles: bool = False  # the hand's tiles larger, the board zoomed in closer

    @property
    def slide_ms(self) -> int:
        return SPEEDS.get(self.speed, 320)

    @property
    def looks(self) -> Looks:
        """How the tiles are drawn with these settings."""
        return Looks(self.faces, self.large_tiles)

    def looks_frame(self) -> Frame:
        """``<html>``'s attributes showing the theme, faces and tile size."""
        return looks_frame(self.theme, self.faces, self.large_tiles)

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
            count=bool(data.get("count", base.count)),
            mute=bool(data.get("mute", base.mute)),
            language=one_of(data.get("language"), LANGUAGES, base.language),
            coach=one_of(data.get("coach"), CHOICES, base.coach),
            theme=one_of(data.get("theme"), THEMES, base.theme),
            faces=one_of(data.get("faces"), FACES, base.faces),
            large_tiles=data.get("large_tiles") is True,  # only a true boolean (theme.js too)
        )


def visit_language(asked: str | None, settings: Settings,
                   preferred: Iterable[str]) -> tuple[str, Settings]:
    """The language this visit shows (``catalogs.choose``), and the settings to
    keep: a ``?lang=`` the page has is remembered as the person's choice."""
    code = i18n.choose(asked, settings.language, preferred)
    if i18n.supported(asked):
        settings = replace(settings, language=code)
    return code, settings
