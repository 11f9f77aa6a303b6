"""At a real table (issue 30), through the page as a person enters a game:
a whole game recorded by seeded bots is tapped in move by move (tile
buttons, lit places, Drew with how many, Passed, the round-end fields), and
the scores after every round are the engine's for that record; undo and a
reload mid-round are part of it, and Review opens the game from the seat
whose hand was entered (every other preset, a whole game each:
test_real_table_games.py). And the section is made for a phone on the table:
every key at least 44 px, the board and the whole entry panel on one screen."""

from __future__ import annotations

import json

from allfives.game import Game
from allfives.moves import DRAW, PASS, move_text, move_tile
from allfives.observed import ObservedGame
from allfives.rules import Rules
from allfives.tiles import NAMES, pips_of, tiles_of
from allfives.tournament import play_game

from .browser_helpers import FIRST_LOAD_MS, board_fit, tile_sizes

TABLE = "body[data-mode=table]"


def bot_game(preset: str, players: int, seed: int, **options: object) -> Game:
    rules = Rules.make(preset, players=players, **options)
    return play_game(rules, (["greedy", "random"] * 2)[:players], seed)


def open_page(page: object, server: str, size: tuple[int, int] = (390, 844),
              query: str = "") -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server + "index.html" + query)
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)


def start_table(page: object, game: Game, *, known: int | None = None, calls: str = "off",
                names: tuple[str, ...] = ("Anna", "Ben", "Cleo", "Dan")) -> None:
    """New game, at a real table, set up as ``game`` was played."""
    rules = game.rules
    page.click("#new-game-button")
    page.wait_for_selector("#new-game[open]")
    page.check("#ng-mode-table")
    page.wait_for_selector("#ng-table-options select")
    page.check(f"#new-game-form input[name=players][value='{rules.players}']")
    page.check(f"#new-game-form input[name=preset][value='{rules.preset}']")
    if rules.players == 4:
        page.set_checked("#ng-partnership", rules.partnership)
    page.fill("#ng-name", names[0])
    for i in range(rules.players - 1):
        page.fill(f"#ng-table-options input[name=seatname{i}]", names[i + 1])
    page.select_option("#ng-table-first", "-1")  # the table says who sets first, each time
    page.select_option("#ng-table-known", str(-1 if known is None else known))
    page.select_option("#ng-table-calls", calls)
    page.fill("#ng-target", str(rules.target))
    page.click("#ng-start")
    page.wait_for_selector(TABLE)


def scores_shown(page: object) -> list[int]:
    return [int(x) for x in page.locator("#table-scores .score").all_inner_texts()]


class Enterer:
    """Taps a recorded game into the page, keeping an engine copy to know
    where a tile fits in several places (then its lit place is tapped)."""

    def __init__(self, page: object, game: Game, known: int | None = None,
                 calls: str = "off") -> None:
        self.page = page
        self.game = game
        self.known = known
        self.calls = calls
        self.table = ObservedGame(game.rules, known_seat=known, calls=calls)

    def deal(self, r: int) -> None:
        rnd = self.game.rounds[r]
        page = self.page
        if self.table.required_starter() is None:
            page.click(f"#entry-starters [data-starter='{rnd.starter}']")
        hand = None
        if self.known is not None:
            hand = tiles_of(rnd.dealt[self.known])
            for t in hand:
                page.click(f"#entry-tiles [data-tile='{NAMES[t]}']")
            page.click("#entry-start")
        self.table.start_round(rnd.starter, hand)
        page.wait_for_selector("#real-table[data-phase=play]")

    def moves(self, r: int, start: int = 0, stop: int | None = None) -> None:
        """Tap moves ``start`` to ``stop`` of round ``r``."""
        rnd = self.game.rounds[r]
        history = rnd.history[:stop]
        drawn = iter(rnd.boneyard[sum(m == DRAW for _s, m, _p in rnd.history[:start]):])
        i = start
        while i < len(history):
            seat, move, points = history[i]
            if move == DRAW and seat == self.known:
                tile = next(drawn)
                self.page.click("#entry-drew")
                self.page.click(f"#entry-tiles [data-tile='{NAMES[tile]}']")
                self.table.draw(tiles=[tile])
            elif move == DRAW:
                n = 1
                while i + n < len(history) and history[i + n][:2] == (seat, DRAW):
                    n += 1
                for _ in range(n):
                    next(drawn)
                self.page.fill("#entry-drew-count", str(n))
                self.page.click("#entry-drew")
                self.table.draw(n)
                i += n
                continue
            elif move == PASS:
                self.page.click("#entry-passed")
                self.table.pass_turn()
            else:
                self.lay(move, points)
            i += 1

    def lay(self, move: int, points: int) -> None:
        page = self.page
        tile = move_tile(move)
        if self.calls != "off":
            page.fill("#entry-call", str(points) if points else "")
        page.click(f"#entry-tiles [data-tile='{NAMES[tile]}']")
        places = self.table.places(tile)
        if len(places) > 1:
            page.click(f"#table-board [data-move='{move_text(move)}']")
        self.table.play(move, points if self.calls != "off" else None)

    def settle(self, r: int) -> None:
        rnd = self.game.rounds[r]
        if rnd.end not in ("domino", "blocked"):
            return
        page = self.page
        left: list[object] = []
        for s, h in enumerate(rnd.hands):
            if not page.locator(f"#round-left [data-left-seat='{s}']").count():
                left.append(None)  # a hand the page knows
            elif (s + r) % 2:  # its tiles tapped on the picker
                page.click(f"#round-left [data-left-seat='{s}']")
                for t in tiles_of(h):
                    page.click(f"#entry-tiles [data-tile='{NAMES[t]}']")
                left.append(tiles_of(h))
            else:  # its pips typed on the number pad
                page.fill(f"#round-left input[name=left{s}]", str(pips_of(h)))
                left.append(pips_of(h))
        page.click("#round-left-done")
        self.table.settle(left)

    def round(self, r: int) -> None:
        if self.page.get_attribute("#real-table", "data-phase") == "start":
            self.deal(r)
        else:
            self.table.start_round(self.game.rounds[r].starter)
        self.moves(r)
        self.settle(r)
        assert scores_shown(self.page) == self.game.rounds[r].scores, f"round {r + 1}"


def test_a_whole_game_tapped_in_with_undo_a_reload_and_review(page, server):
    game = bot_game("standard", 2, seed=68)  # 4 rounds, 82 moves: of the shortest games
    assert len(game.rounds) >= 3
    open_page(page, server)
    start_table(page, game, known=0)
    at = Enterer(page, game, known=0)
    # round 1: its first moves, three entries taken back and entered again
    at.deal(0)
    at.moves(0, 0, 6)
    said = page.inner_text("#table-said")
    assert ":" in said  # the last play's points at once: "Anna: 10"
    for _ in range(3):
        page.click("#entry-undo")
    assert page.locator("#table-log li.move").count() == 6 - 3
    at.table.undo(3)
    at.moves(0, 3)
    at.settle(0)
    assert scores_shown(page) == game.rounds[0].scores
    # round 2, reloaded half way: it resumes exactly
    if page.get_attribute("#real-table", "data-phase") == "start":
        at.deal(1)
    else:
        at.table.start_round(game.rounds[1].starter)
    half = len(game.rounds[1].history) // 2
    at.moves(1, 0, half)
    logged = page.inner_text("#table-log")
    page.reload()
    page.wait_for_selector(f"{TABLE} #real-table[data-phase=play]", timeout=FIRST_LOAD_MS)
    assert page.inner_text("#table-log") == logged
    at.moves(1, half)
    at.settle(1)
    assert scores_shown(page) == game.rounds[1].scores
    for r in range(2, len(game.rounds)):
        at.round(r)
    page.wait_for_selector("#game-over[open]")
    winner = ["Anna", "Ben"][game.winner]
    assert page.inner_text("#game-over-title") == f"{winner} wins."
    # the record downloaded reads back as this game; Review opens it from seat 0
    with page.expect_download() as got:
        page.click("#game-over-download")
    record = json.loads(open(got.value.path()).read())
    assert record["observed"]["known_seat"] == 0 and record["rounds"][0]["hands"][1] is None
    page.click("#game-over-review")
    page.wait_for_selector("#review[open]")
    assert page.locator("#review-seat option").all_inner_texts() == ["Anna"]
    page.wait_for_selector("#review-moves [data-grade]", timeout=60_000)
    page.click("#review-close")
    # not a game against bots: the statistics leave it out
    stats = page.evaluate("localStorage.getItem('allfives.stats')")
    assert stats is None or json.loads(stats)["total"]["played"] == 0
    # the record opened again: Review from the seat whose hand was entered
    page.click("#game-over [autofocus]")  # New game: the dialog, then closed
    page.click("#ng-cancel")
    page.set_input_files("#open-record", got.value.path())
    page.wait_for_selector("#review[open]")
    assert page.locator("#review-seat option").all_inner_texts() == ["Anna"]
    assert page.locator("#review-hand svg").count() > 0  # Anna's tiles, as she saw them


def test_in_german_by_keyboard_with_a_refusal_in_words(page, server):
    """Every word in the page's language; a tile chosen by keyboard sends
    focus to its lit places, and Enter lays it there."""
    open_page(page, server, (390, 844), "?lang=de")
    assert page.get_attribute("html", "lang") == "de"
    game = bot_game("standard", 2, seed=7)
    start_table(page, game)
    assert page.inner_text("#table-status") == "Wer eröffnet? Tippe den Namen an."
    assert page.inner_text("#entry-drew") == "Gezogen"
    page.click("#entry-starters [data-starter='0']")
    assert page.inner_text("#table-status") == "Anna ist am Zug"
    for tile in ("3-4", "4-6"):
        page.focus(f"#entry-tiles [data-tile='{tile}']")
        page.keyboard.press("Enter")
    assert page.inner_text("#table-said") == "Ben: keine Punkte (Summe 9)"
    page.click("#entry-passed")
    assert page.inner_text("#table-said") == \
        "Anna darf nicht passen: Im Talon liegen noch 10 Steine, also wird gezogen."
    page.focus("#entry-tiles [data-tile='3-6']")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.target") in ("3-4", "4-6")
    page.keyboard.press("Enter")
    assert page.locator("#table-board [data-tile]").count() == 3
    assert page.locator("#table-board [data-target]").count() == 0


# What the section needs to be used with one hand on a phone (issue 30 item 7),
# read off the page scrolled to its top: the keys under 44 px, the entry panel
# or the board not wholly on the screen (or under the header), a blank band in
# the header (the prompt of the game on this device takes no room), a page
# wider than the screen.
FIT = """() => {
  scrollTo(0, 0);
  const box = e => (typeof e === 'string' ? document.querySelector(e) : e).getBoundingClientRect();
  const shown = s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length);
  const least = es => [Math.min(...es.map(e => box(e).width)),
                       Math.min(...es.map(e => box(e).height))];
  const tiles = shown('#table-entry [data-tile]');
  const buttons = shown('#entry-drew, #entry-passed, #entry-undo');
  const bar = box('.bar');
  return {
    keys: tiles.length + buttons.length, tile: least(tiles), button: least(buttons),
    off: ['#table-entry', '#table-board'].filter(s => { const b = box(s);
      return b.top < bar.bottom || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth; }),
    band: bar.bottom - Math.max(box('.bar h1').bottom, box('.bar .actions').bottom),
    wide: document.documentElement.scrollWidth > innerWidth,
  };
}"""


def fits(page: object, tile: tuple[int, int]) -> int:
    """The section fits the screen as ``FIT`` reads it, every button at
    least 44 px square and every tile's key at least ``tile`` (width,
    height); returns how many keys there are."""
    shown = page.evaluate(FIT)
    assert min(shown["button"]) >= 44, shown
    assert shown["tile"][0] >= tile[0] and shown["tile"][1] >= tile[1], shown
    assert shown["off"] == [] and shown["band"] < 12 and not shown["wide"], shown
    return shown["keys"]


def test_made_for_a_phone_on_the_table_and_sized_for_a_desktop(page, server):
    """On a 390 x 844 phone, with a known hand: every key at least 44 px
    square, the scores, the board and the whole entry panel on one screen,
    the picker by suit, the board's tiles readable while a tile's places are
    lit; on a 1280 x 800 desktop the picker's keys and the board's tiles
    larger."""
    game = bot_game("standard", 2, seed=30)
    open_page(page, server)
    start_table(page, game, known=0)
    # the deal: the names to tap, Undo, Start, and all 28 keys to tap the hand in
    assert fits(page, (44, 44)) == 28 + 1  # with Undo (Drew and Passed wait for play)
    key = {t: page.locator(f"#entry-tiles [data-tile='{t}']").bounding_box()
           for t in ("0-0", "1-1", "2-2", "3-3", "1-6", "6-6")}
    # by suit: the doubles 0-0 to 3-3 one under the other, 6-6 at the end of 1-1's row
    assert len({round(key[d]["x"]) for d in ("0-0", "1-1", "2-2", "3-3")}) == 1
    assert round(key["6-6"]["y"]) == round(key["1-1"]["y"]) and key["6-6"]["x"] > key["1-6"]["x"]
    at = Enterer(page, game, known=0)
    at.deal(0)
    at.moves(0, 0, 12)
    offered = page.locator("#entry-tiles [data-tile]").evaluate_all(
        "ts => ts.map(t => t.dataset.tile)")
    several = next(t for t in offered if len(at.table.places_text(t)) > 1)
    page.click(f"#entry-tiles [data-tile='{several}']")
    assert page.locator("#table-board [data-target]").count() > 1
    assert fits(page, (44, 44)) == len(offered) + 3
    assert min(tile_sizes(page, "#table-board")) >= 18
    shape, box = board_fit(page, "#table-board")
    assert abs(shape - box) < 0.02 * box, (shape, box)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("""() => { const s = document.querySelector('#table-board'),
        v = s.viewBox.baseVal, b = s.getBoundingClientRect();
        return Math.abs(v.width / v.height - b.width / b.height) < 0.02 * b.width / b.height; }""")
    fits(page, (56, 64))
    assert min(tile_sizes(page, "#table-board")) >= 28


def test_with_calls_the_entry_panel_still_fits_a_phone(page, server):
    """Calls add a row to the entry panel (the points called): on a phone
    it still fits with the board, every key at least 44 px."""
    game = bot_game("standard", 2, seed=30)
    open_page(page, server)
    start_table(page, game, calls="on")
    at = Enterer(page, game, calls="on")
    at.deal(0)
    at.moves(0, 0, 6)
    assert page.is_visible("#entry-call")
    assert fits(page, (44, 44)) == page.locator("#entry-tiles [data-tile]").count() + 3
