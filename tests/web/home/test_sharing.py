"""The Share buttons as a frame and effects (``home.sharing``): the link's
field shown, and the link, relative to the page, copied by the page's thread."""

from __future__ import annotations

from allfives.rules import Rules
from allfives.web.home.sharing import PANELS, shared
from allfives.web.paint.parts import Effect, Part
from allfives.web.table.deals import Deal, read_deal


def test_share_shows_the_panels_link_field_and_copies_the_deals_link():
    deal = Deal(Rules.make("standard", players=2), ("medium",), "7")
    assert PANELS == ("round-end", "game-over")
    for panel in PANELS:
        frame, effects = shared(panel, deal)
        assert frame == {f"#{panel}-share-link": Part(attrs=(("hidden", None),))}
        assert effects == [Effect("copy-link", f"#{panel}-share-link", f"?deal={deal.text()}")]
    link = shared("game-over", deal)[1][0].text
    assert read_deal(link.removeprefix("?deal=")) == deal  # the same deal comes back
