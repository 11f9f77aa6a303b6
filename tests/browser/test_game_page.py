"""The browser game end to end (issue 3): load, play, resume, set up, recover."""

from __future__ import annotations

import json
import re
from collections.abc import Generator
from pathlib import Path

from allfives.bots.analysis import best_move
from allfives.bots.greedy import GreedyBot
from allfives.moves import LEAD, Move, move_on, move_tile
from allfives.tiles import NAMES
from allfives.view import PlayerView
from allfives.web.bots.decide import decide
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from .browser_helpers import (
    FIRST_LOAD_MS,
    PLAYABLE,
    SETTLED,
    TURN_OR_ROUND_OVER,
    first_phase_after,
    go_ahead,
    new_game,
    open_game,
    phase,
    play_on,
    play_until,
    return_visit,
    saved,
    take_turn,
)

# Which of the table's parts the page writes from now on (by their ids).
WATCH_WRITES = """() => { window.__written = [];
  for (const id of ["hand", "board", "log", "scores", "seats"]) {
    new MutationObserver(() => window.__written.push(id)).observe(
      document.getElementById(id), {childList: true, subtree: true, characterData: true});
  } }"""


HINTED = "document.querySelector('#hint-text').textContent.startsWith('Hint:')"
# Ask for a hint, and while it is being found start a new game (the dialog as
# it stands), each step once the page has answered the one before (the page's
# Python answers a click in its own task only when no earlier event waits: a
# dialog's focus moving does); from then on note every text #hint-text shows.
# Answers the text #hint-text showed just before the new game.
HINT_THEN_NEW_GAME = """async () => {
  const text = document.querySelector('#hint-text');
  const before = text.textContent;
  const answered = async (done) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  document.querySelector('#new-game-button').click();
  await answered(() => document.querySelector('#new-game').open);
  document.querySelector('#ng-start').click();
  await answered(() => document.querySelector('#confirm').open);  // the game in progress
  document.querySelector('#confirm [data-confirm]').click();  // ends
  window.__hints = [text.textContent];
  new MutationObserver(() => window.__hints.push(text.textContent)).observe(
    text, {childList: true, subtree: true, characterData: true});
  return before; }"""


def best_now(page) -> Move:
    """The move Review calls best for the person's decision the page shows
    now (its save), found in CPython as the page's hint finds it."""
    table = Table.from_save(json.dumps(saved(page)))
    game, rnd = table.game, table.game.round
    assert rnd.turn == table.viewer
    return run_out(best_move(len(game.rounds), len(rnd.history) + 1,
                             PlayerView.of(rnd, table.viewer)))


def run_out(steps: Generator[None, None, Move]) -> Move:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            move: Move = done.value
            return move


def hinted_move(page) -> tuple[str, str | None]:
    """The tile the page's hint marks in the hand and the table tile it joins (None: a lead)."""
    tile = page.locator("#hand [data-hint=tile]").evaluate_all(TILES)
    on = page.locator("#board [data-hint=target]").evaluate_all(TILES)
    assert len(tile) == 1 and len(on) <= 1
    return tile[0], on[0] if on else None


def named(move: Move) -> tuple[str, str | None]:
    return NAMES[move_tile(move)], None if move_on(move) == LEAD else NAMES[move_on(move)]


# A deal the bot leads, where the person's first decision is one the master's
# move (the hint before issue 29) differs from Review's best on.
HINT_SEED = "30"


def test_the_hint_deal_is_one_the_master_and_review_differ_on():
    table = Table.new(Setup(), HINT_SEED)
    rnd = table.game.round
    assert rnd.starter != 0
    while rnd.turn != 0:
        rnd.apply(decide(table.bot_request(rnd.turn)))
    view = PlayerView.of(rnd, 0)
    steps = best_move(1, len(rnd.history) + 1, view)
    assert decide(table.bot_request(0, "master")) != run_out(steps)


def solved_position() -> Table:
    """A table of the default set-up (2 players) at the person's decision
    once the boneyard is empty, with a choice: each side knows the other's hand."""
    for seed in range(100):
        table = Table.new(Setup(), str(seed))
        rnd = table.game.round
        while not rnd.over:
            view = PlayerView.of(rnd, rnd.turn)
            if rnd.turn == table.viewer and view.boneyard_left == 0 and len(
                    view.legal_moves()) > 1:
                return table
            rnd.apply(GreedyBot().choose(view))
    raise AssertionError("no deal reaches an empty boneyard with a choice")


def test_a_hint_where_nothing_is_hidden_says_it_was_solved(page, server):
    """Issue 29: the hint tells a solved move from an estimate, in words and
    in ``#hint-text[data-method]``; the move is the one Review calls best."""
    table = solved_position()
    page.add_init_script("localStorage.getItem('allfives.save') || localStorage.setItem("
                         f"'allfives.save', {json.dumps(table.to_save())})")
    open_game(page, server)
    page.click("#hint")
    page.wait_for_function(HINTED)
    said = page.inner_text("#hint-text")
    assert said.startswith("Hint: play ") and said.endswith(" (solved exactly)"), said
    assert page.get_attribute("#hint-text", "data-method") == "exact"
    assert hinted_move(page) == named(best_now(page))
    take_turn(page)
    assert page.inner_text("#hint-text") == ""
    assert page.get_attribute("#hint-text", "data-method") is None


def test_page_loads_cleanly_the_worker_gives_hints_and_the_master_plays(page, server):
    open_game(page, server, f"?seed={HINT_SEED}")  # the bot leads: the hint joins a tile
    assert page.locator("#hand [data-tile]").count() == 9
    assert page.locator("#hand [data-playable=true]").count() >= 1
    assert page.locator("#scores [data-side]").count() == 2
    assert page.is_hidden("#progress")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    page.evaluate(WATCH_WRITES)
    page.click("#hint")
    page.wait_for_function(HINTED)
    assert page.is_hidden("#notice"), page.inner_text("#notice")  # the worker answered
    # one redraw writes what changed: the hint marks the hand and the board;
    # the log, the scores and the seats are left as they were
    assert set(page.evaluate("window.__written")) == {"hand", "board"}
    # the words name the move; the hand and the table show it until the next
    # move; it is the move Review calls best (as CPython finds it)
    tile, on = re.search(r"^Hint: play (\d-\d) on (\d-\d)",
                         page.inner_text("#hint-text")).groups()
    assert page.locator("#hand [data-hint]").evaluate_all(TILES) == [tile]
    assert page.locator("#board [data-hint=target]").evaluate_all(TILES) == [on]
    assert page.locator("#board [data-hint=place]").count() == 1
    assert (tile, on) == named(best_now(page))
    take_turn(page)
    assert page.locator("[data-hint]").count() == 0
    assert page.inner_text("#hint-text") == ""

    # a hint asked just before a new game never shows on the new deal (asked
    # with two tiles to play: not a forced move, answered at once)
    page.wait_for_selector(f"{SETTLED}, {PLAYABLE}")
    while page.locator(PLAYABLE).count() < 2:
        play_on(page)
        page.wait_for_selector(SETTLED)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent !== ''")
    assert page.evaluate(HINT_THEN_NEW_GAME) == "Weighing your moves…"  # not found yet
    page.wait_for_selector("#new-game", state="hidden")
    for _ in range(20):  # the new game's first turn of the person's with a tile to play
        page.wait_for_selector(SETTLED)
        if page.locator(PLAYABLE).count():
            break
        play_on(page)
    page.click("#hint")  # asked after the old one: answered after it
    page.wait_for_function(HINTED)
    asked = page.inner_text("#hint-text")
    assert hinted_move(page) == named(best_now(page))
    take_turn(page)
    page.wait_for_selector(SETTLED)
    assert set(page.evaluate("window.__hints")) <= {"", "Weighing your moves…", asked}

    # the master, the strongest level, chosen in the new-game dialog: named at
    # the table, its moves answered in time by the worker, its hint given
    page.click("#new-game-button")
    page.wait_for_selector("#new-game[open]")
    page.check("#new-game-form input[name=players][value='3']")
    levels = page.locator("#ng-bots select[name=bot0] option")
    assert levels.evaluate_all("os => os.map(o => o.value)") == [
        "easy", "medium", "hard", "expert", "master", "person"]
    assert levels.nth(4).inner_text() == "master"
    for seat in ("bot0", "bot1"):
        page.select_option(f"#ng-bots select[name={seat}]", "master")
    page.wait_for_function("""() => [...document.querySelectorAll('#ng-bots .bot-desc')]
        .every((d) => d.textContent.startsWith('Searches like the expert'))""")
    assert page.locator("#ng-bots .bot-desc").count() == 2
    page.click("#ng-start")
    go_ahead(page)
    page.wait_for_selector("#new-game", state="hidden")
    # the table names the level wherever it shows levels, and the save keeps it
    assert page.locator("#seats .level").all_inner_texts() == ["master", "master"]
    assert saved(page)["table"]["bots"] == [None, "master", "master"]
    # the masters answer the person's moves in time (a draw is a move of the
    # person's too: several can come before a master's turn)
    masters_moves = "#log li.move[data-seat='1'], #log li.move[data-seat='2']"
    for _ in range(60):
        if page.locator(masters_moves).count() >= 4:
            break
        play_on(page)
    for _ in range(20):  # a turn of the person's with a tile to play: ask for a hint
        page.wait_for_selector(SETTLED)
        if page.locator(PLAYABLE).count():
            break
        play_on(page)
    page.click("#hint")
    page.wait_for_function(HINTED)
    assert hinted_move(page) == named(best_now(page))
    take_turn(page)
    # every master move was answered by the worker: none taken for a hang
    assert page.is_hidden("#notice"), page.inner_text("#notice")
    assert page.get_attribute("body", "data-bots") == "worker"
    assert page.locator(masters_moves).count() >= 4


def test_a_human_plays_a_whole_two_player_game_by_clicking(page, server):
    open_game(page, server, "?seed=11")
    new_game(page, players=2, target=40)
    rounds = 1
    while True:
        now = play_until(page, ("round-over", "game-over"))
        if now == "game-over":
            break
        assert page.is_visible("#round-end")
        assert page.locator("#round-end-body li").count() >= 1
        # the new round's status at once, not "Round over" until the turn loop
        # runs (a task later): the first status the page shows after the click
        assert first_phase_after(page, "#next-round") in ("human", "bot")
        rounds += 1
    assert page.is_visible("#game-over")
    scores = [int(t) for t in page.locator("#scores [data-side]").all_inner_texts()]
    assert max(scores) >= 40
    heading = page.inner_text("#game-over-body h2")
    assert "win" in heading
    record = saved(page)
    assert len(record["rounds"]) == rounds
    assert record["rules"]["target"] == 40
    # play again: the new game's status at once, not the old one's "Game over"
    page.click("#play-again")
    page.wait_for_selector("#new-game[open]")
    assert first_phase_after(page, "#ng-start") in ("human", "bot")


def test_a_four_player_partnership_round(page, server):
    open_game(page, server)
    new_game(page, players=4, partnership=True, target=500)
    assert page.locator("#seats [data-seat]").count() == 3
    assert page.locator("#seats [data-seat='2'] .badge").inner_text() == "partner"
    sides = page.locator("#scores .names").all_inner_texts()
    assert sides == ["You & Ben", "Anna & Cara"]
    assert play_until(page, ("round-over",)) == "round-over"
    lines = page.locator("#round-end-body li").all_inner_texts()
    assert lines and all("for" in line or "No round-end" in line for line in lines)
    record = saved(page)
    assert record["rules"]["players"] == 4
    assert record["rules"].get("partnership", True) is True
    assert len(record["rounds"][0]["hands"][0]) == 5


TILES = "nodes => nodes.map(n => n.dataset.tile)"


def snapshot(page) -> dict:
    return {
        "board": page.locator("#board [data-tile]").evaluate_all(TILES),
        "hand": page.locator("#hand [data-tile]").evaluate_all(TILES),
        "scores": page.locator("#scores [data-side]").all_inner_texts(),
        "log": page.locator("#log li").all_inner_texts(),
        "save": page.evaluate("localStorage.getItem('allfives.save')"),
    }


# How many tiles the board showed when the status first said whose turn it is
# (the shell's says "loading").
FIRST_FRAME = """
addEventListener("DOMContentLoaded", () => {
    const status = document.querySelector("#status");
    new MutationObserver(() => {
        const phase = status.dataset.phase;
        if (phase && phase !== "loading" && window.__boardAtFirstPhase === undefined) {
            window.__boardAtFirstPhase = document.querySelectorAll("#board [data-tile]").length;
        }
    }).observe(status, {attributes: true});
});
"""


def test_reload_resumes_the_game_exactly(page, server):
    # this one plays with tiles sliding and bots pausing, as people see it
    page.add_init_script("localStorage.setItem('allfives.settings', "
                                 "JSON.stringify({bot_pause: 100, speed: 'fast'}))")
    open_game(page, server, "?seed=3")
    for _ in range(3):
        take_turn(page)
        page.wait_for_selector(TURN_OR_ROUND_OVER)
        if phase(page) != "human":
            break
    before = snapshot(page)
    assert len(before["board"]) >= 2
    page.add_init_script(FIRST_FRAME)
    page.reload()
    page.wait_for_selector(TURN_OR_ROUND_OVER,
                           timeout=FIRST_LOAD_MS)
    assert snapshot(page) == before
    # the board came with the first frame, not a size event later
    assert page.evaluate("window.__boardAtFirstPhase") == len(before["board"])


def test_the_new_game_dialog_starts_what_it_says(page, server):
    open_game(page, server)
    new_game(page, players=3, preset="muggins", hand_size=5, target=100, name="Zed",
             bots=["easy", "hard"])
    page.wait_for_selector("#status[data-phase=human]")
    rules = saved(page)["rules"]
    assert rules == {"preset": "muggins", "players": 3, "hand_size": 5, "target": 100,
                     "round_end": "winner_takes"}  # muggins now (docs/RULES.md section 9)
    assert saved(page)["table"] == {"names": ["Zed", "Anna", "Ben"],
                                    "bots": [None, "easy", "hard"]}
    assert page.locator("#seats [data-seat]").count() == 2
    assert page.locator("#seats .level").all_inner_texts() == ["easy", "hard"]
    assert page.inner_text("#scores .target-line") == "to 100"
    assert page.locator("#hand [data-tile]").count() == 5
    # the dialog remembers the last choices
    page.click("#new-game-button")
    assert page.is_checked("#new-game-form input[name=players][value='3']")
    assert page.is_checked("#new-game-form input[name=preset][value='muggins']")
    assert page.input_value("#ng-name") == "Zed"
    assert page.input_value("#ng-target") == "100"
    assert page.input_value("#ng-hand-size") == "5"
    assert page.input_value("#ng-bots select[name=bot0]") == "easy"
    page.click("#ng-cancel")
    # a preset's own target is offered and accepted as it is (cribbage: 61)
    new_game(page, players=2, preset="cribbage", target=None)
    assert saved(page)["rules"] == {"preset": "cribbage", "players": 2}
    assert page.inner_text("#scores .target-line") == "to 61"


def test_a_corrupt_save_is_reported_kept_and_a_new_game_starts(page, server):
    open_game(page, server)
    broken = '{"format": "allfives-record/1", "rules": {"preset": "standard"}, "rounds": [7]'
    page.evaluate("text => localStorage.setItem('allfives.save', text)", broken)
    page.reload()
    page.wait_for_selector("#status[data-phase=human], #status[data-phase=bot]",
                           timeout=FIRST_LOAD_MS)
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be read" in page.inner_text("#notice")
    assert page.evaluate("localStorage.getItem('allfives.unreadable-save')") == broken
    with page.expect_download() as download:
        page.click("#notice-action")
    assert Path(download.value.path()).read_text(encoding="utf-8") == broken
    json.loads(page.evaluate("localStorage.getItem('allfives.save')"))  # a fresh, readable save
    assert page.locator("#hand [data-tile]").count() == 9


def test_dragging_a_tile_to_a_lit_place_plays_it(page, server):
    open_game(page, server, "?seed=8")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    for _ in range(40):  # play until a tile fits in two places, then drag it
        page.wait_for_selector("#status[data-phase=human]")
        for tile in page.locator("#hand [data-playable=true]").all():
            box = tile.bounding_box()
            before = page.locator("#log li.move").count()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(box["x"], box["y"] - 40, steps=4)
            targets = page.locator("#board [data-target]")
            if targets.count() < 2:
                page.mouse.up()
                page.keyboard.press("Escape")
                continue
            goal = targets.nth(1)
            name = tile.get_attribute("data-tile")
            move = goal.get_attribute("data-move")
            spot = goal.bounding_box()
            page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2,
                            steps=6)
            page.mouse.up()
            page.wait_for_function("n => document.querySelectorAll('#log li.move').length > n",
                                   arg=before)
            assert move.startswith(name + ">")
            assert saved(page)["rounds"][-1]["moves"][before - _logged_before_round(page)] == move
            return
        take_turn(page)
    raise AssertionError("no tile with two places came up")


def test_a_drag_the_browser_cancels_leaves_the_tile_in_the_hand_and_no_place_lit(page, server):
    # a touch the browser takes for a scroll ends the drag over a lit place:
    # the tile goes back, nothing is played (that place was left lit)
    open_game(page, server, "?seed=8")
    for _ in range(40):
        page.wait_for_selector("#status[data-phase=human]")
        for tile in page.locator("#hand [data-playable=true]").all():
            box = tile.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(box["x"], box["y"] - 40, steps=4)
            targets = page.locator("#board [data-target]")
            if not targets.count():
                page.mouse.up()
                page.keyboard.press("Escape")
                continue
            spot = targets.first.bounding_box()
            page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2,
                            steps=4)
            page.wait_for_selector("#board .target.drop")
            page.evaluate("document.querySelector('#hand .dragging')"
                          ".dispatchEvent(new PointerEvent('pointercancel', {bubbles: true}))")
            assert page.locator("#board .drop, #hand .dragging").count() == 0
            assert tile.evaluate("b => b.style.transform") == ""
            assert page.locator("#board [data-target]").count()  # still picked: nothing played
            page.mouse.move(1, 1)
            page.mouse.up()
            return
        take_turn(page)
    raise AssertionError("no tile with a place to go came up")


def _logged_before_round(page) -> int:
    """Moves logged in earlier rounds (the log covers the whole game)."""
    rounds = saved(page)["rounds"]
    return sum(len(r["moves"]) for r in rounds[:-1])


def test_without_the_worker_the_bots_think_on_the_page(page, server):
    page.watch.allow_errors = ("worker.py", "status of 404")
    page.route("**/allfives/web/worker.py", lambda route: route.fulfill(status=404, body=""))
    open_game(page, server, f"?seed={HINT_SEED}")
    page.wait_for_selector("body[data-bots=page]", timeout=FIRST_LOAD_MS)
    assert "think on this page" in page.inner_text("#notice")
    page.click("#hint")  # found on the page, in slices: the same move as in the worker
    page.wait_for_function(HINTED)
    assert hinted_move(page) == named(best_now(page))
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)


def test_the_keyboard_plays_too(page, server):
    open_game(page, server, "?seed=8")
    for _ in range(40):
        page.wait_for_selector("#status[data-phase=human]")
        if page.is_enabled("#draw"):
            take_turn(page)
            continue
        before = page.locator("#log li.move").count()
        page.focus("#hand [data-playable=true]")
        page.keyboard.press("Enter")
        if page.locator("#board [data-target]").count():
            page.focus("#board [data-target]")
            page.keyboard.press("Enter")
        page.wait_for_function("n => document.querySelectorAll('#log li.move').length > n",
                               arg=before)
        if page.locator("#log li.move[data-seat='0']").count() >= 3:
            return
    raise AssertionError("the keyboard did not get three moves in")


def test_settings_are_applied_and_remembered(page, server):
    open_game(page, server)
    page.click("#settings-button")
    page.eval_on_selector("#set-bot-pause", "e => { e.value = '300';"
                          " e.dispatchEvent(new Event('input', {bubbles: true})); }")
    page.select_option("#set-speed", "slow")
    page.select_option("#set-hand-order", "received")
    page.check("#set-auto-draw")
    assert page.inner_text("#set-bot-pause-out") == "0.3 s"
    page.click("#settings-done")
    stored = json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))
    assert stored == {"bot_pause": 300, "speed": "slow", "hand_order": "received",
                      "auto_draw": True, "undo": False, "tally": False, "count": True,
                      "mute": False, "language": "", "coach": "off", "theme": "system",
                      "faces": "pips", "large_tiles": False}


def test_reduced_motion_means_no_sliding(browser, server):
    slow = ("localStorage.setItem('allfives.settings', "
            "JSON.stringify({bot_pause: 0, speed: 'slow'}))")
    with return_visit(browser, server, init=slow, reduced_motion="reduce") as page:
        page.goto(server + "index.html?seed=8")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        sliding = ("() => [...document.querySelectorAll('#board g.tile')]"
                   ".flatMap(n => n.getAnimations()).length")
        for _ in range(3):
            take_turn(page)
            assert page.evaluate(sliding) == 0
            page.wait_for_selector(TURN_OR_ROUND_OVER)


def test_a_full_storage_quota_is_reported_once_and_play_goes_on(page, server):
    page.add_init_script("""
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key === 'allfives.save') throw new DOMException('full', 'QuotaExceededError');
            return setItem.call(this, key, value);
        };""")
    open_game(page, server)
    page.wait_for_selector("#notice:not([hidden])")
    assert "would not save" in page.inner_text("#notice")
    page.click("#notice .close")
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert page.is_hidden("#notice")
    with page.expect_download() as download:
        page.click("#download")
    assert json.loads(Path(download.value.path()).read_text())["format"] == "allfives-record/1"
