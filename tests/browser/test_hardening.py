"""Nothing breaks the page (issue "Accessible and unbreakable"): whatever is
kept in storage, the page starts with a playable table; a bots' worker that
cannot start or dies is noticed within seconds and the bots move on the
page; and the Content-Security-Policy lets a whole round play without one
violation."""

from __future__ import annotations

import json
import time

import pytest

from allfives.web.bots.deadlines import SILENT_SECONDS
from allfives.web.i18n.page_text import NOT_STARTED, NOT_STARTED_STATUS
from allfives.web.realtable import kept as table_kept
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from .browser_helpers import (
    BOT_LEADS,
    FIRST_LOAD_MS,
    HUMAN_LEADS,
    TURN_OR_ROUND_OVER,
    end_the_bots,
    new_game,
    open_game,
    play_until,
    take_turn,
)

NOTICED_S = 5.0  # the bound for noticing a worker that failed

# Every change of body[data-bots] and #status[data-phase], timed in the page.
MARKS = """
window.__marks = [];
new MutationObserver(records => {
    for (const r of records) {
        window.__marks.push([r.attributeName, r.target.getAttribute(r.attributeName),
                             performance.now() / 1000]);
    }
}).observe(document, {subtree: true, attributes: true,
                      attributeFilter: ["data-bots", "data-phase"]});
"""


def marked(page, attribute: str, value: str, after: float = 0.0) -> float:
    """When (page seconds) ``attribute`` first became ``value`` after ``after``."""
    return page.wait_for_function(
        """([name, value, after]) => (window.__marks.find(
            ([n, v, t]) => n === name && v === value && t > after) || [])[2]""",
        arg=[attribute, value, after]).json_value()


def page_now(page) -> float:
    return page.evaluate("performance.now() / 1000")


def keep(page, key: str, text: str) -> None:
    """Put ``text`` under ``key`` before the page's code runs."""
    page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(text)})")


def a_save(seed: object = 1) -> dict:
    return json.loads(Table.new(Setup(), 1).to_save()) | {"seed": seed}


# -- saves, set-up and settings -------------------------------------------------------

SEED_DIGITS = json.dumps(a_save(0)).replace('"seed": 0', '"seed": ' + "7" * 5000)
BRICKING_SAVES = {
    "a 5,000-digit seed": SEED_DIGITS,  # json.loads raised ValueError
    "arrays 100,000 deep": "[" * 100_000 + "]" * 100_000,  # Pyodide's fatal error
    "objects 100,000 deep": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "over 1 MB": json.dumps(a_save() | {"notes": "x" * 1_100_000}),
}


@pytest.mark.parametrize("name", BRICKING_SAVES)
def test_a_bricking_save_is_kept_and_a_new_game_plays(page, server, name):
    # guards: a save that stopped the page on every load until site data was cleared
    text = BRICKING_SAVES[name]
    keep(page, "allfives.save", text)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    assert "could not be read" in page.inner_text("#notice")
    assert page.evaluate("localStorage.getItem('allfives.unreadable-save')") == text
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    fresh = json.loads(page.evaluate("localStorage.getItem('allfives.save')"))
    assert fresh["format"] == "allfives-record/1" and fresh["rounds"][0]["moves"]


def test_a_game_at_a_real_table_longer_than_any_save_is_kept_said_and_the_page_plays(page, server):
    """Read through the limits every save gets (201 rounds): refused before
    its replay, kept for download, said; the game on this device plays."""
    setup = Setup(players=2, mode="table", known=0, names=("Ben",))
    record = json.loads(table_kept.to_save(table_kept.new(setup)))
    text = json.dumps(record | {"rounds": [{"moves": []}] * 201})
    keep(page, "allfives.table-game", text)
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    assert "game at a real table could not be read" in page.inner_text("#notice")
    assert page.evaluate("localStorage.getItem('allfives.unreadable-table-game')") == text
    assert any("201 rounds, more than 200" in m for m in messages), messages
    assert page.get_attribute("body", "data-mode") is None
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)


def test_an_unreadable_game_at_a_real_table_is_kept_said_and_the_page_plays(page, server):
    text = '{"format": "allfives-record/1", "observed": {"names": ["A"]}, "rounds": 7}'
    keep(page, "allfives.table-game", text)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    assert "game at a real table could not be read" in page.inner_text("#notice")
    assert page.evaluate("localStorage.getItem('allfives.unreadable-table-game')") == text
    assert page.evaluate("localStorage.getItem('allfives.table-game')") == ""
    assert page.get_attribute("body", "data-mode") is None
    with page.expect_download() as got:
        page.click("#notice button")
    assert open(got.value.path()).read() == text
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)


@pytest.mark.parametrize(("setup", "settings"), [
    ("[" * 100_000 + "]" * 100_000, '{"bot_pause": ' + "9" * 5000 + "}"),
    ('{"players": 2.0, "preset": ["x"], "bots": [[1], {"a": 1}]}',
     '{"a":' * 100_000 + "1" + "}" * 100_000),
])
def test_corrupt_setup_and_settings_fall_back_to_the_defaults(page, server, setup, settings):
    # guards: a remembered set-up or settings value that stopped the page
    # (deep nesting, huge numbers, or valid JSON of the wrong shapes)
    keep(page, "allfives.setup", setup)
    keep(page, "allfives.settings", settings)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    assert page.locator("#hand [data-tile]").count() == 9  # the default set-up's deal
    assert page.is_hidden("#notice")  # defaults are taken silently
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)


# -- the bots' worker -------------------------------------------------------------------

RAISES = "raise RuntimeError('boom at import')\n"
# The real worker's move, as its ``choose`` makes it (worker.py is not in the bundle).
CHOOSES = """import json
from allfives.bots.asks import MoveAsk
from allfives.moves import move_text
from allfives.web.bots.decide import decide

def chosen(request):
    return move_text(decide(MoveAsk.from_json(json.loads(request))))
"""
# A worker that answers once (the page's first request) and then ends itself.
DIES = """import js
from pyodide.ffi import create_once_callable
""" + CHOOSES + """

def choose(request):
    js.setTimeout(create_once_callable(lambda: js.close()), 0)
    return chosen(request)

__export__ = ["choose"]
"""
# A worker that answers once and then never again (busy for good), the
# tables the expert and the master read handed to it included.
HANGS = CHOOSES + """
answered = []

def choose(request):
    while answered:
        pass
    answered.append(request)
    return chosen(request)

def keep_data(request):
    while answered:
        pass
    return "kept"

__export__ = ["choose", "keep_data"]
"""
# A worker whose every move after the first takes SLOW_S, beating all along
# (as a master's search does on a phone, or on a machine busy with other
# pages), the stake's tables handed to it as to the real one.
SLOW_S = 2 * SILENT_SECONDS
SLOWS = CHOOSES + f"""
import time
from allfives import data_files
from allfives.bots import pulse
answered = []

def choose(request):
    if answered:
        until = time.monotonic() + {SLOW_S}
        while time.monotonic() < until:
            pulse.beat()
    answered.append(request)
    return chosen(request)

def keep_data(request):
    path, text = json.loads(request)
    data_files.place(data_files.left_out()[path], text.encode())
    return "kept"

__export__ = ["choose", "keep_data"]
"""


# A worker that answers the first request (the easy bot's) and whose every
# other move fails: a bug in its code, not a dead worker.
BUGGY = CHOOSES + """

def choose(request):
    if json.loads(request)["bot"] != "easy":
        raise ValueError("a bug in decide")
    return chosen(request)

__export__ = ["choose"]
"""


NO_SERVICE_WORKER = "navigator.serviceWorker.register = () => new Promise(() => {})"


def serve_worker(page, body: str | None) -> None:
    """Serve ``body`` as the bots' worker.py (None: a 404), on a return visit,
    which has no service worker (what one fetched would bypass ``page.route``)."""
    page.route("**/allfives/web/worker.py", lambda route: route.fulfill(
        status=404 if body is None else 200, body=body or "", content_type="text/plain"))


def test_a_worker_that_is_not_found_is_noticed_at_once(page, server):
    # guards: waiting out the load deadline (90 s) for a worker file that 404s
    page.watch.allow_errors = ("status of 404",)
    page.add_init_script(MARKS)
    serve_worker(page, None)
    open_game(page, server)
    took = marked(page, "data-bots", "page") - marked(page, "data-phase", "human")
    print(f"worker 404: bots on the page {took:.2f} s after the table was playable")
    assert took < NOTICED_S
    assert "think on this page" in page.inner_text("#notice")
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)


def test_a_worker_that_raises_at_import_is_noticed_once_it_has_run(page, server):
    # guards: a worker whose code fails being trusted until the first bot move,
    # or waited for until the load deadline
    page.watch.allow_errors = ("boom at import", "PythonError")
    page.add_init_script(MARKS)
    failed: list[float] = []
    page.on("console", lambda msg: "boom at import" in msg.text and failed.append(time.monotonic()))
    serve_worker(page, RAISES)
    open_game(page, server)
    page.wait_for_selector("body[data-bots=page]", timeout=FIRST_LOAD_MS)
    noticed = time.monotonic() - failed[0]
    took = marked(page, "data-bots", "page") - marked(page, "data-phase", "human")
    print(f"worker raising at import: bots on the page {noticed:.2f} s after it failed, "
          f"{took:.2f} s after the table was playable")
    assert noticed < 1.0
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)


def test_a_page_whose_policy_refuses_workers_says_at_once_that_the_game_cannot_start(page, server):
    # guards: a loading line left turning for good where the page's worker,
    # which runs all of its Python, is refused (here a policy allowing no
    # workers at all: the bots' worker is the page worker's own, under no
    # policy of the page's)
    page.watch.allow_errors = ("Content Security Policy",)

    def without_workers(route) -> None:
        response = route.fetch()
        policy = response.text().replace("worker-src 'self';", "worker-src 'none';", 1)
        assert "worker-src 'none';" in policy
        route.fulfill(response=response, body=policy)

    page.route("**/index.html*", without_workers)
    page.goto(server + "index.html")
    page.wait_for_selector("#progress[data-failed]", timeout=5_000)
    assert page.get_attribute("#status", "data-phase") == "loading"
    assert page.inner_text("#progress") == NOT_STARTED
    assert page.inner_text("#status") == NOT_STARTED_STATUS
    assert page.is_visible("#progress")


@pytest.mark.first_visit  # a return visit starts from what it unpacked before
@pytest.mark.no_snapshot
@pytest.mark.parametrize(("packed", "status", "said"), [
    ("allfives.zip.zst", 200, "allfives.zip.zst could not be unpacked"),
    ("stdlib.zip.zst", 200, "stdlib.zip.zst could not be unpacked"),
    ("stdlib.zip.zst", 404, "stdlib.zip.zst: HTTP 404"),
])
def test_a_packed_file_that_does_not_unpack_says_the_game_cannot_start(page, server, packed,
                                                                       status, said):
    # guards: a host (or a proxy) answering a packed file (the game, or the
    # standard library, which the page fetches for Pyodide) with something
    # else, a page of its own, or not at all: the page's worker fails to
    # start, and the page says so, in words, instead of turning for good
    page.watch.allow_errors = (said,)
    page.add_init_script(NO_SERVICE_WORKER)
    page.route(f"**/static/vendor/{packed}", lambda route: route.fulfill(
        status=status, body="<!doctype html><title>Moved</title>", content_type="text/html"))
    page.goto(server + "index.html")
    page.wait_for_selector("#progress[data-failed]", timeout=FIRST_LOAD_MS)
    assert page.inner_text("#progress") == NOT_STARTED
    assert page.inner_text("#status") == NOT_STARTED_STATUS


@pytest.mark.parametrize("how", ["terminated", "closes itself", "hangs", "hangs as the master"])
def test_a_worker_that_dies_mid_game_is_noticed_within_5_s(page, server, how):
    # guards: a dead worker noticed only after the 30 s answer deadline; for
    # "hangs", a stuck worker left running (using a core) once given up on;
    # "as the master": a hang where a working worker would beat
    page.add_init_script(MARKS)
    hangs = how.startswith("hangs")
    if how == "hangs as the master":
        keep(page, "allfives.setup", json.dumps(Setup(bots=("master",) * 3).to_json()))
    if how != "terminated":
        serve_worker(page, DIES if how == "closes itself" else HANGS)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    if hangs:
        worker = next(w for w in page.workers if w.url.endswith("/static/bots-worker.mjs"))
        ended: list[bool] = []
        worker.on("close", lambda _w: ended.append(True))
    elif how == "terminated":
        end_the_bots(page)
    since = page_now(page)
    logged = page.locator("#log li.move").count()
    take_turn(page)  # the person moves; the bot after them asks the worker
    took = marked(page, "data-bots", "page", since) - marked(page, "data-phase", "bot", since)
    print(f"worker {how}: noticed {took:.2f} s after the bot asked")
    assert took < NOTICED_S
    if hangs:  # given up once silent that long, not before
        assert took > SILENT_SECONDS - 0.5
    if how == "hangs as the master":
        assert page.locator("#seats .level").all_inner_texts() == ["master"]
    assert "did not answer" in page.inner_text("#notice")
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert page.locator("#log li.move").count() >= logged + 2  # the bot moved too
    if hangs and not ended:
        with worker.expect_event("close", timeout=NOTICED_S * 1000):  # else: left running
            pass


def test_a_worker_slow_to_move_but_beating_is_waited_for(page, server):
    # guards: a busy worker taken for a dead one (a master's move on a
    # machine running three test pages missed a fixed deadline of 4.4 s)
    page.add_init_script(MARKS)
    serve_worker(page, SLOWS)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    since = page_now(page)
    logged = page.locator("#log li.move").count()
    take_turn(page)  # the person moves; the bot after them asks the worker
    page.wait_for_selector(TURN_OR_ROUND_OVER, timeout=4 * SLOW_S * 1000)
    took = page_now(page) - marked(page, "data-phase", "bot", since)
    print(f"a worker beating through a {SLOW_S:.0f} s move: answered after {took:.2f} s")
    assert took >= SLOW_S
    assert page.locator("#log li.move").count() >= logged + 2  # the bot moved
    assert page.get_attribute("body", "data-bots") == "worker"
    assert page.is_hidden("#notice"), page.inner_text("#notice")


def test_an_error_in_the_workers_move_is_reported_not_taken_for_a_dead_worker(page, server):
    # guards: every exception taken for "the worker did not answer": a bug in
    # decide switched the worker off, hidden, and the move was made on the page
    page.watch.allow_errors = ("a bug in decide", "the bots' worker failed")
    logged: list[str] = []
    page.on("console", lambda msg: msg.type == "error" and logged.append(msg.text))
    serve_worker(page, BUGGY)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    take_turn(page)  # the person moves; the bot after them asks the worker, which fails
    page.wait_for_selector("#notice:not([hidden])")
    said = page.inner_text("#notice")
    assert "Something went wrong (the bots' worker failed in choose)" in said
    assert "did not answer" not in said and "Traceback" not in said  # plain
    assert page.get_attribute("body", "data-bots") == "worker"  # not given up
    assert page.locator("#log li.move").count() == 1  # no move made on the page
    assert any("a bug in decide" in text and "failed in choose" in text for text in logged)


def test_a_worker_whose_file_fails_to_arrive_is_noticed_at_once(page, server):
    # guards: a network error fetching the worker's file (an aborted fetch, as a
    # flaky connection gives: not a 404) left body[data-bots] at loading for good
    page.watch.allow_errors = ("net::ERR_FAILED",)
    page.add_init_script(MARKS)
    page.route("**/allfives/web/worker.py", lambda route: route.abort("failed"))
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    took = marked(page, "data-bots", "page") - marked(page, "data-phase", "human")
    print(f"worker's file failing to arrive: bots on the page {took:.2f} s after playable")
    assert took < NOTICED_S
    assert "could not start" in page.inner_text("#notice")
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert page.locator("#log li.move").count() >= 2  # the bot moved on the page


def test_a_worker_that_dies_during_a_review_is_noticed_and_the_review_goes_on(page, server):
    # guards: Review's own fallback swallowing a worker failure (nobody told),
    # and an analysis waiting on a dead worker
    page.add_init_script(MARKS)
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    for _ in range(3):
        take_turn(page)
    end_the_bots(page)
    since = page_now(page)
    page.click("#review-button")
    page.wait_for_selector("#review[open]")
    took = marked(page, "data-bots", "page", since) - since
    print(f"worker dead during a review: noticed {took:.2f} s after the review opened")
    assert took < NOTICED_S
    assert "did not answer" in page.inner_text("#notice")
    page.wait_for_selector("#review-progress[hidden]", state="attached", timeout=120_000)
    assert page.locator("#review-moves [data-loss]").count() >= 1  # analysed on the page


# -- the Content-Security-Policy --------------------------------------------------------

VIOLATIONS = """
addEventListener("securitypolicyviolation", (e) => window.reportViolation(
    `${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`), true);
"""


@pytest.mark.first_visit  # as a person meets the page: the snapshot's maker too
def test_a_whole_round_plays_under_the_content_security_policy(page, server):
    # guards: a policy that refuses something Pyodide, the page's worker, the bots'
    # worker, the tile animations or dragging need (the page's own listener
    # sees every violation; workers' show as console errors, which fail too)
    violations: list[str] = []
    page.expose_binding("reportViolation", lambda _source, text: violations.append(text))
    page.add_init_script(VIOLATIONS)
    page.add_init_script("localStorage.setItem('allfives.settings', "
                         "JSON.stringify({bot_pause: 0, speed: 'fast'}))")
    open_game(page, server, f"?seed={BOT_LEADS}")
    policy = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    assert policy and "default-src 'self'" in policy
    page.wait_for_selector("body[data-bots=worker]", timeout=FIRST_LOAD_MS)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint')")
    assert drag_a_tile(page).startswith("translate(")
    page.click("#settings-button")  # the dialogs' forms submit under form-action too
    page.click("#settings-done")
    new_game(page, players=3, target=None)
    assert play_until(page, ("round-over", "game-over")) in ("round-over", "game-over")
    page.reload()  # a return visit starts Python another way
    page.wait_for_selector("#status[data-phase=round-over], #status[data-phase=game-over]",
                           timeout=FIRST_LOAD_MS)
    assert violations == []
    # and it is enforced: an inline script put into the page does not run
    page.watch.allow_errors = ("Content Security Policy",)
    refused = page.evaluate("""() => new Promise(refused => {
        addEventListener("securitypolicyviolation", e => refused(e.effectiveDirective),
                         {once: true});
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
    })""")
    assert refused == "script-src-elem" and page.evaluate("window.injected") is None


def drag_a_tile(page) -> str:
    """Drag a playable tile about and put it back; how it was moved meanwhile."""
    box = page.locator("#hand [data-playable=true]").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y - 60, steps=6)
    moved = page.eval_on_selector("#hand .dragging", "button => button.style.transform")
    page.mouse.move(x, y, steps=3)
    page.mouse.up()
    page.keyboard.press("Escape")
    return moved
