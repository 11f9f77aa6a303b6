"""What the table shows, as values made from the controller's state alone:
a ``TableFrame`` holds the page's elements as a ``paint`` frame (the status
line, hint, scores, seats, log, boneyard, hand and its buttons, count, Take
back, Mute, the header's Review), and the board's scene (drawn by
``draw.board_page``). The one writer writes only what differs from what it
wrote, so a handler changes state and asks for one redraw; what is drawn
follows from state, never from which handler asked (as chessground and
lila's rounds redraw).

What is news is state too: the move just made (``Controller.fresh``)
flashes the scores until the next move, and pops its points on the board
until the board changes for another reason (``Fresh.pop``); a frame drawn
again in between is the same, so nothing replays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...tiles import NAMES
from ..draw import render
from ..draw.board import BoardScene
from ..paint.parts import Effect, Frame, Part, flag, shown
from ..table import words
from ..table.hand import HandState
from ..table.shared_controls import header, over_panel
from ..table.table_view import TableView
from .controller import Controller


@dataclass(frozen=True)
class TableFrame:
    """The table: ``parts`` for the writer, the board's ``scene``, and the
    hand as shown (``hand``: where focus goes when it is drawn anew)."""

    parts: Frame
    scene: BoardScene
    hand: HandState


def frame(ctl: Controller, settled: bool, active: bool = True) -> TableFrame:
    """The table now. ``settled``: the turn loop has come to rest (the
    person's turn is shown only then within a round: the other seat's tile
    has slid in; a round's first turn at once). ``active``: this table has the
    page (not a game at a real table): it owns the header's Review."""
    view = ctl.view()
    settings = ctl.settings
    fresh = ctl.fresh
    parts: Frame = {}
    now = ctl.status()
    if settled or now.phase != "human" or ctl.note() is not None or not ctl.position().move:
        parts["#status"] = Part(html=words.unbroken(now.text), attrs=(("data-phase", now.phase),))
    parts["#hint-text"] = Part(html=words.unbroken(ctl.hint_words),
                               attrs=(("data-method", ctl.hint_method or None),))
    flash = fresh is not None and fresh.points > 0 and fresh.flash
    parts["#scores"] = Part(html=render.scores(
        view, fresh.side if fresh is not None and flash else None, settings.tally,
        fresh.points if fresh is not None and flash else 0))
    parts["#seats"] = Part(html=_once("seats", view, settings.faces,
                                      lambda: render.seats(view, settings.faces)))
    parts["#log"] = Part(html=_once("log", view, "", lambda: render.log(view)))
    left = view.player.boneyard_left
    parts["#boneyard"] = Part(attrs=(("aria-label", words.boneyard(left)),))
    parts["#boneyard .left"] = Part(text=str(left))
    state = replace(ctl.hand(view), selected=None)
    parts.update(hand_parts(view, state, ctl.selected, settings.faces))
    parts["#count"] = Part(text=render.count_badge(view), attrs=(
        ("data-count", str(view.layout.count)), ("title", words.table_words(view)),
        shown(settings.count)))
    parts["#undo"] = Part(attrs=(shown(settings.undo),
                                 ("disabled", flag(not ctl.can_take_back()))))
    parts["#mute"] = Part(attrs=(("aria-pressed", str(settings.mute).lower()),))
    if active:
        parts.update(header(True))
        parts["body"] = Part(attrs=(("data-mode", None),))  # the game on this device shows
    return TableFrame(parts, ctl.board_scene(view), state)


def hand_parts(view: TableView, state: HandState, selected: int | None, faces: str) -> Frame:
    """The hand, drawn with no tile selected, then the selection marked on
    its tiles (so picking a tile leaves a focused tile in place), and the
    buttons beside it."""
    seat = "" if view.screened else str(view.seat)
    parts: Frame = {"#hand": Part(html=render.hand(state, faces), attrs=(
        ("aria-label", words.hand_label(view)), ("data-seat", seat)))}
    for tile in state.tiles:
        chosen = tile == selected
        parts[f'#hand [data-tile="{NAMES[tile]}"]'] = Part(
            classes=(("selected", chosen),), attrs=(("aria-pressed", str(chosen).lower()),))
    parts["#draw"] = Part(attrs=(("disabled", flag(not state.must_draw)),))
    parts["#pass"] = Part(attrs=(("disabled", flag(not state.must_pass)),
                                 shown(state.must_pass)))
    parts["#hint"] = Part(attrs=(("disabled", flag(not state.can_hint)),))
    return parts


def privacy(view: TableView, seat: int | None) -> tuple[Frame, list[Effect]]:
    """The privacy screen between two people's turns, up while ``seat``'s
    person is to see theirs (None: down): every hand is hidden (the view
    behind it has none) until they show theirs. Its words follow the page's
    language."""
    if seat is None:
        return {}, [Effect("close", "privacy")]
    name = view.names[seat]
    return {"#privacy-title": Part(text=words.pass_to(name)),
            "#privacy-says": Part(text=words.privacy_text(name)),
            "#privacy-show": Part(text=words.show_hand(name))}, [Effect("open", "privacy")]


def over(ctl: Controller, round_only: bool, daily: str = "") -> tuple[Frame, list[Effect]]:
    """The round-end or game-over panel, with every hand face up, the deal's
    name (to share it) and, after a daily deal, the day's best result."""
    view = ctl.view()
    deal = words.deal_line(str(ctl.table.game.seed), ctl.table.daily)
    if round_only:
        return over_panel("round-end", render.round_end_panel(view, faces=ctl.settings.faces),
                          deal)
    return over_panel("game-over", render.game_over(view), deal, daily)


# What depends on the view alone (made once per position, language and
# viewer) and a setting is made once: the last one made of each kind.
_made: dict[str, tuple[TableView, str, str]] = {}


def _once(kind: str, view: TableView, setting: str, make: Callable[[], str]) -> str:
    last = _made.get(kind)
    if last is not None and last[0] is view and last[1] == setting:
        return last[2]
    html = make()
    _made[kind] = (view, setting, html)
    return html



def slide(seat: int, viewer: int, tile: int) -> tuple[str, str]:
    """Where a tile ``seat`` is about to play slides from (in the viewer's
    hand, or at its seat) and to (its place on the board)."""
    name = NAMES[tile]
    source = f'#hand [data-tile="{name}"]' if seat == viewer else \
        f'#seats [data-seat="{seat}"] .tiles'
    return source, f'#board [data-tile="{name}"]'
