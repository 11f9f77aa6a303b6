"""Picture tests: the screens that matter, rendered and compared pixel by
pixel with the reference pictures in ``tests/browser/pictures/``
(``pictures.py`` says how, and what it tolerates).

Each state is reached as a person reaches it (seeded deals, clicks and keys)
and shot in the light, dark and contrast themes at 1280x800 and 390x844:
``STATE-SIZE-THEME.png``. Deterministic: seeded deals and bots, no bot pause
and no animation (and finite animations finished before a shot), the page's
own fonts, a fixed clock and time zone. After an intended change to what the
page shows, ``make pictures`` writes the references again: look at every
changed one before committing it (``git status tests/browser/pictures``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from allfives.moves import move_on, move_text, move_tile, parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES
from allfives.web.table.deals import Deal
from allfives.web.table.table import Table

from . import pictures
from .browser_helpers import (
    FAST,
    FIRST_LOAD_MS,
    PLAYABLE,
    go_ahead,
    open_game,
    play_until,
    take_turn,
    watched_page,
)
from .test_puzzles_page import MISSED, SHIPPED

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
THEMES = ("light", "dark", "contrast")
CLOCK = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)  # the page's "now"
TODAY = CLOCK.date()
WORKER_MS = 120_000  # the bots' worker loads beside a busy machine's other work
# Dealt from this seed (the default set-up, against medium): Ben leads 5-5 and
# scores 10; after 0-5>5-5 and his 1-5>5-5, the person's 0-1 fits in two places.
SEED = "2"
FIRST, SECOND_PICK = "0-5>5-5", "0-1"
# The same deal to 5: Ben's lead wins the game.
GAME_OVER = Deal(Rules.make("standard", target=5), ("medium",), SEED)
# Dealt from this seed, the person leads: every tile of the hand is playable.
LEAD_SEED = "3"
# Dealt from this seed, leading 1-6 is a blunder the coach stops
# (tests/browser/test_coach_page.py).
COACH_SEED, COACH_BAD = "9", "1-6"


@contextmanager
def picture_page(browser: object, server: str, init: str | None = FAST,
                 **options: object) -> Iterator[object]:
    """A watched page at desktop size, light, in English, its clock fixed."""
    with watched_page(browser, server, init=init, color_scheme="light", locale="en-US",
                      timezone_id="UTC", snapshot=False, **options) as page:
        page.clock.set_fixed_time(CLOCK)
        page.problems = []
        yield page
        assert not page.problems, "\n".join(page.problems)


def settle(page: object) -> None:
    """Every animation that ends has ended (a score's pop), then two frames:
    a resize or a theme has been laid out and painted. (The screenshot's own
    "animations disabled" does not reliably stop a pop inside an SVG: the
    review board showed one half faded.)"""
    page.wait_for_function("() => document.getAnimations().every(a =>"
                           " a.effect.getComputedTiming().iterations === Infinity"
                           " || a.playState !== 'running')")
    page.evaluate("() => document.fonts.ready.then(() => new Promise((done) =>"
                  " requestAnimationFrame(() => requestAnimationFrame(done))))")


def shoot(page: object, state: str, sizes: tuple[str, ...] = tuple(SIZES),
          themes: tuple[str, ...] = THEMES) -> None:
    """Compare ``state`` in every size and theme asked for; what differs is
    noted on the page (the test fails at its end, after every shot)."""
    for size in sizes:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        for theme in themes:
            page.evaluate(f"document.documentElement.setAttribute('data-theme', '{theme}')")
            settle(page)
            png = page.screenshot(animations="disabled", caret="hide")
            problem = pictures.check(png, f"{state}-{size}-{theme}")
            if problem:
                page.problems.append(problem)
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    page.evaluate("document.documentElement.setAttribute('data-theme', 'light')")
    settle(page)


def table(page: object) -> Table:
    return Table.from_save(page.evaluate("localStorage.getItem('allfives.save')"))


def play(page: object, move: str) -> None:
    """Click the move's tile, and its place if it has several; wait for the
    person's next turn."""
    before = page.locator("#log li.move").count()
    page.click(f'#hand [data-tile="{NAMES[move_tile(parse_move(move))]}"]')
    if page.locator("#board [data-target]").count():
        page.click(f'#board [data-move="{move}"]')
    page.wait_for_function("n => document.querySelectorAll('#log li.move').length > n",
                           arg=before)


def test_the_loading_shell(browser, server):
    # the page's worker arrives empty: the shell stays as a person first sees it
    with picture_page(browser, server, service_workers="block") as page:
        page.route("**/static/page-worker.mjs", lambda route: route.fulfill(
            body="", content_type="text/javascript"))
        page.goto(server + "index.html", wait_until="commit")
        page.wait_for_selector("#status[data-phase=loading]", state="attached")
        shoot(page, "loading")


def test_a_turn_a_score_a_pick_by_mouse_and_by_keys_the_hint_review_and_round_end(
        browser, server):
    with picture_page(browser, server) as page:
        open_game(page, server, f"?seed={LEAD_SEED}")
        page.wait_for_selector(PLAYABLE)
        shoot(page, "turn")
        page.evaluate("localStorage.clear()")  # a new visit, not an offer of another deal
        open_game(page, server, f"?seed={SEED}")
        page.wait_for_selector(PLAYABLE)
        assert page.text_content("#scores [data-side='1']") == "10"
        shoot(page, "score")
        play(page, FIRST)
        page.wait_for_selector(PLAYABLE)
        rnd = table(page).game.round
        places = Counter(move_tile(m) for m in rnd.legal_moves() if m >= 0)
        assert places[move_tile(parse_move(f"{SECOND_PICK}>0-5"))] == 2
        page.click(f'#hand [data-tile="{SECOND_PICK}"]')
        page.wait_for_selector("#board [data-target]")
        shoot(page, "pick-mouse")
        page.keyboard.press("Escape")
        page.wait_for_selector("#board [data-target]", state="detached")
        page.focus(f'#hand [data-tile="{SECOND_PICK}"]')
        page.keyboard.press("Enter")
        page.wait_for_selector("#board [data-target]:focus")
        shoot(page, "pick-keys")
        page.keyboard.press("Escape")
        page.wait_for_selector("body[data-bots=worker]", state="attached", timeout=WORKER_MS)
        page.click("#hint")
        page.wait_for_selector("#hand [data-hint=tile]")
        shoot(page, "hint")
        page.click("#review-button")
        page.wait_for_selector("#review-progress[hidden]", state="attached",
                               timeout=WORKER_MS)
        page.click("#review-moves [data-method]")  # the decision's verdict in words
        page.wait_for_selector("#review-says[data-method]", state="attached")
        shoot(page, "review")
        page.click("#review-close")
        assert play_until(page, ("round-over", "game-over")) == "round-over"
        shoot(page, "round-end")


def test_german_and_hindi_and_game_over(browser, server):
    with picture_page(browser, server) as page:
        open_game(page, server, f"?seed={SEED}&lang=de")
        page.wait_for_selector(PLAYABLE)
        shoot(page, "turn-de", ("desktop",), ("light",))
        page.evaluate("localStorage.clear()")
        page.goto(server + f"index.html?seed={SEED}&lang=hi")
        page.wait_for_selector(PLAYABLE, timeout=FIRST_LOAD_MS)
        shoot(page, "turn-hi", ("phone",), ("light",))
        page.evaluate("localStorage.clear()")
        # the browser keeps the storage: no backup reminder, whose promise would race the picture
        page.add_init_script("navigator.storage.persisted = async () => true;")
        page.goto(server + f"index.html?lang=en&deal={GAME_OVER.text()}")
        page.wait_for_selector("#status[data-phase=game-over]", timeout=FIRST_LOAD_MS)
        shoot(page, "game-over")


def test_the_coach_settings_how_to_play_and_the_phone_menu(browser, server):
    coached = ("localStorage.setItem('allfives.settings', JSON.stringify("
               "{bot_pause: 0, speed: 'off', coach: 'blunders'}))")
    with picture_page(browser, server, init=coached) as page:
        open_game(page, server, f"?seed={COACH_SEED}")
        page.wait_for_selector("body[data-coach=ready]", state="attached", timeout=WORKER_MS)
        page.click(f'#hand [data-tile="{COACH_BAD}"]')
        page.wait_for_selector("#coach[open]")
        shoot(page, "coach")
        page.click("#coach-rethink")
        page.wait_for_selector("#coach:not([open])", state="attached")
        page.click("#settings-button")
        page.wait_for_selector("#settings[open]")
        shoot(page, "settings")
        page.keyboard.press("Escape")
        page.click("#rules-button")
        page.wait_for_selector("#rules-help[open]")
        shoot(page, "rules")
        page.keyboard.press("Escape")
        page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
        page.click("#menu-button")
        page.wait_for_selector("#menu-button[aria-expanded=true]")
        shoot(page, "menu", ("phone",))


def test_a_puzzle_wrong_and_right_and_the_privacy_screen(browser, server):
    missed = MISSED  # solved exactly: its verdict says so
    yesterday = (TODAY - timedelta(days=1)).isoformat()
    progress = json.dumps({"format": "allfives-puzzle-progress/1", "seen": [missed.id],
                           "cards": [[missed.id, 0, yesterday]]})
    init = f"{FAST}; localStorage.setItem('allfives.puzzles', {json.dumps(progress)})"
    with picture_page(browser, server, init=init) as page:
        open_game(page, server, f"?seed={SEED}")
        page.click("#puzzles-button")
        page.wait_for_selector(f"#puzzles[open][data-puzzle-id='{missed.id}']")
        answer(page, missed.runner_up)
        page.wait_for_selector("#puzzle-verdict[data-method=exact]", state="attached",
                               timeout=WORKER_MS)  # re-checked: its parts and method
        shoot(page, "puzzle-wrong")
        page.click("#puzzle-next")
        page.wait_for_selector(f"#puzzles:not([data-puzzle-id='{missed.id}'])", state="attached")
        fresh = SHIPPED[page.get_attribute("#puzzles", "data-puzzle-id") or ""]
        answer(page, fresh.answer)
        page.wait_for_selector("#puzzles[data-puzzle-state=right]", state="attached")
        page.wait_for_selector("#puzzle-verdict[data-method]", state="attached",
                               timeout=WORKER_MS)
        shoot(page, "puzzle-right")
        page.keyboard.press("Escape")
        page.click("#new-game-button")
        page.select_option("#ng-bots select[name=bot0]", "person")
        page.fill("#ng-bots input[name=seatname0]", "Ben")
        page.fill("#ng-name", "Ada")  # with a friend at the table, every name is asked
        page.click("#ng-start")
        go_ahead(page)
        page.wait_for_selector("#new-game", state="hidden")
        page.wait_for_selector("#privacy[open]")  # every deal comes covered
        if page.text_content("#privacy-title") == "Pass to Ada":  # Ada leads: then Ben's turn
            page.click("#privacy-show")
            page.locator(PLAYABLE).first.click()
            page.wait_for_function("document.querySelector('#privacy').open && document"
                                   ".querySelector('#privacy-title').textContent === 'Pass to Ben'")
        shoot(page, "privacy")


def answer(page: object, move: int) -> None:
    """Answer a puzzle with ``move``: its tile, then its place if it has several."""
    page.click(f'#puzzle-hand [data-tile="{NAMES[move_tile(move)]}"]')
    if page.locator("#puzzle-board [data-target]").count():
        on = f'[data-move="{move_text(move)}"]' if move_on(move) >= 0 else "[data-target]"
        page.click(f"#puzzle-board {on}")
    page.wait_for_selector("#puzzles:not([data-puzzle-state=solving])", state="attached")



def test_new_game_on_this_device_and_at_a_real_table_and_the_table_kept(browser, server):
    # issue 38: the dialog at a real table spilled sideways on a phone, and
    # nothing showed the table a real game is kept at
    with picture_page(browser, server) as page:
        open_game(page, server, f"?seed={LEAD_SEED}")
        take_turn(page)  # a game in progress: a new one asks first
        page.click("#new-game-button")
        page.wait_for_selector("#new-game[open]")
        shoot(page, "new-game")
        page.click("#ng-start")
        page.wait_for_selector("#confirm[open]")
        shoot(page, "confirm")
        page.click("#confirm-cancel")
        page.wait_for_selector("#confirm", state="hidden")
        page.check("#ng-mode-table")
        page.wait_for_selector("#ng-table-options select")
        page.fill("#ng-name", "Ada")
        page.fill("#ng-table-options input[name=seatname0]", "Bo")
        page.select_option("#ng-table-first", "-1")  # the table says who sets first
        shoot(page, "new-game-table")
        page.click("#ng-start")
        go_ahead(page)
        page.wait_for_selector("body[data-mode=table]")
        page.click("#entry-starters [data-starter='0']")
        for tile in ("3-4", "4-6"):  # Ada sets 3-4, Bo plays 4-6 on it
            page.click(f"#entry-tiles [data-tile='{tile}']")
        page.click("#entry-tiles [data-tile='3-6']")  # Ada's 3-6 fits both ends
        page.wait_for_selector("#table-board [data-target]")
        shoot(page, "real-table")
