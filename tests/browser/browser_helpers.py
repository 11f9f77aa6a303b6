"""Shared by the browser tests: every page opened through ``watched_page``,
the load and turn timeouts, the shared deals, and clicking through the game
the way a person does."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from playwright import sync_api as playwright_api

from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

FIRST_LOAD_MS = 60_000  # a first visit: Pyodide loads and starts
TURN_MS = 30_000  # anything after that
# Tests play quickly: no bot pause, no animation (set before the page's code runs).
FAST = "localStorage.setItem('allfives.settings', JSON.stringify({bot_pause: 0, speed: 'off'}))"
# ... unless the page has kept settings of its own (a reload keeps them).
FAST_UNLESS_KEPT = f"localStorage.getItem('allfives.settings') || {FAST}"

# Deals (``?seed=``) with the default set-up where the person leads, or a bot does.
HUMAN_LEADS = next(s for s in range(100) if Table.new(Setup(), str(s)).game.round.starter == 0)
BOT_LEADS = next(s for s in range(100) if Table.new(Setup(), str(s)).game.round.starter != 0)

# The person's turn or the round's end: where play waits after a move.
TURN_OR_ROUND_OVER = "#status[data-phase=human], #status[data-phase=round-over]"

# ... or the game's end.
TURN_OR_OVER = f"{TURN_OR_ROUND_OVER}, #status[data-phase=game-over]"


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


def page_worker(page: object) -> object:
    """The worker that runs the page's Python (static/page-worker.mjs)."""
    return next(w for w in page.workers if w.url.endswith("/static/page-worker.mjs"))


def end_the_bots(page: object) -> None:
    """End the bots' worker as a dying worker ends (the page's worker started it)."""
    page_worker(page).evaluate("allfivesBots.running.worker.terminate()")


def first_phase_after(page: object, selector: str) -> str:
    """The first status phase the page shows after a click on ``selector``
    (the page's Python answers a moment later, in its worker)."""
    return page.evaluate("""(selector) => new Promise((resolve) => {
        const status = document.querySelector('#status');
        new MutationObserver((_, observer) => {
            observer.disconnect();
            resolve(status.dataset.phase);
        }).observe(status, {attributes: true, attributeFilter: ['data-phase']});
        document.querySelector(selector).click();
    })""", selector)


def phase(page: object) -> str:
    return page.get_attribute("#status", "data-phase") or ""


def moves_logged(page: object) -> int:
    return page.locator("#log li.move").count()


def take_turn(page: object) -> None:
    """Make one human move by clicking, the way a person would.

    It waits until the hand offers something, as a person looks before they
    click: on the person's turn the hand is drawn before it is playable."""
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


# The lit places whose centre a pointer does not reach: something else on the
# page (another place's hit area, a decoration) takes the click there.
UNREACHABLE = """() => [...document.querySelectorAll('#board [data-target]')].flatMap((place) => {
    place.scrollIntoView({block: 'center', inline: 'center'});  // clear of the sticky header
    const r = place.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit?.closest('[data-target]') === place ? [] : [[place.dataset.move, hit?.outerHTML]];
})"""


def click_a_place(page: object) -> None:
    """Click the first of the lit places, if the tile has several, once every
    one of them can be reached by a pointer at its centre."""
    answered(page)  # the places are lit once the page's Python has answered the tile's click
    targets = page.locator("#board [data-target]")
    if targets.count():
        unreachable = page.evaluate(UNREACHABLE)
        assert unreachable == [], unreachable
        targets.first.click()


def play_on(page: object) -> None:
    """Take the person's next turn, dealing the next round first if the last
    move ended one (a game against bots dealt at random can end a round at
    any move)."""
    page.wait_for_selector(SETTLED)
    if phase(page) == "round-over":
        page.click("#next-round")
    elif phase(page) == "game-over":
        raise AssertionError("the game ended")
    take_turn(page)


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


def play_game(page: object) -> int:
    """Take human turns, dealing each next round, until the game is over;
    return how many rounds were played. A low target can still need more
    than one round: the rounds' points are the deal's, not the test's."""
    rounds = 1
    while play_until(page, ("round-over", "game-over")) == "round-over":
        page.click("#next-round")
        rounds += 1
    return rounds


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
    go_ahead(page)
    page.wait_for_selector("#new-game", state="hidden")


ANSWERED = "!globalThis.allfivesPython || allfivesPython.waiting() === 0"


def answered(page: object) -> None:
    """Wait until the page's Python has answered every event sent to it so far
    (static/main.mjs): what its handlers wrote is on the page."""
    page.wait_for_function(ANSWERED)


# What a person does through Playwright, after which a test reads what the
# page's Python answered: each waits for that answer (``answered``) before it
# returns, as a person sees the page answer before they look. The Python runs
# in a worker, so it answers a moment after the event, no longer in its task.
ACTIONS = ("click", "dblclick", "tap", "press", "fill", "type", "check", "uncheck", "set_checked",
           "select_option", "dispatch_event", "set_input_files", "drag_and_drop", "focus")
KEYS = ("press", "type", "down", "up", "insert_text")
POINTER = ("click", "dblclick", "down", "up", "move")


def _answering(act: Any, page: object) -> Any:
    def acted(*args: Any, **kwargs: Any) -> Any:
        done = act(*args, **kwargs)
        answered(page)
        return done
    return acted


# How often a page's ``wait_for_function`` asks, unless told (``polling``).
# Playwright's own default asks at every animation frame, which keeps the
# waiting page drawing frames: 0.64-0.78 CPU-s for 10 s of waiting, against
# 0.16-0.25 asking every 16 ms and 0.1 every 50 ms (measured here), on cores
# the page's Python and bots need meanwhile.
POLL_MS = 20


def _polling(wait: Any) -> Any:
    def waited(*args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("polling", POLL_MS)
        return wait(*args, **kwargs)
    return waited


def answering(page: object) -> None:
    """Make ``page``'s actions (its own, its keyboard's and mouse's, and every
    locator's) wait for the page's Python to answer them, and its
    ``wait_for_function`` ask every ``POLL_MS``."""
    for owner, names in ((page, ACTIONS), (page.keyboard, KEYS), (page.mouse, POINTER)):
        for name in names:
            setattr(owner, name, _answering(getattr(owner, name), page))
    page.wait_for_function = _polling(page.wait_for_function)
    locator = playwright_api.Locator
    if not getattr(locator, "answering", False):
        for name in (*ACTIONS[:-2], "drag_to", "focus"):
            setattr(locator, name, _locator_answering(getattr(locator, name)))
        locator.answering = True


def _locator_answering(act: Any) -> Any:
    def acted(self: Any, *args: Any, **kwargs: Any) -> Any:
        done = act(self, *args, **kwargs)
        answered(self.page)
        return done
    return acted


def go_ahead(page: object) -> None:
    """Say yes if the page asks before it ends the game in progress (it asks
    in the click's own handler, so the question is up once that is answered)."""
    answered(page)
    if page.locator("#confirm[open]").count():
        page.click("#confirm [data-confirm]")
        page.wait_for_selector("#confirm", state="hidden")


def language_chosen(page: object, code: str, *, menu: bool = False) -> None:
    """Choose ``code`` in Settings as a person does (through the header's menu
    when ``menu``: on a phone it folds Settings away), wait until the page is in
    it, and close Settings."""
    if menu:
        page.click("#menu-button")
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    page.select_option("#set-language", code)
    page.wait_for_function(f"document.documentElement.lang === '{code}'")
    page.click("#settings-done")
    page.wait_for_selector("#settings", state="hidden")


def saved(page: object) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('allfives.save')"))


# Pages whose renderer crashed since the browser was launched: conftest.py
# launches Chromium again after a test that saw one, since a browser whose
# renderer crashed has been seen to crash every page after it.
CRASHES: list[str] = []
CRASHED = "the page crashed (Chromium's renderer: Target crashed)"


class Watch:
    """What went wrong in the page: console errors, page errors, foreign
    requests, a crash."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []
        self.allow_errors: tuple[str, ...] = ()  # a test that breaks something on purpose
        self.crashed = False

    def console(self, msg: object) -> None:
        if msg.type == "error" and not any(s in msg.text for s in self.allow_errors):
            self.problems.append(f"console error: {msg.text}")

    def page_error(self, error: object) -> None:
        if not any(s in str(error) for s in self.allow_errors):
            self.problems.append(f"page error: {error}")

    def attach(self, page: object) -> object:
        """Watch ``page`` (with the tests' turn timeout); returns it."""
        page.on("console", self.console)
        page.on("pageerror", self.page_error)
        page.on("request", self.request)
        page.on("crash", self.crash)
        page.set_default_timeout(TURN_MS)
        return page

    def crash(self, page: object) -> None:
        self.crashed = True
        self.problems.append(CRASHED)
        CRASHES.append(str(getattr(page, "url", "")))

    def request(self, req: object) -> None:
        url = urlsplit(req.url)
        if url.scheme in ("data", "blob"):
            return
        if f"{url.scheme}://{url.netloc}" != self.origin:
            self.problems.append(f"request off the local server: {req.url}")


# The page sees no Cache Storage, so it keeps no Pyodide memory snapshot and
# makes none (static/boot.mjs: canKeepSnapshots), as in a browser without one.
NO_SNAPSHOT = "Object.defineProperty(window, 'caches', {value: undefined})"


@contextmanager
def watched_page(browser: object, origin: str, *, init: str | None = FAST,
                 snapshot: bool = True, **context_options: object) -> Iterator[object]:
    """A page in a fresh context (empty storage, ``context_options`` such as a
    viewport, touch or reduced motion; 1280x800 unless given), with ``init``
    run before the page's code (fast settings unless told otherwise): a
    person's first visit. It fails the test as ``watching`` says.

    ``snapshot=False``: the page makes no memory snapshot. A first visit makes
    one in a third Pyodide of its own once the table is playable, which takes
    a core from the test; a test that never looks at it need not pay for it
    (test_snapshot.py and test_offline.py look at it)."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 800},
                                     **context_options})
    if init:
        context.add_init_script(init)
    if not snapshot:
        context.add_init_script(NO_SNAPSHOT)
    with watching(context.new_page(), origin, context.close) as page:
        yield page


# A return visit's context: the tests' usual window (or a phone's), downloads
# accepted, English and UTC as the picture tests want, and no service worker,
# so that ``page.route`` sees every request (Playwright's routes never see
# what a service worker answers).
RETURNING = {"viewport": {"width": 1280, "height": 800}, "accept_downloads": True,
             "locale": "en-US", "timezone_id": "UTC", "service_workers": "block"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# What a return visit starts without: all the page keeps of a person
# (settings, saves, records), not the memory snapshot in Cache Storage.
FORGOTTEN = "local_storage,indexeddb,cookies,file_systems,websql"


def returning_context(browser: object, origin: str, *, phone: bool = False) -> object:
    """A context (``RETURNING``, a ``PHONE``'s if ``phone``) in which the page
    was visited once, to a playable table, and kept its memory snapshot
    (``html[data-snapshot=made]``)."""
    context = browser.new_context(**{**RETURNING, **(PHONE if phone else {})})
    first = context.new_page()
    first.add_init_script(FAST)
    with watching(first, origin, first.close) as page:
        page.goto(origin + "index.html")
        page.wait_for_function("['made', 'failed', 'off'].includes(document.documentElement"
                               ".dataset.snapshot)", timeout=3 * FIRST_LOAD_MS)
        made = page.get_attribute("html", "data-snapshot")
    assert made == "made", f"the return visits' snapshot was not made: {made}"
    return context


@contextmanager
def return_visit(browser: object, origin: str, *, phone: bool = False, init: str | None = FAST,
                 viewport: dict[str, int] | None = None, **media: str) -> Iterator[object]:
    """A page in the session's context of return visits (a phone's if
    ``phone``: conftest's ``Chromium.returning``) with nothing kept of the
    tests before (``FORGOTTEN``) but the memory snapshot, which the page
    starts from: a person's return visit with no game saved, which starts in
    about half the CPU of a first (``watched_page``). ``viewport`` as
    ``RETURNING``'s unless given, ``media`` as ``page.emulate_media``'s
    (``color_scheme``, ``reduced_motion``); ``init`` and the failures as
    ``watched_page``'s. Every window of the context closes with it: one return
    visit at a time in a context (a second would clear the first's storage)."""
    context = browser.returning(origin, phone=phone)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin",
             {"origin": origin.rstrip("/"), "storageTypes": FORGOTTEN})
    cdp.detach()
    if viewport:
        page.set_viewport_size(viewport)
    if media:
        page.emulate_media(**media)
    if init:
        page.add_init_script(init)

    def close() -> None:  # with any window the test opened beside it
        for opened in context.pages:
            opened.close()
    with watching(page, origin, close) as watched:
        yield watched


@contextmanager
def watching(page: object, origin: str, close: Callable[[], object]) -> Iterator[object]:
    """``page``, watched: the test fails on a ``.py-error`` element, a console
    error, an uncaught page error, or a request to any host but ``origin``;
    ``page.watch.allow_errors`` names errors a test causes on purpose. Its
    actions wait for the page's answer (``answering``); ``close`` ends it."""
    watch = Watch(origin.rstrip("/"))
    watch.attach(page)
    answering(page)
    page.watch = watch
    try:
        yield page
        errors = [] if watch.crashed else page.locator(".py-error").all_inner_texts()
    finally:
        close()
    assert not errors, f".py-error in the page: {errors}"
    assert not watch.problems, "\n".join(watch.problems)


def tile_sizes(page: object, board: str) -> list[float]:
    """The shorter side, in CSS pixels on screen, of every tile on ``board``
    (an SVG's selector): how big its pips are drawn."""
    return page.eval_on_selector_all(
        f"{board} g.tile rect.face",
        "rs => rs.map(r => { const b = r.getBoundingClientRect(); return Math.min(b.width, "
        "b.height); })")


def board_fit(page: object, board: str) -> tuple[float, float]:
    """The shape (width / height) of ``board``'s viewBox and of its box on
    screen: equal when the board was laid out for the box it is shown in."""
    return tuple(page.eval_on_selector(board, """svg => {
        const v = svg.viewBox.baseVal, b = svg.getBoundingClientRect();
        return [v.width / v.height, b.width / b.height]; }"""))
