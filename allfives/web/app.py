"""The page: DOM events, dialogs, saving, animation, and the bots' worker.

This is the only main-thread module that touches ``js``/``pyscript``; what
it shows comes from the pure ``render`` and ``forms`` modules. Hooks the
tests rely on are listed in DESIGN.md.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import js

js.performance.mark("allfives:python-ready")  # bench/load_time.py: the game's own share starts

from pyodide.ffi import create_proxy, jsnull, to_js  # noqa: E402
from pyscript import create_named_worker, document, window  # noqa: E402

from allfives.game import IllegalMoveError  # noqa: E402
from allfives.moves import DRAW, PASS, parse_move  # noqa: E402
from allfives.tiles import NAMES, parse_tile, tiles_of  # noqa: E402
from allfives.web import forms, render  # noqa: E402
from allfives.web.decide import decide  # noqa: E402
from allfives.web.table import HINT_BOT, HUMAN, SaveError, Settings, Setup, Table  # noqa: E402

SAVE_KEY = "allfives.save"
UNREADABLE_KEY = "allfives.unreadable-save"
SETUP_KEY = "allfives.setup"
SETTINGS_KEY = "allfives.settings"
WORKER_SRC = "./allfives/web/worker.py"
WORKER_LOAD_SECONDS = 90.0
WORKER_ANSWER_SECONDS = 30.0

_proxies: list[Any] = []  # event handlers must outlive this module's frames


def el(id_: str) -> Any:
    return document.getElementById(id_)


def found(node: Any) -> Any:
    """The node, or None: a JS ``null`` reaches Python as ``jsnull``, not None."""
    return None if node is None or node is jsnull else node


def on(target: Any, event: str, handler: Callable[[Any], Any]) -> None:
    """Listen for ``event``; a failing handler is reported, never silent."""

    def guarded(evt: Any) -> None:
        try:
            result = handler(evt)
            if asyncio.iscoroutine(result):
                asyncio.ensure_future(_report_failures(result))
        except Exception as e:  # noqa: BLE001 - people get a message, the console the details
            oops(e)

    proxy = create_proxy(guarded)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


async def _report_failures(coro: Any) -> None:
    try:
        await coro
    except Exception as e:  # noqa: BLE001
        oops(e)


def oops(error: Exception) -> None:
    js.console.error(f"allfives: {type(error).__name__}: {error}")
    notice(f"Something went wrong ({error}). The game is saved; reloading the page resumes it.")


def notice(text: str, action: tuple[str, Callable[[Any], Any]] | None = None) -> None:
    """A plain message above the table, with an optional button and a close button."""
    box = el("notice")
    box.innerHTML = ""
    msg = document.createElement("span")
    msg.textContent = text
    box.append(msg)
    if action:
        button = document.createElement("button")
        button.type = "button"
        button.id = "notice-action"
        button.textContent = action[0]
        on(button, "click", action[1])
        box.append(button)
    close = document.createElement("button")
    close.type = "button"
    close.className = "close"
    close.textContent = "Dismiss"
    close.setAttribute("aria-label", "Dismiss this message")
    on(close, "click", lambda _e: box.setAttribute("hidden", ""))
    box.append(close)
    box.removeAttribute("hidden")


# -- browser storage and files -------------------------------------------------


def stored(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 - storage may be disabled
        return None
    return value if isinstance(value, str) else None  # JS null is not None in Pyodide


def store(key: str, value: str) -> bool:
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001 - quota or disabled storage
        return False
    return True


def stored_json(key: str) -> Any:
    text = stored(key)
    try:
        return json.loads(text) if text else None
    except json.JSONDecodeError:
        return None


def download(text: str, filename: str) -> None:
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([text]), options)
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.append(link)
    link.click()
    link.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


# -- the bots ------------------------------------------------------------------


class Bots:
    """Bots think in a PyScript worker. Until it has loaded they think on the
    page (so a bot that moves first does not wait for a second Pyodide); if
    it cannot start or stops answering, they stay on the page and the player
    is told. ``body[data-bots]`` says where they think: loading, worker, page."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.failed = False

    def start(self) -> None:
        document.body.dataset.bots = "loading"
        asyncio.ensure_future(self._load())

    async def _load(self) -> None:
        broken: asyncio.Future[str] = asyncio.get_event_loop().create_future()

        def watch(evt: Any) -> None:  # PyScript reports a worker it cannot fetch only here
            reason = str(getattr(evt, "reason", "") or "")
            if WORKER_SRC.lstrip(".") in reason and not broken.done():
                broken.set_result(reason)

        listener = create_proxy(watch)
        window.addEventListener("unhandledrejection", listener)
        loading = asyncio.ensure_future(
            create_named_worker(src=WORKER_SRC, name="bots", config="./pyscript.toml"))
        try:
            done, _ = await asyncio.wait({loading, broken}, timeout=WORKER_LOAD_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            if loading in done:
                self.worker = loading.result()
                document.body.dataset.bots = "worker"
            else:
                loading.cancel()
                self._fail("could not start" if done else "took too long to start")
        except Exception as e:  # noqa: BLE001 - any failure means: think on the page
            self._fail(f"could not start ({type(e).__name__})")
        finally:
            window.removeEventListener("unhandledrejection", listener)
            listener.destroy()

    def _fail(self, why: str) -> None:
        if not self.failed:
            self.failed = True
            document.body.dataset.bots = "page"
            js.console.warn(f"allfives: bot worker {why}")
            notice(f"The bots' background worker {why}, so they now think on this page; "
                   "it may pause briefly while they do.")

    async def choose(self, request: dict[str, Any]) -> str:
        if self.worker is not None and not self.failed:
            try:
                answer = await asyncio.wait_for(self.worker.choose(json.dumps(request)),
                                                WORKER_ANSWER_SECONDS)
                return str(answer)
            except Exception as e:  # noqa: BLE001
                self._fail(f"did not answer ({type(e).__name__})")
        return decide(request)


# -- the app ---------------------------------------------------------------------


class App:
    def __init__(self) -> None:
        self.settings = Settings.from_json(stored_json(SETTINGS_KEY))
        self.setup = Setup.from_json(stored_json(SETUP_KEY))
        self.table: Table | None = None
        self.bots = Bots()
        self.epoch = 0  # bumps on every new game, so stale bot answers are dropped
        self.driving = False
        self.busy = False
        self.selected: int | None = None
        self.fresh: tuple[int, int] | None = None  # (tile, points) of the last play
        self.hint: str | None = None  # the hinted move, shown until the next move
        self.drag: dict[str, Any] | None = None
        self.swallow_click = False
        self.marked_ready = False
        self.save_warned = False

    # -- start -----------------------------------------------------------

    def start(self) -> None:
        self.bind()
        self.table = self.restore() or self.new_table(self.setup, seed_from_url())
        self.save()
        self.render()
        el("progress").setAttribute("hidden", "")
        for id_ in ("new-game-button", "download", "settings-button"):
            el(id_).removeAttribute("disabled")
        self.bots.start()
        self.drive()

    def restore(self) -> Table | None:
        text = stored(SAVE_KEY)
        if not text:
            return None
        try:
            return Table.from_save(text)
        except SaveError as e:
            store(UNREADABLE_KEY, text)
            notice(f"Your saved game could not be read ({e}). It is kept, so nothing is lost; "
                   "a new game has started.",
                   ("Download the saved game",
                    lambda _e: download(stored(UNREADABLE_KEY) or text,
                                        "allfives-unreadable-save.json")))
            return None

    def new_table(self, setup: Setup, seed: str | None = None) -> Table:
        try:
            return Table.new(setup, seed)
        except ValueError:
            return Table.new(Setup(name=setup.name), seed)

    def save(self) -> None:
        if self.table is None or store(SAVE_KEY, self.table.to_save()):
            return
        if not self.save_warned:  # say it once, not after every move
            self.save_warned = True
            notice("This browser would not save the game (its storage may be full or "
                   "switched off). Use Download record to keep a copy.")

    # -- events ------------------------------------------------------------

    def bind(self) -> None:
        on(el("hand"), "click", self.on_hand_click)
        on(el("hand"), "pointerdown", self.on_pointer_down)
        on(document, "pointermove", self.on_pointer_move)
        on(document, "pointerup", self.on_pointer_up)
        on(document, "pointercancel", lambda _e: self.end_drag())
        on(el("board"), "click", self.on_board_click)
        on(el("board"), "keydown", self.on_board_key)
        on(document, "keydown", self.on_key)
        on(el("draw"), "click", lambda _e: self.human_move("draw"))
        on(el("pass"), "click", lambda _e: self.human_move("pass"))
        on(el("hint"), "click", self.on_hint)
        on(el("next-round"), "click", self.on_next_round)
        # Escape must not close the round-end panel: the game would be stranded
        on(el("round-end"), "cancel", lambda e: e.preventDefault())
        on(el("play-again"), "click", lambda _e: self.open_new_game())
        on(el("new-game-button"), "click", lambda _e: self.open_new_game())
        on(el("download"), "click", lambda _e: self.download_record())
        on(el("game-over-download"), "click", lambda _e: self.download_record())
        on(el("settings-button"), "click", lambda _e: self.open_settings())
        on(el("settings-form"), "change", self.on_settings_change)
        on(el("settings-form"), "input", self.on_settings_change)
        on(el("new-game-form"), "submit", self.on_new_game_submit)
        on(el("new-game-form"), "change", self.on_new_game_change)
        on(el("ng-cancel"), "click", lambda _e: el("new-game").close())
        on(window, "resize", lambda _e: self.render_board())

    def can_act(self) -> bool:
        return (self.table is not None and not self.busy and not self.driving
                and self.table.game.round.turn == HUMAN and not self.table.game.round.over
                and not self.table.game.over)

    def legal_for(self, tile: int) -> list[str]:
        assert self.table is not None
        return [m for m in self.table.game.legal_moves()
                if m not in ("draw", "pass") and parse_tile(m.split(">")[0]) == tile]

    def on_hand_click(self, evt: Any) -> None:
        if self.swallow_click:
            self.swallow_click = False
            return
        button = found(evt.target.closest("[data-tile]"))
        if button is None or not self.can_act():
            return
        tile = parse_tile(str(button.dataset.tile))
        moves = self.legal_for(tile)
        if not moves:
            self.status("human", f"{NAMES[tile]} does not fit anywhere. Pick a highlighted tile.")
            return
        if len(moves) == 1:
            self.human_move(moves[0])
        elif self.selected == tile:
            self.select(None)
        else:
            self.select(tile)

    def select(self, tile: int | None) -> None:
        self.selected = tile
        for button in document.querySelectorAll("#hand [data-tile]"):
            chosen = tile is not None and str(button.dataset.tile) == NAMES[tile]
            button.classList.toggle("selected", chosen)
            button.setAttribute("aria-pressed", "true" if chosen else "false")
        self.render_board()
        if tile is None:
            self.status("human", render.turn_prompt(self.table.game.round))
        else:
            self.status("human", f"Where should {NAMES[tile]} go? Pick a lit place.")

    def on_board_click(self, evt: Any) -> None:
        target = found(evt.target.closest("[data-target]"))
        if target is not None and self.can_act():
            self.human_move(str(target.dataset.move))

    def on_board_key(self, evt: Any) -> None:
        if evt.key in ("Enter", " "):
            self.on_board_click(evt)
            evt.preventDefault()

    def on_key(self, evt: Any) -> None:
        if evt.key == "Escape" and self.selected is not None:
            self.select(None)

    # dragging a tile to a place

    def on_pointer_down(self, evt: Any) -> None:
        button = found(evt.target.closest("[data-tile]"))
        if button is None or not self.can_act() or str(button.dataset.playable) != "true":
            return
        self.drag = {"button": button, "tile": parse_tile(str(button.dataset.tile)),
                     "x": evt.clientX, "y": evt.clientY, "moved": False}

    def on_pointer_move(self, evt: Any) -> None:
        drag = self.drag
        if drag is None:
            return
        dx, dy = evt.clientX - drag["x"], evt.clientY - drag["y"]
        if not drag["moved"]:
            if dx * dx + dy * dy < 64:
                return
            drag["moved"] = True
            if self.selected != drag["tile"]:
                self.select(drag["tile"])
            drag["button"].classList.add("dragging")
        drag["button"].style.transform = f"translate({dx}px, {dy}px)"
        for target in document.querySelectorAll("#board .target.drop"):
            target.classList.remove("drop")
        over = self.drop_target(evt)
        if over is not None:
            over.classList.add("drop")

    def drop_target(self, evt: Any) -> Any:
        hit = found(document.elementFromPoint(evt.clientX, evt.clientY))
        return found(hit.closest("[data-target]")) if hit is not None else None

    def on_pointer_up(self, evt: Any) -> None:
        drag = self.drag
        if drag is None or not drag["moved"]:
            self.drag = None
            return
        self.swallow_click = True
        js.setTimeout(create_proxy(self._stop_swallowing), 0)
        target = self.drop_target(evt)
        hit = found(document.elementFromPoint(evt.clientX, evt.clientY))
        moves = self.legal_for(drag["tile"])
        self.end_drag()
        if target is not None:
            self.human_move(str(target.dataset.move))
        elif len(moves) == 1 and hit is not None and found(hit.closest("#felt")) is not None:
            self.human_move(moves[0])

    def _stop_swallowing(self) -> None:
        self.swallow_click = False

    def end_drag(self) -> None:
        if self.drag is not None:
            self.drag["button"].classList.remove("dragging")
            self.drag["button"].style.transform = ""
            self.drag = None

    # -- moves --------------------------------------------------------------

    def human_move(self, move: str) -> None:
        if not self.can_act():
            return
        asyncio.ensure_future(_report_failures(self._human_move(move)))

    async def _human_move(self, move: str) -> None:
        self.busy = True
        try:
            await self.play(move)
        finally:
            self.busy = False
        self.drive()

    async def play(self, move: str) -> None:
        """Make a move, save, redraw, and animate the tile to its place."""
        assert self.table is not None
        game = self.table.game
        seat = game.round.turn
        m = parse_move(move)
        source = self.source_rect(seat, m >> 5 if m >= 0 else None)
        try:
            result = game.apply(move)
        except (IllegalMoveError, ValueError) as e:
            self.status("human", f"That move is not allowed: {e}.")
            return
        self.selected = None
        self.fresh = (m >> 5, result.points) if m >= 0 else None
        self.clear_hint()
        nxt = game.round.turn
        if not game.over and not game.round.over and self.table.is_bot(nxt):
            self.status("bot", f"{self.table.names[nxt]} is thinking…")
        self.save()
        self.render()
        if m >= 0:
            await self.slide(m >> 5, source)
        elif seat != HUMAN and m in (DRAW, PASS):
            await asyncio.sleep(min(self.settings.bot_pause, 400) / 1000)

    def source_rect(self, seat: int, tile: int | None) -> Any:
        if tile is None:
            return None
        if seat == HUMAN:
            node = found(document.querySelector(f'#hand [data-tile="{NAMES[tile]}"]'))
        else:
            node = found(document.querySelector(f'#seats [data-seat="{seat}"] .tiles'))
        return node.getBoundingClientRect() if node is not None else None

    async def slide(self, tile: int, source: Any) -> None:
        ms = self.settings.slide_ms
        node = found(document.querySelector(f'#board [data-tile="{NAMES[tile]}"]'))
        if not ms or source is None or node is None or reduced_motion():
            return
        end = node.getBoundingClientRect()
        scale = el("board").getScreenCTM().a or 1
        dx = (source.left + source.width / 2 - end.left - end.width / 2) / scale
        dy = (source.top + source.height / 2 - end.top - end.height / 2) / scale
        frames = to_js([{"transform": f"translate({dx}px, {dy}px)"},
                        {"transform": "translate(0px, 0px)"}], dict_converter=js.Object.fromEntries)
        options = to_js({"duration": ms, "easing": "cubic-bezier(.2,.7,.3,1)"},
                        dict_converter=js.Object.fromEntries)
        node.animate(frames, options)
        await asyncio.sleep(ms / 1000)

    def drive(self) -> None:
        if not self.driving:
            asyncio.ensure_future(_report_failures(self._drive()))

    async def _drive(self) -> None:
        """Play bot moves (and automatic draws) until the person must act."""
        self.driving = True
        epoch = self.epoch
        try:
            while self.table is not None and epoch == self.epoch:
                table = self.table
                game = table.game
                if game.over:
                    self.show_game_over()
                    return
                rnd = game.round
                if rnd.over:
                    self.show_round_end()
                    return
                seat = rnd.turn
                if not table.is_bot(seat):
                    moves = game.legal_moves()
                    if moves in (["draw"], ["pass"]) and self.settings.auto_draw:
                        self.status("human", "You cannot play: drawing for you…"
                                    if moves == ["draw"] else "You cannot play: passing.")
                        await asyncio.sleep(0.35)
                        if epoch == self.epoch:
                            await self.play(moves[0])
                        continue
                    self.status("human", render.turn_prompt(self.table.game.round))
                    self.mark_ready()
                    return
                self.status("bot", f"{table.names[seat]} is thinking…")
                started = time.monotonic()
                move = await self.bots.choose(table.bot_request(seat))
                # the pause lets people read the last move; a lead follows none
                pause = self.settings.bot_pause / 1000 if rnd.history else 0.0
                wait = pause - (time.monotonic() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
                if epoch != self.epoch:
                    return
                await self.play(move)
        finally:
            self.driving = False
            if epoch != self.epoch:
                self.drive()

    def mark_ready(self) -> None:
        if not self.marked_ready:
            self.marked_ready = True
            js.performance.mark("allfives:human-can-play")

    def status(self, phase: str, text: str) -> None:
        node = el("status")
        node.dataset.phase = phase
        node.textContent = text

    # -- hint ----------------------------------------------------------------

    async def on_hint(self, _evt: Any) -> None:
        if not self.can_act() or self.table is None:
            return
        bot = HINT_BOT
        el("hint-text").textContent = f"Asking {bot}…"
        epoch, turn = self.epoch, len(self.table.game.round.history)
        move = await self.bots.choose(self.table.bot_request(HUMAN, bot))
        if epoch != self.epoch or turn != len(self.table.game.round.history):
            return
        advice = render.move_advice(self.table.game.round, move)
        el("hint-text").textContent = f"Hint ({bot}): {advice}"
        self.hint = move
        self.render_hand()
        self.render_board()

    def clear_hint(self) -> None:
        self.hint = None
        el("hint-text").textContent = ""

    # -- round end, game end ---------------------------------------------------

    def show_round_end(self) -> None:
        assert self.table is not None
        self.status("round-over", "Round over.")
        el("seats").innerHTML = render.seats(self.table, reveal=True)
        el("round-end-body").innerHTML = render.round_end(self.table)
        dialog = el("round-end")
        if not dialog.open:
            dialog.showModal()

    def on_next_round(self, _evt: Any) -> None:
        el("round-end").close()
        if self.table is None or self.table.game.over or not self.table.game.round.over:
            return
        self.table.game.next_round()
        self.fresh = None
        self.save()
        self.render()
        self.drive()

    def show_game_over(self) -> None:
        assert self.table is not None
        self.status("game-over", "Game over.")
        el("seats").innerHTML = render.seats(self.table, reveal=True)
        el("game-over-body").innerHTML = render.game_over(self.table)
        dialog = el("game-over")
        if not dialog.open:
            dialog.showModal()

    def download_record(self) -> None:
        if self.table is not None:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
            download(self.table.to_save(), f"allfives-{stamp}.json")

    # -- new game ----------------------------------------------------------------

    def open_new_game(self) -> None:
        for id_ in ("game-over", "round-end"):
            if el(id_).open:
                el(id_).close()
        self.fill_new_game(self.setup)
        el("ng-error").textContent = ""
        el("new-game").showModal()

    def fill_new_game(self, setup: Setup) -> None:
        el("ng-name").value = setup.name
        for radio in document.querySelectorAll('#new-game-form input[name="players"]'):
            radio.checked = str(radio.value) == str(setup.players)
        el("ng-partnership").checked = setup.partnership
        el("ng-partnership").disabled = setup.players != 4
        el("ng-presets").innerHTML = forms.preset_options(setup)
        el("ng-hand-size").innerHTML = forms.hand_size_options(setup)
        el("ng-target").value = str(setup.target or setup.default_target())
        el("ng-bots").innerHTML = forms.bot_options(setup)

    def read_new_game(self) -> Setup:
        form = el("new-game-form")
        values: dict[str, Any] = {}
        for node in form.querySelectorAll("input, select"):
            name = str(node.name or "")
            if not name:
                continue
            if str(node.type) in ("radio", "checkbox"):
                if node.checked:
                    values[name] = str(node.value) if str(node.type) == "radio" else True
            else:
                values[name] = str(node.value)
        return forms.read_setup(values, self.setup)

    def on_new_game_change(self, evt: Any) -> None:
        """Players or rules changed: offer their hand sizes and target afresh."""
        name = str(evt.target.name or "")
        if name in ("players", "preset"):
            self.fill_new_game(replace(self.read_new_game(), hand_size=0, target=0))
        elif name.startswith("bot"):
            self.fill_new_game(self.read_new_game())

    def on_new_game_submit(self, evt: Any) -> None:
        evt.preventDefault()
        setup = self.read_new_game()
        problem = forms.check(setup)
        if problem:
            el("ng-error").textContent = problem
            return
        self.setup = setup
        store(SETUP_KEY, json.dumps(setup.to_json()))
        for id_ in ("new-game", "round-end", "game-over"):
            if el(id_).open:
                el(id_).close()
        self.epoch += 1
        self.table = Table.new(setup)
        self.selected = None
        self.fresh = None
        self.clear_hint()
        self.save()
        self.render()
        self.drive()

    # -- settings --------------------------------------------------------------------

    def open_settings(self) -> None:
        s = self.settings
        el("set-bot-pause").value = str(s.bot_pause)
        el("set-bot-pause-out").textContent = f"{s.bot_pause / 1000:.1f} s"
        el("set-speed").value = s.speed
        el("set-hand-order").value = s.hand_order
        el("set-auto-draw").checked = s.auto_draw
        el("settings").showModal()

    def on_settings_change(self, _evt: Any) -> None:
        self.settings = Settings.from_json({
            "bot_pause": int(str(el("set-bot-pause").value)),
            "speed": str(el("set-speed").value),
            "hand_order": str(el("set-hand-order").value),
            "auto_draw": bool(el("set-auto-draw").checked),
        })
        el("set-bot-pause-out").textContent = f"{self.settings.bot_pause / 1000:.1f} s"
        store(SETTINGS_KEY, json.dumps(self.settings.to_json()))
        self.render_hand()
        if self.can_act():
            self.drive()

    # -- drawing the table ----------------------------------------------------------------

    def render(self) -> None:
        table = self.table
        assert table is not None
        scored = None
        rnd = table.game.round
        if self.fresh and self.fresh[1] and rnd.history:
            scored = table.rules.side_of(rnd.history[-1][0])
        el("scores").innerHTML = render.scores(table, scored)
        el("seats").innerHTML = render.seats(table, reveal=table.game.round.over)
        el("log").innerHTML = render.log(table)
        log = el("log")
        log.scrollTop = log.scrollHeight
        el("boneyard").querySelector(".left").textContent = str(table.game.round.boneyard_left)
        self.render_hand()
        self.render_board()

    def render_hand(self) -> None:
        table = self.table
        if table is None:
            return
        rnd = table.game.round
        active = rnd.turn == HUMAN and not rnd.over and not table.game.over
        moves = rnd.legal_moves() if rnd.turn == HUMAN else []
        playable = {m >> 5 for m in moves if m >= 0}
        tiles = render.hand_order(tiles_of(rnd.hands[HUMAN]), self.settings.hand_order,
                                  render.received_order(rnd, HUMAN))
        el("hand").innerHTML = render.hand(tiles, playable, self.selected, active,
                                           render.hinted_tile(self.hint))
        must_draw = active and moves == [DRAW]
        must_pass = active and moves == [PASS]
        toggle(el("draw"), "disabled", not must_draw)
        toggle(el("pass"), "disabled", not must_pass)
        toggle(el("pass"), "hidden", not must_pass)
        toggle(el("hint"), "disabled", not active or not playable)

    def render_board(self) -> None:
        table = self.table
        if table is None:
            return
        felt = el("felt")
        aspect = max(felt.clientWidth, 1) / max(felt.clientHeight, 1)
        rnd = table.game.round
        targets = render.targets_for(rnd, self.selected) if self.selected is not None else ()
        fresh, points = self.fresh if self.fresh else (None, 0)
        drawn = render.board(rnd, aspect, targets, self.selected, fresh, points, self.hint)
        board = el("board")
        board.setAttribute("viewBox", drawn.view_box)
        board.innerHTML = drawn.svg


def toggle(node: Any, attribute: str, on_: bool) -> None:
    if on_:
        node.setAttribute(attribute, "")
    else:
        node.removeAttribute(attribute)


def seed_from_url() -> str | None:
    """``?seed=N`` deals a known first game (for tests and bug reports)."""
    params = js.URLSearchParams.new(window.location.search)
    seed = params.get("seed")
    return str(seed) if seed else None


def main() -> None:
    try:
        App().start()
    except Exception as e:  # noqa: BLE001 - a plain message for people, details in the console
        js.console.error(f"allfives: could not start: {type(e).__name__}: {e}")
        el("progress").textContent = ("The game could not start in this browser. "
                                      "Reloading the page may help.")
        el("progress").removeAttribute("hidden")
        el("status").textContent = "Not started."


main()
