"""A move asked for, as a value: a bot's (the bot, its seed and the seat's
view), or the best move as Review judges it, for the hint (``BestAsk``). The
page's controller builds them; ``to_json`` only where they cross to the
bots' worker."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from ..view import PlayerView, PlayerViewJSON


class MoveAskJSON(TypedDict):
    bot: str
    seed: str
    view: PlayerViewJSON


@dataclass(frozen=True)
class MoveAsk:
    """What a bot needs to choose ``view.seat``'s move: its level's name and a seed."""

    call: ClassVar[Literal["choose"]] = "choose"  # the bots' worker's function for it
    bot: str
    seed: str
    view: PlayerView

    def to_json(self) -> MoveAskJSON:
        return {"bot": self.bot, "seed": self.seed, "view": self.view.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveAsk:
        return cls(str(data["bot"]), str(data["seed"]), PlayerView.from_json(data["view"]))


class BestAskJSON(TypedDict):
    round: int
    move: int
    view: PlayerViewJSON


@dataclass(frozen=True)
class BestAsk:
    """The best move asked for (``analysis.best_move``, the hint): the
    decision at move ``move`` (1-based, ``len(view.history) + 1``) of round
    ``round`` (1-based), as ``analysis.Moment`` and the coach's ``CoachAsk``
    number it, so it is valued from the same seed as Review values it."""

    call: ClassVar[Literal["hint"]] = "hint"  # the bots' worker's function for it
    round: int
    move: int
    view: PlayerView

    def to_json(self) -> BestAskJSON:
        return {"round": self.round, "move": self.move, "view": self.view.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BestAsk:
        return cls(int(data["round"]), int(data["move"]), PlayerView.from_json(data["view"]))
