"""A screen reader's ears, a keyboard's hands and a phone's size: what the
page announces, where focus goes, the shortcuts, axe-core in every phase and
dialog, and targets big enough to tap."""

from __future__ import annotations

from pathlib import Path

from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from .browser_helpers import (
    FIRST_LOAD_MS,
    TURN_OR_OVER,
    moves_logged,
    new_game,
    open_game,
    phase,
    play_until,
    return_visit,
    take_turn,
)

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
ACTIVE = "() => { const a = document.activeElement; return a ? (a.dataset.tile || a.dataset.target"\
         " || a.id || a.tagName) : null; }"
IN_PLAY = ("() => !!document.activeElement.closest('#hand, #draw, #pass')")


def bot_leads() -> str:
    return next(str(s) for s in range(100) if Table.new(Setup(), str(s)).game.round.starter)


def axe(page) -> list[str]:
    """axe-core's violations on the page as it is now (rule: elements)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")  # no script tag: the CSP holds
    return page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))""")


def wait_for_move(page, before: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('#log li.move').length > n",
                           arg=before)
    page.wait_for_selector(TURN_OR_OVER)


def test_a_screen_reader_hears_each_move_and_the_keyboard_plays(page, server):
    open_game(page, server, f"?seed={bot_leads()}")
    # the status line is not a live region: the announcer speaks, once
    assert page.get_attribute("#status", "aria-live") is None
    assert page.get_attribute("#status", "role") is None
    assert page.get_attribute("#announce", "aria-live") == "polite"
    last = page.locator("#log li.move").last.inner_text()
    assert last.startswith("Anna ")
    assert page.inner_text("#announce").startswith(f"{last} Your ")
    page.keyboard.press("t")
    told = page.inner_text("#announce")
    assert told.startswith("Open ends: ") and " Count " in told
    # the shortcuts panel
    page.keyboard.press("?")
    page.wait_for_selector("#keys[open]")
    assert "read out the open ends" in page.inner_text("#keys")
    page.keyboard.press("Escape")
    page.wait_for_selector("#keys", state="hidden")
    # R reviews the game so far
    page.keyboard.press("r")
    page.wait_for_selector("#review[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#review", state="hidden")
    # the hint by its key
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint')")

    rings = 0
    for _ in range(30):  # play by keyboard alone
        if phase(page) != "human":
            break
        before = moves_logged(page)
        if page.is_enabled("#draw") or page.is_visible("#pass"):
            page.keyboard.press("d")
            wait_for_move(page, before)
            continue
        if moves_logged(page) < 3:  # D while a tile fits says so, and does nothing
            page.keyboard.press("d")
            assert page.inner_text("#status") == "A tile fits: you may draw only when none does."
        page.focus("#hand [data-playable=true]")
        count = page.locator("#hand [data-tile]").count()
        if count > 1:  # arrows walk the hand, round and round
            first = page.evaluate(ACTIVE)
            page.keyboard.press("ArrowRight")
            assert page.evaluate(ACTIVE) != first
            page.keyboard.press("ArrowLeft")
            assert page.evaluate(ACTIVE) == first
        page.keyboard.press("Enter")
        if page.locator("#board [data-target]").count():
            # focus moved on to the first lit place; its ring is a few screen pixels
            assert page.evaluate("() => document.activeElement.dataset.target") is not None
            ring = page.evaluate("""() => {
                const g = document.activeElement, r = g.querySelector('rect.place');
                const s = getComputedStyle(r);
                return [getComputedStyle(g).outlineStyle, s.strokeWidth, s.vectorEffect];
            }""")
            assert ring == ["none", "3px", "non-scaling-stroke"], ring
            rings += 1
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        wait_for_move(page, before)
        if phase(page) == "human":  # focus is back in the hand, not on the page
            assert page.evaluate(IN_PLAY), page.evaluate(ACTIVE)
            said = page.inner_text("#announce")
            assert said.endswith(("Your turn.", "nothing fits, draw.", "nothing fits, pass."))
    assert rings >= 1, "no tile with two places came up"


def test_axe_finds_no_violation_in_any_phase_or_dialog(page, server):
    held: list[object] = []  # Python's wasm, until the loading shell is checked
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(server + "index.html?seed=5", wait_until="domcontentloaded")
    assert phase(page) == "loading"
    assert axe(page) == [], "loading"
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert axe(page) == [], "playing"
    # a bot thinking: with a long bot pause the phase lasts long enough to look at
    page.click("#settings-button")
    page.eval_on_selector("#set-bot-pause", "e => { e.value = '2000';"
                          " e.dispatchEvent(new Event('input', {bubbles: true})); }")
    page.click("#settings-done")
    take_turn(page)
    page.wait_for_selector("#status[data-phase=bot]")
    assert axe(page) == [], "bot"
    page.click("#settings-button")
    page.eval_on_selector("#set-bot-pause", "e => { e.value = '0';"
                          " e.dispatchEvent(new Event('input', {bubbles: true})); }")
    page.click("#settings-done")
    page.wait_for_selector("#status[data-phase=human]")
    for opener, dialog, closer in (("#new-game-button", "#new-game", "#ng-cancel"),
                                   ("#settings-button", "#settings", "#settings-done"),
                                   ("#keys-button", "#keys", "#keys-done")):
        page.click(opener)
        page.wait_for_selector(f"{dialog}[open]")
        assert axe(page) == [], dialog
        page.click(closer)
        page.wait_for_selector(dialog, state="hidden")
    new_game(page, players=2, target=60)
    ended = play_until(page, ("round-over", "game-over"))
    page.wait_for_selector(f"#{ended.replace('over', 'end') if ended == 'round-over' else ended}"
                           "[open]")
    assert axe(page) == [], ended
    while ended == "round-over":
        page.click("#next-round")
        ended = play_until(page, ("round-over", "game-over"))
    page.wait_for_selector("#game-over[open]")
    assert axe(page) == [], "game over"
    # the game-over dialog is named by its heading
    assert page.evaluate("""() => {
        const d = document.querySelector('#game-over');
        const title = document.getElementById(d.getAttribute('aria-labelledby'));
        return title && title.textContent; }""") == page.inner_text("#game-over-body h2")


def boxes(page, selector: str) -> list[tuple[str, float, float]]:
    return page.eval_on_selector_all(selector, """nodes => nodes
        .filter(n => n.getClientRects().length)
        .map(n => { const b = n.getBoundingClientRect();
                    return [n.id || n.dataset.tile || n.dataset.target || n.tagName,
                            b.width, b.height]; })""")


def test_on_a_phone_everything_is_big_enough_and_in_view(browser, server):
    with return_visit(browser, server, phone=True) as page:
        page.goto(server + "index.html?seed=8")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        small = [b for b in boxes(page, "button, #hand [data-tile]") if min(b[1:]) < 24]
        assert small == [], small
        for _ in range(40):  # until a tile with two places comes up: its places are big enough
            page.wait_for_selector("#status[data-phase=human]")
            tiles = page.locator("#hand [data-playable=true]")
            if page.is_enabled("#draw") or tiles.count() == 0:
                take_turn(page)
                continue
            before = moves_logged(page)
            tiles.first.tap()
            if page.locator("#board [data-target]").count():
                places = boxes(page, "#board [data-target]")
                assert places and all(min(w, h) >= 24 for _, w, h in places), places
                break
            wait_for_move(page, before)
        else:
            raise AssertionError("no tile with two places came up")
        # late in the round the tiles on the table are still big enough to read
        page.keyboard.press("Escape")
        play_until(page, ("round-over", "game-over"))
        tiles = boxes(page, "#board g.tile rect.face")
        assert len(tiles) >= 10 and min(min(w, h) for _, w, h in tiles) >= 18, tiles
        page.click("#next-round")
        # the new-game dialog's partners label is not cut off
        page.click("#new-game-button")
        page.check("#new-game-form input[name=players][value='4']")
        clipped = page.eval_on_selector("label.partnership", """l => {
            const d = l.closest('dialog').getBoundingClientRect(), b = l.getBoundingClientRect();
            return l.scrollWidth > l.clientWidth + 1 || b.right > d.right || b.left < d.left; }""")
        assert not clipped
        page.click("#ng-cancel")
        # a short phone: with the hand in view, the turn prompt is in view too
        page.set_viewport_size({"width": 390, "height": 664})
        page.locator("#hand").scroll_into_view_if_needed()
        inside = """sel => { const b = document.querySelector(sel).getBoundingClientRect();
                             return b.top >= 0 && b.bottom <= innerHeight + 1; }"""
        assert page.evaluate(inside, "#hand") and page.evaluate(inside, "#status")
        # held sideways: the table and the hand together, without scrolling
        page.set_viewport_size({"width": 844, "height": 390})
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate(inside, "#hand") and page.evaluate(inside, "#felt")
        assert page.evaluate(inside, "#status")
