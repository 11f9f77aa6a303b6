"""What the table shows, as one value: a ``Frame``, made from the
controller's state alone. The page (``screen_page.Screen``) writes only the
parts that differ from the frame it wrote last, so a handler changes state
and asks for one redraw; what is drawn follows from what changed, never from
which handler asked (as chessground and lila's rounds redraw).

The move just made is news once: the first frame of a position flashes its
score and pops its tile; later frames of the same position keep the scores
as written (the flash plays on) and draw the board without the pop.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..draw import render
from ..draw.board import BoardScene
from ..table import words
from ..table.hand import HandState
from ..table.table import Position
from ..table.takeback import can_take_back
from .controller import Controller
from .steps import Status


@dataclass(frozen=True)
class HandFrame:
    """The hand and its buttons. ``state`` and ``html`` show no tile
    selected: the selection is marked in place (``Frame.selected``), so a
    focused tile keeps its focus."""

    state: HandState
    html: str
    label: str
    seat: str  # the hand's seat, "" behind the privacy screen


@dataclass(frozen=True)
class Frame:
    """Everything on the table. ``status`` None: the line stays as it is.
    Within a round the person's turn is shown once the turn loop has come to
    rest (the other seat's tile has slid in); a new game's or a new round's
    status at once."""

    position: Position
    status: Status | None
    hint: tuple[str, str]  # the words in ``#hint-text`` and their ``data-method`` ("": none)
    scores: str
    tally: bool  # the scores drawn with tally marks too
    faces: str  # the tiles' faces, as the settings say
    seats: str
    log: str
    boneyard: tuple[str, str]  # the tiles left, and its label
    hand: HandFrame
    selected: int | None
    board: BoardScene
    count: tuple[str, str, str, bool]  # text, the count, its words, hidden
    undo: tuple[bool, bool]  # hidden, disabled
    muted: bool


def frame(ctl: Controller, last: Frame | None, settled: bool) -> Frame:
    """The table now; ``last``: the frame written before (None: none yet);
    ``settled``: the turn loop has come to rest (the person may act)."""
    view = ctl.view()
    position = ctl.position()
    news = last is None or last.position != position
    fresh = ctl.fresh if news else None
    # what depends on the view alone is made once per view (position, language, viewer)
    again = last if last is not None and last.board.view is view else None
    settings = ctl.settings
    if fresh is not None and fresh.points:
        scores = render.scores(view, fresh.side, settings.tally, fresh.points)
    elif again is not None and again.tally == settings.tally:
        scores = again.scores  # as written: a flash plays on
    else:
        scores = render.scores(view, None, settings.tally, 0)
    board = ctl.board_scene(view, fresh.points if fresh is not None else 0)
    if last is not None and not news and replace(last.board, fresh_points=0) == board:
        board = last.board  # the pop plays on
    now = ctl.status()
    status: Status | None = now
    if not settled and now.phase == "human" and ctl.note() is None and (
            last is None or last.position[:2] == position[:2]):
        status = last.status if last is not None else None
    if again is not None and again.faces == settings.faces:
        seats = again.seats
    else:
        seats = render.seats(view, settings.faces)
    state = replace(ctl.hand(view), selected=None)
    table = ctl.table
    left = view.player.boneyard_left
    return Frame(
        position=position, status=status, hint=(ctl.hint_words, ctl.hint_method), scores=scores,
        tally=settings.tally, faces=settings.faces, seats=seats,
        log=again.log if again else render.log(view),
        boneyard=(str(left), words.boneyard(left)),
        hand=HandFrame(state, render.hand(state, settings.faces), words.hand_label(view),
                       "" if view.screened else str(view.seat)),
        selected=ctl.selected, board=board,
        count=(render.count_badge(view), str(view.layout.count), words.table_words(view),
               not settings.count),
        undo=(not settings.undo, not (settings.undo and not table.hidden and can_take_back(
            table.game, table.viewer, table.others, table.daily))),
        muted=settings.mute)


def changed(last: Frame | None, now: Frame) -> set[str]:
    """The names of ``now``'s parts that differ from ``last`` (all, if none).
    A board of another view is another board: views are made once per
    position and language, so comparing them field by field would only cost."""
    names = [f for f in now.__dataclass_fields__ if f not in ("position", "tally", "faces")]
    if last is None:
        return set(names)
    out = {n for n in names if n != "board" and getattr(last, n) != getattr(now, n)}
    if last.board.view is not now.board.view or last.board != now.board:
        out.add("board")
    return out
