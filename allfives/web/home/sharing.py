"""What the Share buttons and the shared-deal question show, as frames and
effects (``paint.parts``); ``sharing_page`` hands them to the page's one
writer. The page's thread makes the link whole against the page's own
address and puts it on the clipboard (``copy-link``)."""

from __future__ import annotations

from ..paint.parts import Effect, Frame, Part, copy_link, shown
from ..table.deals import Deal

PANELS = ("round-end", "game-over")  # the panels with a Share button
CHOICE = "deal-choice"  # the question: the saved game, or the link's deal


def shared(panel: str, deal: Deal) -> tuple[Frame, list[Effect]]:
    """``panel``'s Share button pressed: a link to ``deal`` shown in its
    field, selected, and copied."""
    field = f"#{panel}-share-link"
    return {field: Part(attrs=(shown(True),))}, [copy_link(field, deal.link(""))]
