"""The controls both tables share, as frames (pure): the header's Review
button and the round-end and game-over panels. Whichever table is active (a
game on this device, or one kept at a real table) writes them, from these
functions alone, so each panel is filled in one way whoever ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from ...game import Game
from ...observed import ObservedGame
from ..paint.parts import Effect, Frame, Part, flag, shown

Panel = Literal["round-end", "game-over"]

# The header's controls, disabled in index.html until a table has the page
# (tests/web/table/test_shared_controls.py holds the two lists together).
HEADER = ("new-game-button", "menu-button", "daily", "download", "review-button", "open-record",
          "stats-button", "puzzles-button", "rules-button", "settings-button", "keys-button",
          "mute")


def header_awake() -> Frame:
    """The header wakes up (before a table's frame says what stays disabled)."""
    return {f"#{id_}": Part(attrs=(("disabled", None),)) for id_ in HEADER}


def header(reviewable: bool) -> Frame:
    """The header's Review button: disabled while there is nothing to review."""
    return {"#review-button": Part(attrs=(("disabled", flag(not reviewable)),))}


def over_panel(panel: Panel, body: str, deal: str, daily: str = "",
               shareable: bool = True) -> tuple[Frame, list[Effect]]:
    """``panel`` filled and opened: ``body`` (its HTML: the hands or the final
    scores), the deal's name (``deal``; "": none), the daily's words
    (game-over only), its Share button (``shareable``) with its link hidden
    until asked."""
    frame: Frame = {
        f"#{panel}-body": Part(html=body),
        f"#{panel}-deal": Part(text=deal),
        f"#{panel}-share": Part(attrs=(shown(shareable),)),
        f"#{panel}-share-link": Part(attrs=(shown(False),)),
    }
    if panel == "game-over":
        frame["#game-over-daily"] = Part(text=daily)
    return frame, [Effect("open", panel)]


# Written by the page's Share button (``home.sharing_page``): the writer is
# told to forget it before a panel is filled.
SHARE_LINKS = ("#round-end-share-link", "#game-over-share-link")


@dataclass(frozen=True)
class Reviewed:
    """What Review opens on: the active table's game as it stands (a copy:
    play goes on under it), its players' names and bots' levels (None: a
    person), the seat it is seen from, whether it is the daily deal."""

    game: Game | ObservedGame
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    seat: int
    daily: bool = False


class ActiveTable(Protocol):
    """The table that has the page, as the shared controls meet it: the game
    on this device (``play.table_page.TablePage``) or the one kept at a real
    table (``realtable.realtable_page.RealTablePage``)."""

    def download(self) -> None:
        """Download record: the game's record file."""

    def refocus(self) -> None:
        """Focus fell to the page (a dialog closed): back to the table."""

    def reviewed(self, seat: int | None) -> Reviewed:
        """The game for Review, from ``seat`` (None: the table's own viewer)."""

    def review_seats(self) -> tuple[int, ...]:
        """The seats Review may switch among."""

    def hands_hidden(self) -> bool:
        """Whether every hand is hidden (the privacy screen): Review does not open."""
