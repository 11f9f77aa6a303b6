"""Review's sentences that are not about one position: a file refused by its
size, and why a reviewed move lost."""

from __future__ import annotations

from ...bots.analysis import KEPT, SCORED, Reason
from ...moves import move_text, move_tile
from ...tiles import NAMES
from ..i18n.catalogs import _, ngettext, number


def too_big(name: str, size: int) -> str:
    """A file too big to be a record, refused unread."""
    # Translators: a file opened to review, refused: {name} is its name, {n} its size in bytes.
    return ngettext("{name} could not be opened: {n} byte is too big for a record",
                    "{name} could not be opened: {n} bytes is too big for a record",
                    size).format(name=name, n=number(size))


def reason_words(reason: Reason) -> str:
    """Why a reviewed move lost, in the page's language: a clause about the
    move made (it follows "(3 points: " in the review's sentence); in English
    the command line's own words."""
    if reason.kind == KEPT:
        # Translators: why a reviewed move was worse, said of that move after a colon: it kept
        # the heavy tile {tile} (as "6-6") in hand when no tiles were left to draw (the
        # boneyard: the face-down tiles players draw from). {n} is the tile's number of pips.
        return ngettext("kept {tile} ({n} pip) with the boneyard empty",
                        "kept {tile} ({n} pips) with the boneyard empty",
                        reason.made).format(tile=NAMES[move_tile(reason.best)], n=reason.made)
    if reason.kind == SCORED:
        # Translators: why a reviewed move was worse, said of that move after a colon, as in
        # "the expert prefers 0-5>5-5 (3 points: scored 0 where 0-5>5-5 scored 10)". {points}
        # and {best_points} are points scored; {best} is a move, as "0-5>5-5" (tile 0-5 laid
        # on 5-5) or a lead, as "2-3".
        text = _("scored {points} where {best} scored {best_points}")
    else:
        # Translators: why a reviewed move was worse, said of that move after a colon: it let
        # the next player score {points} in reply, where the move {best} (as "4-4>1-4": tile
        # 4-4 laid on 1-4) would have let them score {best_points}.
        text = _("left the next player a chance of {points} ({best} left {best_points})")
    return text.format(points=reason.made, best=move_text(reason.best), best_points=reason.other)
