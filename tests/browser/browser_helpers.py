"""Clicking through the game the way a person does; shared by the browser tests."""

from __future__ import annotations

import json

FIRST_LOAD_MS = 60_000

ACTIVE = ("#status[data-phase=human], #status[data-phase=round-over], "
          "#status[data-phase=game-over]")


# What the person can do, once the status says it is their turn (the hand may
# show the next turn's playable tiles while a bot's move is still finishing).
YOURS = "body:has(#status[data-phase=human])"
DRAW = f"{YOURS} #draw:enabled"
PASS = f"{YOURS} #pass:not([hidden]):enabled"
PLAYABLE = f"{YOURS} #hand [data-playable=true]"
SETTLED = (f"#status[data-phase=round-over], #status[data-phase=game-over], "
           f"{DRAW}, {PASS}, {PLAYABLE}")


def open_game(page: object, server: str, query: str = "") -> None:
    page.goto(server + "index.html" + query)
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)


def phase(page: object) -> str:
    return page.get_attribute("#status", "data-phase") or ""


def moves_logged(page: object) -> int:
    return page.locator("#log li.move").count()


def take_turn(page: object) -> None:
    """Make one human move by clicking, the way a person would.

    It waits until the hand offers something, as a person looks before they
    click: a phase read just after a new game may still be the old game's."""
    before = moves_logged(page)
    page.wait_for_selector(f"{DRAW}, {PASS}, {PLAYABLE}")
    if page.locator(DRAW).count():
        page.click(DRAW)
    elif page.locator(PASS).count():
        page.click(PASS)
    else:
        page.locator(PLAYABLE).first.click()
        click_a_place(page)
    page.wait_for_function("n => document.querySelectorAll('#log li.move').length > n",
                           arg=before)


def click_a_place(page: object) -> None:
    """Click one of the lit places, if the tile has several: the first a pointer
    can reach (a place's enlarged hit area can cover part of a near one)."""
    from playwright.sync_api import TimeoutError as NotReachable

    targets = page.locator("#board [data-target]")
    for i in range(targets.count()):
        try:
            targets.nth(i).click(trial=True, timeout=2000)
        except NotReachable:
            continue
        targets.nth(i).click()
        return
    if targets.count():
        raise AssertionError("no lit place can be clicked")


def play_until(page: object, phases: tuple[str, ...], limit: int = 200) -> str:
    """Take human turns until the status shows one of ``phases``.

    Each turn waits until the page has settled: a round or game over, or the
    hand offering something. A phase read as soon as the person's last move
    is logged can still say "human" for a round that move ended."""
    for _ in range(limit):
        page.wait_for_selector(SETTLED)
        now = phase(page)
        if now in phases:
            return now
        if now in ("round-over", "game-over"):
            raise AssertionError(f"stuck in phase {now}")
        take_turn(page)
    raise AssertionError(f"no {phases} after {limit} turns")


def new_game(page: object, *, players: int, target: int | None, preset: str = "standard",
             partnership: bool | None = None, hand_size: int | None = None,
             name: str | None = None, bots: list[str] | None = None) -> None:
    """Fill in and submit the new-game dialog."""
    page.click("#new-game-button")
    page.wait_for_selector("#new-game[open]")
    page.check(f"#new-game-form input[name=players][value='{players}']")
    page.check(f"#new-game-form input[name=preset][value='{preset}']")
    if partnership is not None:
        page.set_checked("#ng-partnership", partnership)
    if hand_size is not None:
        page.select_option("#ng-hand-size", str(hand_size))
    if name is not None:
        page.fill("#ng-name", name)
    for i, bot in enumerate(bots or []):
        page.select_option(f"#ng-bots select[name=bot{i}]", bot)
    if target is not None:  # else the preset's own target, as the dialog offers it
        page.fill("#ng-target", str(target))
    page.click("#ng-start")
    page.wait_for_selector("#new-game", state="hidden")


def saved(page: object) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('allfives.save')"))
