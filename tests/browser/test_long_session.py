"""A long session holds: whole games one after another in one page keep
their time per move and their memory, and a seeded storm of a person's
actions (buttons, dialogs, keys, reloads, a phone's size) ends at a playable
table, with no console error."""

from __future__ import annotations

import random
import statistics

import pytest

from .browser_helpers import (
    FIRST_LOAD_MS,
    HUMAN_LEADS,
    TURN_OR_OVER,
    new_game,
    phase,
    take_turn,
)

# Per move: performance.now() at each new entry in #log.
ENTRIES = """
window.__entries = [];
addEventListener("DOMContentLoaded", () => {
    const log = document.querySelector("#log");
    let seen = 0;
    new MutationObserver(() => {
        const now = log.querySelectorAll("li.move").length;
        if (now < seen) seen = 0;  // a new game's log: count its moves from its first
        for (let i = seen; i < now; i++) window.__entries.push(performance.now());
        seen = now;
    }).observe(log, {childList: true});
});
"""
GAMES = 5
# A person playing one whole game in the page itself: element clicks, no
# Playwright actions between moves (its element handles keep replaced nodes
# alive, which would count as the page's). Resolves at the game's end.
PLAY_A_GAME = """async () => {
    const sleep = (ms) => new Promise(r => setTimeout(r, ms));
    const phase = () => document.querySelector("#status").dataset.phase;
    for (let i = 0; i < 5000; i++) {
        await sleep(20);
        const now = phase();
        if (now === "game-over") return true;
        if (now === "round-over") { document.querySelector("#next-round").click(); continue; }
        if (now !== "human") continue;
        const draw = document.querySelector("#draw:enabled");
        const pass = document.querySelector("#pass:not([hidden]):enabled");
        const tile = document.querySelector("#hand [data-playable=true]");
        if (draw || pass) { (draw || pass).click(); continue; }
        if (!tile) continue;
        tile.click();
        await sleep(20);
        const place = document.querySelector("#board [data-target]");
        if (place) place.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    }
    return false;
}"""


def heap(cdp) -> dict[str, float]:
    """The page's JavaScript heap after a garbage collection, and its DOM's
    nodes and event listeners."""
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    counters = cdp.send("Memory.getDOMCounters")
    return {"heap_mb": metrics["JSHeapUsedSize"] / 1e6, "nodes": counters["nodes"],
            "listeners": counters["jsEventListeners"]}


# A return visit, which makes no memory snapshot: its maker is a worker whose two
# handlers count as the page's listeners while it works, which is when the
# machine's speed says (CI met it at the deals of games 3 and 4, not 2 or 5: 57
# listeners, not 55).
def test_games_one_after_another_keep_their_pace_and_memory(page, server):
    page.add_init_script(ENTRIES)
    page.goto(server + f"index.html?seed={HUMAN_LEADS}")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    per_game: list[dict[str, float]] = []
    for _ in range(GAMES):
        new_game(page, players=2, target=60)
        page.wait_for_selector(TURN_OR_OVER)
        dealt = heap(cdp)  # each game measured at the same moment: just dealt
        start = page.evaluate("window.__entries.length")
        assert page.evaluate(PLAY_A_GAME)
        entries = page.evaluate("window.__entries")[start:]
        gaps = [b - a for a, b in zip(entries, entries[1:], strict=False)]
        moves = page.locator("#log li.move").count()  # the game's whole log, at its end
        page.keyboard.press("Escape")  # the game-over panel closes
        page.wait_for_selector("#game-over:not([open])", state="attached")
        per_game.append({"moves": moves, "timed": len(entries),
                         "ms_per_move": statistics.median(gaps),
                         **dealt})
    for n, game in enumerate(per_game, 1):
        print(f"game {n}: {game['moves']} moves ({game['timed']:.0f} timed), "
              f"{game['ms_per_move']:.1f} ms a move (median), "
              f"heap {game['heap_mb']:.1f} MB, {game['nodes']:.0f} nodes, "
              f"{game['listeners']:.0f} listeners")
    # each game long enough to time (the deals are random: a game to 60 can end
    # in 7 moves, CI met one), and the session long enough to mean something
    assert all(game["timed"] >= 3 for game in per_game)
    assert sum(game["moves"] for game in per_game) >= 8 * GAMES
    # the same pace: the later games' fastest move pace within 1.5 times the first
    # two's, and 10 ms (a move takes tens of ms). A leak slows every later game; the
    # shared machine can slow any of them, and only ever slows (CI saw one game at
    # 87 ms between four at 44-56, and once two of the three later games at 75 and
    # 122 ms, then the last at 38), so the fastest later game is the one that tells
    pace = max(per_game[0]["ms_per_move"], per_game[1]["ms_per_move"])
    later = min(g["ms_per_move"] for g in per_game[2:])
    assert later <= max(1.5 * pace, pace + 10)
    # no growth game over game: from the second game on (the first still warms up),
    # the heap within 10% or 2 MB, the DOM's nodes within 25% (a game's log and
    # table differ), its listeners exactly
    second = per_game[1]
    for game in per_game[2:]:
        assert game["heap_mb"] <= max(1.1 * second["heap_mb"], second["heap_mb"] + 2)
        assert game["nodes"] <= 1.25 * second["nodes"]
        assert game["listeners"] <= second["listeners"]


# What a person may do at any moment; each is tried only when it can be done.
BUTTONS = ("#draw", "#pass", "#hint", "#next-round", "#new-game-button", "#settings-button",
           "#stats-button", "#rules-button", "#review-button", "#daily", "#mute", "#undo",
           "#review-next", "#review-prev", "#review-close", "#settings-done", "#ng-cancel",
           "#stats-reset", "#stats-reset-no", "#play-again")
KEYS = ("ArrowLeft", "ArrowRight", "Enter", "Escape", "Tab", "d", "h", "t", "?", "r", "u",
        "Home", "End", " ")


def act(page, rng: random.Random) -> str:
    """One action chosen by ``rng``, of those the page offers now (a click on
    something redrawn meanwhile misses, as a person's would)."""
    from playwright.sync_api import Error as Missed

    try:
        return try_one(page, rng)
    except Missed:
        return "missed"


def try_one(page, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.35:
        tiles = page.locator("#hand [data-tile], #board [data-target]")
        if tiles.count():
            tile = tiles.nth(rng.randrange(tiles.count()))
            if tile.is_visible():
                tile.click(timeout=2000, force=True)
                return "tile"
    if roll < 0.75:
        name = rng.choice(BUTTONS)
        button = page.locator(name)
        if button.count() and button.is_visible() and button.is_enabled():
            button.click(timeout=2000)
            return name
    if roll < 0.97:
        key = rng.choice(KEYS)
        page.keyboard.press(key)
        return key
    if rng.random() < 0.5:
        page.set_viewport_size(rng.choice(({"width": 390, "height": 844},
                                           {"width": 1280, "height": 800})))
        return "resize"
    page.reload()
    page.wait_for_selector(TURN_OR_OVER + ", #status[data-phase=bot]", timeout=FIRST_LOAD_MS)
    return "reload"


@pytest.mark.first_visit  # as a person meets the page: the snapshot's maker too
def test_a_seeded_storm_of_actions_ends_at_a_playable_table(page, server):
    page.add_init_script(
        "localStorage.setItem('allfives.settings', JSON.stringify("
        "{bot_pause: 0, speed: 'fast', undo: true}))")  # after the fixture's: take-backs on
    page.goto(server + f"index.html?seed={HUMAN_LEADS}")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    rng = random.Random(2026)
    done = [act(page, rng) for _ in range(150)]
    print("actions:", " ".join(done))
    for _ in range(4):  # whatever is open closes; a review's Play-on asks nothing
        page.keyboard.press("Escape")
    if page.locator("dialog[open]#round-end, dialog[open]#game-over").count():
        page.click("#next-round" if phase(page) == "round-over" else "#play-again")
    page.wait_for_selector(TURN_OR_OVER, timeout=FIRST_LOAD_MS)
    if phase(page) == "game-over":
        new_game(page, players=2, target=None)
    if phase(page) == "round-over":
        page.click("#next-round")
    before = page.locator("#log li.move").count()
    take_turn(page)
    assert page.locator("#log li.move").count() > before
    assert page.locator(".py-error").count() == 0
