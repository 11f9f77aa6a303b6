"""A bot's decision from a JSON-like request; the worker and the main-thread
fallback both call this, so they always agree."""

from __future__ import annotations

from typing import Any

from ...bots import make_bot
from ...moves import move_text
from ...view import PlayerView


def decide(request: dict[str, Any]) -> str:
    """``{"bot": name, "seed": ..., "view": PlayerView JSON}`` -> move text."""
    view = PlayerView.from_json(request["view"])
    bot = make_bot(request["bot"], request["seed"])
    return move_text(bot.choose(view))
