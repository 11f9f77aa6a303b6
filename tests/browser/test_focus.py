"""Keyboard focus is never lost at the table (after a move, a bot's move, a
take-back, a round's end, a dialog closing), and a tile clicked while a bot's
tile is still sliding in is played, not dropped."""

from __future__ import annotations

import json

from .browser_helpers import FIRST_LOAD_MS, HUMAN_LEADS, moves_logged, play_until, take_turn

# Where focus is 150 ms after every entry in #log (every move), and after
# every dialog closes: "hand", "draw", "pass", "dialog" (one is open), or
# anything else by its id or tag.
FOCUS = """
window.__focus = [];
const where = () => {
    const a = document.activeElement;
    if (document.querySelector("dialog[open]")) return "dialog";
    if (!a || a === document.body) return "page";
    if (a.closest("#hand")) return "hand";
    if (a.closest("#board [data-target]")) return "place";
    return a.id || a.tagName;
};
window.__pending = 0;  // samples not taken yet
const note = (why) => {
    window.__pending += 1;
    setTimeout(() => { window.__focus.push([why, where()]); window.__pending -= 1; }, 150);
};
addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => note("move")).observe(document.querySelector("#log"),
                                                     {childList: true});
    for (const d of document.querySelectorAll("dialog")) {
        d.addEventListener("close", () => note("close " + d.id));
    }
});
"""


def settings(page, **values) -> None:
    page.add_init_script(
        f"localStorage.setItem('allfives.settings', {json.dumps(json.dumps(values))})")


def samples(page) -> list[list[str]]:
    # each sample is taken 150 ms after its move, later on a busy machine: wait for all
    page.wait_for_function("window.__pending === 0")
    return page.evaluate("window.__focus")


def test_focus_stays_in_the_hand_after_every_move_take_back_round_end_and_dialog(page, server):
    settings(page, bot_pause=150, speed="fast", undo=True)
    page.add_init_script(FOCUS)
    page.goto(server + f"index.html?seed={HUMAN_LEADS}")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    take_turn(page)
    mine = moves_logged(page) + 1  # counted before the move: the bot may reply at once
    take_turn(page)
    # the bot's reply made and sampled before the person clicks on: a sample taken
    # after the click finds focus on Take back, where the click put it
    page.wait_for_function(f"document.querySelectorAll('#log li.move').length > {mine}")
    page.wait_for_function("window.__pending === 0")
    page.click("#undo")  # the person's last turn and the bot's reply, taken back
    page.wait_for_selector("#status[data-phase=human]")
    assert play_until(page, ("round-over", "game-over")) == "round-over"
    page.click("#next-round")
    page.wait_for_selector("#status[data-phase=human], #status[data-phase=bot]")
    take_turn(page)
    page.wait_for_selector("#status[data-phase=human]")
    page.click("#settings-button")
    page.keyboard.press("Escape")  # closes the dialog: focus back on its button
    assert page.evaluate("document.activeElement.id") == "settings-button"
    # the dialog's close event comes a task after Escape, its sample 150 ms later
    page.wait_for_function("window.__focus.some(([why]) => why === 'close settings')")
    seen = samples(page)
    moves = [where for why, where in seen if why == "move"]
    print(f"focus after {len(moves)} moves: {sorted(set(moves))}")
    assert len(moves) >= 10
    assert set(moves) <= {"hand", "place", "draw", "pass", "dialog"}, json.dumps(seen)
    closed = {why: where for why, where in seen if why.startswith("close")}
    assert closed["close settings"] == "settings-button"
    assert closed["close round-end"] in ("hand", "draw", "pass"), seen


def test_a_tile_clicked_while_a_bots_tile_slides_in_is_played(page, server):
    settings(page, bot_pause=0, speed="slow")  # a 0.6 s slide
    page.goto(server + f"index.html?seed={HUMAN_LEADS}")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    for _ in range(12):
        # the count with the person's move only: the bot's may be logged already
        # by the time the page is read (under load)
        mine = moves_logged(page) + 1
        take_turn(page)
        sliding = page.wait_for_function(
            """n => document.querySelectorAll('#log li.move').length > n
                ? (document.querySelector('#status').dataset.phase === 'bot'
                   && document.querySelector('#hand [data-playable=true]') !== null) || 'settled'
                : false""", arg=mine, polling="raf").json_value()
        if sliding == "settled":
            continue  # the bot drew, passed or ended the round: no slide to click through
        page.locator("#hand [data-playable=true]").first.click()
        page.wait_for_function(  # the click was taken: played, or its places lit
            """n => document.querySelectorAll('#log li.move').length > n
                   || document.querySelector('#board [data-target]') !== null""",
            arg=mine + 1, timeout=3000)
        return
    raise AssertionError("no bot's tile slid in before the person's turn")
