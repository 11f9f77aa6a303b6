"""At a real table on a phone (issue 38 items 5 and 9): the New game dialog
fits its width at every size and language, shows only the choices of the
mode chosen, words its help for people and follows names as they are typed;
and while a game is kept, the lit places say which end they join, Undo says
what it took back, the boneyard is counted, long names are never cut, and a
round's end is entered by tapping tiles or stepping pips."""

from __future__ import annotations

import re

from allfives.tiles import NAMES, pips_of, tiles_of

from .browser_helpers import FIRST_LOAD_MS
from .test_real_table import TABLE, Enterer, bot_game, open_page, scores_shown, start_table

SIZES = [(360, 640), (390, 844), (844, 390), (1280, 800)]

# Whatever in the new-game dialog sticks out of the dialog's box sideways,
# and whether the dialog or the page scrolls sideways.
DIALOG_FITS = """() => {
  const d = document.querySelector('#new-game'), box = d.getBoundingClientRect();
  const out = [...d.querySelectorAll('*')].filter(e => e.getClientRects().length).filter(e => {
    const b = e.getBoundingClientRect();
    return b.width && (b.left < box.left - 0.5 || b.right > box.right + 0.5);
  }).map(e => e.id || e.name || e.tagName + '.' + e.className);
  const form = document.querySelector('#new-game-form');
  return {out, dialog: Math.max(d.scrollWidth - d.clientWidth, form.scrollWidth - form.clientWidth),
          page: document.scrollingElement.scrollWidth - innerWidth};
}"""


def open_table_dialog(page: object, players: int) -> None:
    page.click("#new-game-button")
    page.wait_for_selector("#new-game[open]")
    page.check("#ng-mode-table")
    page.wait_for_selector("#ng-table-options select")
    page.check(f"#new-game-form input[name=players][value='{players}']")
    page.wait_for_selector(f"#ng-table-options input[name=seatname{players - 2}]")


def test_the_new_game_dialog_at_a_real_table_fits_every_screen(page, server):
    """Item 5: with 4 players at a real table (the most choices), nothing in
    the dialog is wider than it and nothing scrolls sideways at 360, 390 and
    844 px and on a laptop, in English, German and Hindi; Deal is in sight on
    the laptop without a scroll; the bots' levels are not shown, and in bots
    mode no empty table box. (One page, loaded again in each language.)"""
    for lang in ("en", "de", "hi"):
        open_page(page, server, (390, 844), f"?lang={lang}")
        open_table_dialog(page, 4)
        page.set_checked("#ng-partnership", True)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("document.querySelector('#new-game').scrollTop = 0")
            fit = page.evaluate(DIALOG_FITS)
            assert fit == {"out": [], "dialog": 0, "page": 0}, (lang, width, height, fit)
            assert not page.is_visible("#ng-seats") and not page.is_visible("#ng-bots select")
            deal = page.locator("#ng-start").bounding_box()
            assert deal["y"] >= 0 and deal["y"] + deal["height"] <= height, (lang, width, deal)
        page.check("#ng-mode-bots")
        page.wait_for_selector("#ng-bots select")
        assert not page.is_visible("#ng-table"), lang
        assert page.is_visible("#ng-seats"), lang


def test_the_table_choices_follow_the_names_as_typed_and_the_help_speaks_of_people(page, server):
    """Item 5: "Who sets first" and "Hand entered" name the players as their
    names are typed (before anything else changes), and no help line says
    the others are bots."""
    open_page(page, server)
    open_table_dialog(page, 4)
    assert page.inner_text("#ng-help-players") == \
        "2, 3 or 4: everyone at the table plays with real tiles."
    page.fill("#ng-name", "Zoë")
    page.fill("#ng-table-options input[name=seatname0]", "Anna")
    page.fill("#ng-table-options input[name=seatname1]", "")
    page.locator("#ng-table-options input[name=seatname1]").press_sequentially("Bartholomew")
    page.fill("#ng-table-options input[name=seatname2]", "Cleo")
    for select in ("#ng-table-first", "#ng-table-known"):
        shown = page.locator(f"{select} option").all_inner_texts()
        assert shown[1:] == ["Zoë", "Anna", "Bartholomew", "Cleo"], shown
    assert "Bartholomew" in page.inner_text("#ng-help-partnership")
    assert not re.search(r"\bbots?\b", page.inner_text("#new-game-form"))
    # chosen by a name typed, dealt by it
    page.select_option("#ng-table-first", "2")
    page.click("#ng-start")
    page.wait_for_selector(TABLE)
    assert page.inner_text("#table-status") == "Bartholomew to play"


def test_lit_places_name_their_end_undo_says_what_it_took_back_and_the_boneyard_is_counted(
        page, server):
    """Item 9, on one deal: the boneyard's count shows and follows the draws;
    a tile fitting two ends lights two places, each showing the tile it joins
    (two "0"s alone said nothing), each named so for a screen reader; Undo
    names the entry it took back."""
    game = bot_game("standard", 2, seed=7)
    open_page(page, server)
    start_table(page, game)
    page.click("#entry-starters [data-starter='0']")
    boneyard = page.locator("#table-boneyard")
    assert boneyard.get_attribute("data-boneyard") == "10"
    assert boneyard.get_attribute("aria-label") == "Boneyard: 10 tiles"
    assert boneyard.is_visible()
    for tile in ("3-4", "4-6"):
        page.click(f"#entry-tiles [data-tile='{tile}']")
    # two lit places, each saying which end it joins
    page.click("#entry-tiles [data-tile='3-6']")
    places = page.locator("#table-board [data-target]")
    assert places.count() == 2
    joins = sorted(places.evaluate_all("ps => ps.map(p => p.dataset.target)"))
    assert joins == ["3-4", "4-6"]
    for on in joins:
        place = page.locator(f"#table-board [data-target='{on}']")
        assert place.locator("text.joins").text_content() == on
        assert place.get_attribute("aria-label") == f"Play 3-6 on {on}, 0 points"
    texts = places.evaluate_all("ps => ps.map(p => p.textContent)")
    assert texts[0] != texts[1], texts
    # Undo (the tile picked is no entry: the last entry is taken back)
    page.click("#entry-undo")
    assert page.inner_text("#table-said") == "Took back: Ben played 4-6 on 3-4."
    page.click("#entry-tiles [data-tile='4-6']")
    page.fill("#entry-drew-count", "3")
    before = boneyard.get_attribute("data-boneyard")
    page.press("#entry-drew-count", "Enter")  # no entry, and the page stays
    assert page.input_value("#entry-drew-count") == "3"
    assert boneyard.get_attribute("data-boneyard") == before
    page.click("#entry-drew")
    assert boneyard.get_attribute("data-boneyard") == "7"
    assert page.input_value("#entry-drew-count") == "1"  # the usual draw again
    page.click("#entry-undo")
    assert page.inner_text("#table-said") == "Took back: Anna drew a tile."
    assert boneyard.get_attribute("data-boneyard") == "8"


def test_long_names_wrap_whole_and_are_named_in_full(page, server):
    """Item 9: a long name is never cut: the seats, the scores and the names
    to tap at a deal keep it whole on a 390 px phone (wrapped or shortened
    with the whole name in its title), and the page does not scroll sideways."""
    game = bot_game("standard", 4, seed=3)
    long = ("Maximiliane-Theresia", "Bartholomew Fetherstone", "Cleopatra", "Dan")
    open_page(page, server)
    start_table(page, game, names=long)
    cut = page.evaluate("""() => [...document.querySelectorAll(
        '#table-seats .seat header, #table-scores .side .name, #entry-starters [data-starter]')]
      .filter(e => e.scrollWidth > e.clientWidth + 1 && !(e.title || '').length)
      .map(e => e.textContent)""")
    assert cut == []
    titles = page.locator("#table-seats .seat .name").evaluate_all("ns => ns.map(n => n.title)")
    assert titles == list(long)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")


def test_a_round_end_entered_by_tapping_tiles_and_stepping_pips(page, server):
    """Item 9: at a round's end each player's tiles are tapped on the picker
    (their pips add up beside the name) or their pips stepped; the scores are
    the engine's, no keyboard typing needed."""
    game = bot_game("standard", 3, seed=11)
    rnd = game.rounds[0]
    assert rnd.end in ("domino", "blocked")
    open_page(page, server)
    start_table(page, game)
    at = Enterer(page, game)
    at.deal(0)
    at.moves(0)
    page.wait_for_selector("#real-table[data-phase=left]")
    left: list[object] = []
    for s, hand in enumerate(rnd.hands):
        if not page.locator(f"#round-left [data-left-seat='{s}']").count():
            left.append(None)
            continue
        if s % 2:  # tiles, tapped on the picker
            page.click(f"#round-left [data-left-seat='{s}']")
            for t in tiles_of(hand):
                page.click(f"#entry-tiles [data-tile='{NAMES[t]}']")
            assert page.input_value(f"#round-left input[name=left{s}]") == str(pips_of(hand))
            left.append(tiles_of(hand))
        else:  # pips, stepped up one by one from 0
            for _ in range(pips_of(hand)):
                page.click(f"#round-left [data-pips-step='1'][data-seat='{s}']")
            assert page.input_value(f"#round-left input[name=left{s}]") == str(pips_of(hand))
            left.append(pips_of(hand))
    page.click("#round-left-done")
    at.table.settle(left)
    page.wait_for_function("document.querySelector('#real-table').dataset.phase != 'left'",
                           timeout=FIRST_LOAD_MS)
    assert scores_shown(page) == rnd.scores


def test_a_round_end_on_a_small_phone_keeps_every_row_reachable_and_apart(page, server):
    """Items 5 and 9 on a 360 x 640 phone and held sideways (844 x 390; the
    same round end, the window turned), 4 players in German: at a round's
    end the status never runs over the felt, every row and Score the round
    are reachable (scrolling down at worst), and nothing scrolls sideways."""
    game = bot_game("standard", 4, seed=5)
    assert game.rounds[0].end in ("domino", "blocked")
    open_page(page, server, (360, 640), "?lang=de")
    start_table(page, game, names=("Maximiliane-Theresia", "Bartholomew Fetherstone", "Cleo",
                                   "Dan"))
    at = Enterer(page, game)
    at.deal(0)
    at.moves(0)
    page.wait_for_selector("#real-table[data-phase=left]")
    for width, height in ((360, 640), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        apart = page.evaluate("""() => { scrollTo(0, 0);
          const b = s => document.querySelector(s).getBoundingClientRect();
          return [b('#table-status').bottom, b('#table-said').bottom, b('.table-felt').top,
                  document.scrollingElement.scrollWidth - innerWidth]; }""")
        assert apart[0] <= apart[2] + 0.5 and apart[1] <= apart[2] + 0.5 and apart[3] <= 0, \
            (width, apart)
        rows = page.locator("#round-left .left-row")
        assert rows.count() == 4
        for s in range(4):
            if page.locator(f"#round-left [data-left-seat='{s}']").count():
                page.click(f"#round-left [data-pips-step='1'][data-seat='{s}']")  # reachable
        page.locator("#round-left-done").scroll_into_view_if_needed()
        assert page.locator("#round-left-done").is_visible(), width
