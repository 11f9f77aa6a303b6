"""The browser game's pure parts, in CPython: geometry, SVG/HTML, set-up,
saving, the worker's decisions, the package bundle and the serve command."""

from __future__ import annotations

import json
import random
import re
import urllib.request
import zipfile
from threading import Thread

import pytest

from allfives import serve
from allfives.bots import BOTS, DESCRIPTIONS, LEVELS
from allfives.game import Game
from allfives.moves import parse_move
from allfives.rules import PRESETS, Rules
from allfives.tiles import NAMES
from allfives.web import bundle, forms, render
from allfives.web.decide import decide
from allfives.web.geometry import Arranger
from allfives.web.table import HINT_BOT, SaveError, Settings, Setup, Table


def random_game(preset: str, players: int, seed: int) -> Game:
    """A round played out at random, for layouts of every shape."""
    game = Game(Rules.make(preset, players=players, target=10_000), seed)
    rng = random.Random(seed)
    while not game.round.over:
        game.apply(rng.choice(game.legal_moves()))
    return game


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


# -- geometry ------------------------------------------------------------------


def overlaps(placed: list) -> int:
    boxes = [p.box() for p in placed]
    return sum(overlap(boxes[i], boxes[j]) > 1e-6 for i in range(len(boxes)) for j in range(i))


@pytest.mark.parametrize("preset", ["standard", "muggins", "five_up"])
@pytest.mark.parametrize("aspect", [0.6, 1.0, 1.8])
def test_tiles_never_overlap_and_each_joins_its_neighbour(preset, aspect):
    for seed in range(40):
        rnd = random_game(preset, 2, seed).round
        arranger = Arranger.of(rnd.layout.placements, rnd.rules.spinners, aspect)
        placed = arranger.placed
        assert [p.tile for p in placed] == [t for t, _ in rnd.layout.placements]
        assert overlaps(placed) == 0, seed
        # every non-double touches the tile it joins, number against number
        where = {p.tile: p for p in placed}
        for tile, on in rnd.layout.placements[1:]:
            p, q = where[tile], where[on]
            assert p.near in (q.near, q.far)


def test_where_a_tile_could_only_overlap_earlier_tiles_are_laid_another_way():
    # Five Up, seed 24: laid one by one, each the first clear way, the 15th
    # tile finds every way covered; the search lays an earlier tile otherwise.
    placements = random_game("five_up", 2, 24).round.layout.placements
    greedy = Arranger("all", 1.0)._lay(placements, 0, [], [], None)
    assert greedy.fail == 14 and overlaps(greedy.last.placed) > 0
    repaired = Arranger.of(placements, "all", 1.0)
    assert overlaps(repaired.placed) == 0
    changed = [i for i, (p, q) in enumerate(zip(greedy.last.placed, repaired.placed, strict=True))
               if p != q]
    assert 0 < changed[0] < greedy.fail  # tiles before the change keep their places
    # and a layout that lies clear as it grows is exactly the greedy one
    clean = random_game("standard", 2, 1).round.layout.placements
    assert Arranger("first", 1.0)._lay(clean, 0, [], [], None).fail is None
    assert Arranger.of(clean, "first", 1.0).placed == \
        Arranger("first", 1.0)._lay(clean, 0, [], [], None).last.placed


def test_a_long_arm_turns_inside_the_box():
    rnd = random_game("muggins", 2, 5).round
    arranger = Arranger.of(rnd.layout.placements, "none", 1.0)
    x0, _, x1, _ = arranger.bounds()
    assert x1 - x0 <= 2 * arranger.half_w + 4  # it bent rather than running off
    directions = {p.horizontal for p in arranger.placed if p.near != p.far}
    assert directions == {True, False}


def test_a_spinner_lead_grows_four_arms_sides_first():
    arranger = Arranger.of([(parse_move("5-5") >> 5, -1)], "first")
    lead = arranger.placed[0]
    assert lead.spinner and not lead.horizontal  # crosswise to the line
    five_five = NAMES.index("5-5")
    joins = [NAMES.index(n) for n in ("0-5", "1-5", "2-5", "3-5")]
    spots = [arranger.place(t, five_five).center for t in joins]
    assert spots[0][1] == spots[1][1] == 0  # sides: along the line
    assert spots[2][0] == spots[3][0] == 0  # ends: across it
    assert spots[0][0] > 0 > spots[1][0] and spots[2][1] < 0 < spots[3][1]


# -- board, hand, seats, log, round end -------------------------------------------


def test_board_has_one_element_per_placed_tile_and_a_view_box_round_them():
    rnd = random_game("standard", 2, 1).round
    drawn = render.board(rnd, 1.5)
    tiles = re.findall(r'<g class="tile[^"]*" data-tile="(\d-\d)"', drawn.svg)
    assert tiles == [NAMES[t] for t, _ in rnd.layout.placements]
    _, _, w, h = map(float, drawn.view_box.split())
    assert w / h == pytest.approx(1.5, rel=1e-2)
    assert drawn.svg.count('class="pip"') == sum(
        int(a) + int(b) for t, _ in rnd.layout.placements for a, b in [NAMES[t].split("-")])


def test_targets_light_up_with_their_points():
    game = Game(Rules.make("standard"), 1)
    rnd = game.round
    rnd.hands[rnd.turn] |= 1 << NAMES.index("5-5")
    rnd.hands[rnd.turn] &= ~(1 << NAMES.index("0-5"))
    game.apply("5-5")
    rnd.hands[rnd.turn] |= 1 << NAMES.index("0-5")
    targets = render.targets_for(rnd, NAMES.index("0-5"))
    assert targets == (render.Target("0-5>5-5", NAMES.index("5-5"), 10),)
    svg = render.board(rnd, 1.6, targets, NAMES.index("0-5")).svg
    assert 'data-target="5-5"' in svg and 'data-move="0-5>5-5"' in svg and ">+10<" in svg


def test_a_hint_outlines_the_tile_it_joins_and_the_place_it_takes():
    rnd = random_game("standard", 2, 1).round
    tile, on = rnd.layout.placements[-1]
    played = render.board(rnd, 1.6).svg
    rnd.layout.placements.pop()  # the last play, as a hint before it was made
    move = f"{NAMES[tile]}>{NAMES[on]}"
    svg = render.board(rnd, 1.6, hint=move).svg
    assert re.findall(r'data-tile="(\d-\d)" data-hint="target"', svg) == [NAMES[on]]
    place = re.search(r'data-hint="place"[^>]*><rect (x="[^"]*" y="[^"]*")', svg)
    face = re.search(rf'data-tile="{NAMES[tile]}">.*?<rect class="face" (x="[^"]*" y="[^"]*")',
                     played)
    assert place and face and place.group(1) == face.group(1)  # where the tile would lie
    assert 'data-hint="place" data-tile' not in svg  # the place is no tile on the table
    assert 'data-hint' not in render.board(rnd, 1.6, hint="draw").svg
    assert 'data-hint' not in render.board(rnd, 1.6).svg
    lead = Game(Rules.make("standard"), 1).round
    lead_svg = render.board(lead, 1.6, hint="4-4").svg
    assert lead_svg.count('data-hint="place"') == 1 and 'data-hint="target"' not in lead_svg
    assert render.hinted_tile(move) == tile
    assert render.hinted_tile("pass") is None and render.hinted_tile(None) is None
    html = render.hand([tile, on], {tile}, None, True, hinted=tile)
    assert re.findall(r'data-tile="(\d-\d)" data-hint="tile"', html) == [NAMES[tile]]


def test_turn_prompts_and_hint_words():
    game = Game(Rules.make("standard"), 1)
    assert render.turn_prompt(game.round) == "Your lead: play any tile."
    first = game.legal_moves()[0]
    assert render.move_advice(game.round, first).startswith(f"lead with {first}")
    game.apply(first)
    assert render.turn_prompt(game.round) in (
        "Your turn: play a highlighted tile.", "No tile fits: draw from the boneyard.")
    assert render.move_advice(game.round, "draw") == "draw"
    rnd = random_game("standard", 2, 3).round
    rnd.end = None  # look at a finished table as if play went on
    rnd.bone_pos = len(rnd.boneyard)
    rnd.hands[rnd.turn] = 0
    assert render.turn_prompt(rnd) == "No tile fits and the boneyard is empty: you must pass."


def test_hand_marks_playable_tiles_and_orders_them():
    tiles = [NAMES.index(n) for n in ("0-1", "6-6", "2-3")]
    html = render.hand(render.hand_order(tiles, "largest", tiles), {tiles[1]}, None, True)
    assert re.findall(r'data-tile="(\d-\d)"', html) == ["6-6", "2-3", "0-1"]
    assert 'data-tile="6-6" data-playable="true"' in html
    assert html.count('data-playable="false"') == 2
    assert html.count("<button") == 3 and 'aria-label="6-6, playable"' in html
    assert render.hand_order(tiles, "received", [tiles[2], tiles[0], tiles[1]]) == \
        [tiles[2], tiles[0], tiles[1]]


def test_log_has_an_entry_per_move_and_round_end_explains_each_line():
    game = random_game("standard", 3, 4)
    table = Table(game, ("You", "Anna", "Ben"), (None, "greedy", "random"))
    log = render.log(table)
    assert log.count('class="move"') == len(game.round.history)
    end = render.round_end(table)
    for line in game.round.result.lines:
        assert f"{line.points:+d} for" in end
    assert "rounded to" in end


def test_score_lines_in_words():
    game = random_game("winner_takes", 4, 2)
    table = Table(game, ("You", "Anna", "Ben", "Cara"), (None, "greedy", "greedy", "greedy"))
    words = [render.score_line(table, ln) for ln in game.round.result.lines]
    assert all(w.endswith(".") and " pips" in w for w in words)
    assert render.scores(table).count("data-side=") == 2
    assert "You &amp; Ben" in render.scores(table)


def test_seats_show_backs_or_faces_and_partners():
    game = Game(Rules.make("standard", players=4), 3)
    table = Table(game, ("You", "Anna", "Ben", "Cara"), (None, "greedy", "greedy", "greedy"))
    hidden = render.seats(table)
    assert hidden.count('class="back"') == 15 and "partner" in hidden
    assert render.seats(table, reveal=True).count('class="shown"') == 15


# -- set-up, settings, saving ---------------------------------------------------------------


def test_setup_dialog_offers_every_preset_and_the_four_levels():
    setup = Setup()
    html = forms.preset_options(setup)
    for name, preset in PRESETS.items():
        assert f'value="{name}"' in html and preset.description in html.replace("&#x27;", "'")
    bots = forms.bot_options(Setup(players=4, bots=("easy", "hard", "expert")))
    assert bots.count("<select") == 3
    assert re.findall(r'<option value="(\w+)"', bots) == list(LEVELS) * 3
    assert re.findall(r'<option value="(\w+)" selected', bots) == ["easy", "hard", "expert"]
    shown = re.findall(r'<span class="bot-desc">([^<]*)</span>', bots)
    assert shown == [DESCRIPTIONS[b] for b in ("easy", "hard", "expert")]


def test_bots_kept_from_older_saves_show_as_levels():
    bots = forms.bot_options(Setup(players=3, bots=("greedy", "random", "medium")))
    assert re.findall(r'<option value="(\w+)" selected', bots) == ["medium", "medium"]
    # a level not offered cannot be chosen through the dialog
    values = {"players": "3", "preset": "standard", "bot0": "random", "bot1": "expert"}
    assert forms.read_setup(values, Setup()).bots[:2] == ("medium", "expert")


def test_setup_read_from_the_dialog():
    values = {"name": "  Zed  ", "players": "4", "partnership": True, "preset": "punt",
              "hand_size": "7", "target": "300", "bot0": "easy", "bot1": "hard",
              "bot2": "expert"}
    setup = forms.read_setup(values, Setup())
    assert (setup.name, setup.players, setup.partnership, setup.preset) == ("Zed", 4, True, "punt")
    rules = setup.rules()
    assert (rules.hand_size, rules.target, rules.partnership) == (7, 300, True)
    assert setup.bots == ("easy", "hard", "expert")
    assert forms.check(setup) is None
    assert forms.check(forms.read_setup({**values, "target": "-5"}, Setup())) is not None
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    assert Setup.from_json({"players": 9, "preset": "nope", "bots": ["zzz"]}) == \
        Setup(bots=Setup().bots)


def test_settings_survive_bad_storage():
    assert Settings.from_json({"bot_pause": -1, "speed": "warp"}) == Settings()
    assert Settings.from_json("junk") == Settings()
    assert Settings(speed="off").slide_ms == 0


def test_save_round_trip_and_corrupt_saves():
    table = Table.new(Setup(name="Zed", players=3), seed=9)
    table.game.apply(table.game.legal_moves()[0])
    again = Table.from_save(table.to_save())
    assert again.names == ("Zed", "Anna", "Ben") and again.bots[0] is None
    assert again.game.round.history == table.game.round.history
    assert json.loads(table.to_save())["format"] == "allfives-record/1"
    for bad in ("{", "[]", '{"format": "allfives-record/1", "rules": {}, "rounds": []}',
                json.dumps({**json.loads(table.to_save()), "rounds": [7]})):
        with pytest.raises(SaveError):
            Table.from_save(bad)


def test_bot_requests_cross_to_the_worker_and_back():
    table = Table.new(Setup(), seed=4)
    request = json.loads(json.dumps(table.bot_request(table.game.round.turn)))
    move = decide(request)
    assert move in table.game.legal_moves()
    assert decide(request) == move  # the seed makes it repeatable
    assert HINT_BOT in BOTS


# -- bundle and server -----------------------------------------------------------------------


def test_bundle_holds_every_module(tmp_path):
    path = bundle.build(tmp_path / "allfives.zip")
    names = set(zipfile.ZipFile(path).namelist())
    assert {"allfives/game.py", "allfives/web/worker.py", "allfives/bots/__init__.py"} <= names
    assert len(names) == len(bundle.sources())


def test_serve_types_and_missing_vendor(tmp_path, capsys):
    assert serve.missing_vendor(tmp_path) == list(serve.REQUIRED)
    httpd = serve.make_server(0)
    Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        host, port = httpd.server_address[:2]
        with urllib.request.urlopen(f"http://{host}:{port}/index.html") as r:
            assert r.headers["Content-Type"].startswith("text/html")
        assert serve.Handler.extensions_map[".wasm"] == "application/wasm"
        assert serve.Handler.extensions_map[".mjs"] == "text/javascript"
    finally:
        httpd.shutdown()
        httpd.server_close()
