"""What the Review dialog shows, as a frame (``paint.parts``) made from a
``Review`` alone; ``panel_page`` hands it to the page's one writer. The
board is drawn apart (``draw.board_page``: an SVG drawn for its box)."""

from __future__ import annotations

from html import escape

from ...bots.analysis import method_hook
from ..draw import render
from ..paint.parts import Frame, Part, flag, shown
from ..table import words
from ..table.seats import shown_name
from ..table.words_grades import summary_html
from .state import Review


def seats_frame(review: Review, seats: tuple[int, ...], reseat: bool) -> Frame:
    """The seat choice (``#review-seat``: ``seats``, the reviewed one chosen;
    usable when the person may ``reseat``) and Play on, shown when the game
    can go on from here (a seat to choose, or a real table's record) and is
    not over."""
    options = "".join(
        f'<option value="{s}"{" selected" if s == review.seat else ""}>'
        f"{escape(shown_name(review.names[s]))}</option>" for s in seats)
    goes_on = reseat or (review.observed and review.record is not None)
    return {
        "#review-seat": Part(html=options, attrs=(("disabled", flag(not reseat)),)),
        "#review-play-on": Part(attrs=(shown(goes_on and not review.game.over),)),
    }


def review_frame(review: Review, faces: str, chart_width: int | None) -> Frame:
    """The dialog at the shown position with the analysis so far: where it
    is, the verdict on the decision about to be made (its "Why" kept open
    when it comes again with its analysis), the seat's tiles, the round's end
    when it is over, the decisions list (the one here ``aria-current``), the
    summary, the grades, the chart ``chart_width`` CSS pixels wide (empty
    while its box's width is unknown: it comes once the dialog is open) and
    the progress bar while decisions are still to analyse."""
    view = review.view()
    here = review.decision_here()
    seed = review.seed
    spot = review.spot
    end = (render.round_end_panel(view, headline=False, faces=faces)
           if view.round.over else "")
    return {
        "#review-step": Part(text=review.step_text()),
        "#review-deal": Part(text=words.deal_line(str(seed), review.daily)
                             if seed is not None else ""),
        "#review-says": Part(html=words.said_html(words.review_says(view, here)),
                             attrs=(("data-method",
                                     method_hook(here.method) if here is not None else None),),
                             keep_open=True),
        "#review-hand-label": Part(text=words.review_hand_label(view)),
        "#review-hand": Part(html=render.review_hand(view, faces)),
        "#review-end": Part(html=end),
        "#review-prev": Part(attrs=(("disabled", flag(review.at == 0)),)),
        "#review-next": Part(attrs=(("disabled", flag(review.at == len(review.spots) - 1)),)),
        "#review-moves": Part(html=render.review_moves(
            review.analysed(), review.game.rules.divisor, faces,
            current=(spot.round, spot.move + 1), pending=review.pending())),
        "#review-summary": Part(text=words.review_summary(review.done, review.total,
                                                         review.worst())),
        "#review-grades": Part(html=summary_html(review.graded())),
        "#review-chart": Part(html=review.chart(chart_width) if chart_width else ""),
        "#review-progress": Part(props=(("max", str(max(review.total, 1))),
                                        ("value", str(review.done))),
                                 attrs=(shown(review.done < review.total),)),
    }
