"""A bot's move asked for: the bot, its seed and the seat's view, as a value
(the page's controller and hint build it; ``to_json`` only where it crosses
to the bots' worker)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from ..view import PlayerView, PlayerViewJSON


class MoveAskJSON(TypedDict):
    bot: str
    seed: str
    view: PlayerViewJSON


@dataclass(frozen=True)
class MoveAsk:
    """What a bot needs to choose ``view.seat``'s move: its level's name and a seed."""

    bot: str
    seed: str
    view: PlayerView

    def to_json(self) -> MoveAskJSON:
        return {"bot": self.bot, "seed": self.seed, "view": self.view.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveAsk:
        return cls(str(data["bot"]), str(data["seed"]), PlayerView.from_json(data["view"]))
