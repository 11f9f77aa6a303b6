"""The look (``allfives.web.table.looks``): the theme, tile faces and larger
tiles kept in the settings, read as tolerantly as the rest of them, the SVG
of each tile face, the colours each theme gives them (``static/style.css``),
and ``static/theme.js`` agreeing with the Python side on the names."""

from __future__ import annotations

import json
import re

import pytest

from allfives.moves import parse_move
from allfives.tiles import NAMES, parse_tile
from allfives.web.draw import board, render
from allfives.web.draw.tally import tally_svg
from allfives.web.home.rules_help import rules_help
from allfives.web.paint.parts import Part
from allfives.web.table import looks
from allfives.web.table.hand import HandState
from allfives.web.table.looks import FACES, THEMES, Looks
from allfives.web.table.settings import Settings
from allfives.web.table.table_view import TableView

from ...helpers import ROOT
from ..tables import random_game, scripted_table, view_of

mv = parse_move  # a move from its text, short for the decisions below

STYLE = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
THEME_JS = (ROOT / "static" / "theme.js").read_text(encoding="utf-8")
HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")


# -- the settings -------------------------------------------------------------


def test_the_look_defaults_to_the_system_theme_pips_and_normal_tiles():
    got = Settings()
    assert (got.theme, got.faces, got.large_tiles) == ("system", "pips", False)
    assert got.looks == Looks("pips", False)
    assert got.looks_frame() == {"html": Part(attrs=(
        ("data-theme", "system"), ("data-faces", "pips"), ("data-large", "false")))}
    stored = Settings().to_json()
    assert {k: stored[k] for k in ("theme", "faces", "large_tiles")} == {
        "theme": "system", "faces": "pips", "large_tiles": False}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("faces", FACES)
def test_every_theme_and_face_is_kept_and_read_back(theme, faces):
    chosen = Settings.from_json({"theme": theme, "faces": faces, "large_tiles": True})
    assert (chosen.theme, chosen.faces, chosen.large_tiles) == (theme, faces, True)
    again = Settings.from_json(json.loads(json.dumps(chosen.to_json())))
    assert again == chosen
    assert again.looks_frame() == {"html": Part(attrs=(
        ("data-theme", theme), ("data-faces", faces), ("data-large", "true")))}


@pytest.mark.parametrize("hostile", [
    {"theme": "neon", "faces": "dice", "large_tiles": "yes"},
    {"theme": "DARK", "faces": "Pips ", "large_tiles": 1},
    {"theme": 3, "faces": None, "large_tiles": "true"},
    {"theme": ["dark"], "faces": {"colour": 1}, "large_tiles": [True]},
    {"theme": "__proto__", "faces": "constructor", "large_tiles": {}},
    {"theme": "dark\u0000", "faces": "<svg onload=alert(1)>", "large_tiles": 0.5},
    {"theme": True, "faces": False, "large_tiles": None},
])
def test_hostile_or_corrupt_look_values_fall_back_to_the_defaults(hostile):
    got = Settings.from_json({"bot_pause": 300, **hostile})
    assert (got.theme, got.faces, got.large_tiles) == ("system", "pips", False)
    assert got.bot_pause == 300  # the rest is read as before


@pytest.mark.parametrize("junk", [None, "dark", 7, ["theme", "dark"], True])
def test_settings_that_are_not_an_object_are_the_defaults(junk):
    assert Settings.from_json(junk) == Settings()


def test_html_attributes_never_carry_an_unknown_value():
    assert looks.html_attributes("neon", "dice", "yes") == {  # type: ignore[arg-type]
        "data-theme": "system", "data-faces": "pips", "data-large": "false"}


# -- the tiles' faces ----------------------------------------------------------


def texts(svg: str) -> list[str]:
    return re.findall(r'<text class="numeral n(\d)"[^>]*>(\d)</text>', svg)


def test_a_numeral_face_writes_both_numbers_and_no_pips():
    svg = board.tile_svg(parse_tile("3-5"), "3-5", faces="numerals")
    assert texts(svg) == [("3", "3"), ("5", "5")]
    assert 'class="pip' not in svg
    # its words, as a button's visible label: "3 5", within its name "3-5, playable"
    assert re.sub(r"<[^>]+>", "", svg.split("</title>")[1]) == "3 5"
    blank = board.tile_svg(parse_tile("0-0"), faces="numerals")
    assert texts(blank) == [("0", "0"), ("0", "0")]


def test_coloured_pips_carry_a_class_per_number():
    svg = board.tile_svg(parse_tile("3-5"), faces="colour")
    assert svg.count('class="pip n3"') == 3 and svg.count('class="pip n5"') == 5
    assert svg.count('class="pip') == 8 and "<text" not in svg
    assert 'class="pip n0"' not in board.tile_svg(parse_tile("0-6"), faces="colour")
    assert board.tile_svg(parse_tile("0-6"), faces="colour").count('class="pip n6"') == 6


def test_plain_pips_have_no_number_class_and_no_numerals():
    svg = board.tile_svg(parse_tile("3-5"), faces="pips")
    assert svg.count('class="pip"') == 8 and " n3" not in svg and "<text" not in svg


def test_tiles_are_drawn_as_they_are_told_and_as_pips_unless_told():
    # no module state: what draws a tile is told its faces (the page: the settings')
    assert texts(board.tile_svg(parse_tile("2-6"), faces="numerals")) == [("2", "2"), ("6", "6")]
    assert 'class="pip"' in board.tile_svg(parse_tile("2-6"))
    game = random_game("standard", 2, 1)
    drawn = board.board(view_of(game), 1.5, drawn=Looks("numerals", False)).svg
    placed = [NAMES[t] for t, _ in game.round.layout.placements]
    assert len(texts(drawn)) == 2 * len(placed) and 'class="pip' not in drawn
    assert 'class="pip n' in board.board(view_of(game), 1.5, drawn=Looks("colour")).svg
    assert 'class="pip"' in board.board(view_of(game), 1.5).svg
    seen = view_of(game)
    assert "<text" in render.hand(HandState(tuple(seen.player.hand), frozenset(), None, False,
                                            None, False, False), "numerals")
    assert "<text" in rules_help("standard", Looks("numerals"))  # How to play's examples
    assert "<text" not in rules_help("standard")


def test_larger_tiles_zoom_the_board_in_closer():
    view = TableView.of(scripted_table())
    normal = board.board(view, 1.6, drawn=Looks()).view_box
    large = board.board(view, 1.6, drawn=Looks("pips", True)).view_box
    assert float(normal.split()[2]) == pytest.approx(board.MIN_VIEW)
    assert float(large.split()[2]) == pytest.approx(board.MIN_VIEW_LARGE)
    game = random_game("standard", 2, 1)  # a full table still fits whole
    assert board.board(view_of(game), 1.5, drawn=Looks("pips", True)).svg.count("data-tile") \
        == len(game.round.layout.placements)


@pytest.mark.parametrize("faces", FACES)
def test_the_svg_names_no_colour_of_its_own(faces):
    # the theme colours everything through classes (style.css): no fill or stroke
    # written into the tiles, the board or the tally marks
    game = random_game("standard", 2, 1)
    drawn = board.board(view_of(game), 1.5, drawn=Looks(faces, False)).svg
    svg = drawn + board.tile_svg(parse_tile("4-6"), faces=faces) + tally_svg(55) + tally_svg(-3)
    assert not HEX.search(svg)
    assert not re.search(r'(?<![\w-])(fill|stroke)="(?!currentColor)', svg)


# -- the themes' colours (static/style.css) -----------------------------------


def scheme(name: str) -> dict[str, str]:
    """The custom properties a scheme sets, over light's (the base)."""
    base = re.search(r':root, :root\[data-scheme="light"\] \{(.*?)\n\}', STYLE, re.S)
    own = re.search(rf':root\[data-scheme="{name}"\] \{{(.*?)\n\}}', STYLE, re.S)
    assert base and own, name
    found: dict[str, str] = {}
    for block in (base.group(1), own.group(1)):
        found |= dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?)\b", block))
    return found


def luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("name", ["light", "dark", "contrast"])
def test_each_theme_gives_six_distinct_pip_colours_that_stand_out_on_its_tiles(name):
    colours = scheme(name)
    face = colours["--tile-face"]
    pips = [colours[f"--pip-{n}"] for n in range(1, 7)]
    assert len(set(pips)) == 6
    assert all(contrast(pip, face) >= 4.5 for pip in pips), [
        (pip, round(contrast(pip, face), 2)) for pip in pips]
    assert contrast(colours["--pip"], face) >= 7
    assert contrast(colours["--text"], colours["--bar"][:7]) >= 7


def test_every_pip_number_has_its_rule():
    for n in range(1, 7):
        assert f".tile .pip.n{n} {{ fill: var(--pip-{n}); }}" in STYLE


# -- static/theme.js -----------------------------------------------------------


def js_list(name: str) -> tuple[str, ...]:
    found = re.search(rf"var {name} = \[([^\]]*)\]", THEME_JS)
    assert found, name
    return tuple(json.loads(f"[{found.group(1)}]"))


def test_theme_js_knows_the_same_names_and_reads_the_same_key():
    assert js_list("THEMES") == THEMES and js_list("FACES") == FACES
    assert '"allfives.settings"' in THEME_JS
    assert "large_tiles === true" in THEME_JS  # only a real true, as Settings.from_json
    bar = dict(re.findall(r'(\w+): "(#[0-9a-f]{6})"', THEME_JS.split("var BAR = ")[1]
                          .split("}")[0]))
    assert set(bar) == {"light", "dark", "contrast"}
    for name, colour in bar.items():  # the browser's bar takes the header's colour
        assert scheme(name)["--bar"].lower().startswith(colour), name


def test_the_review_chart_and_grade_swatches_are_coloured_by_the_page():
    from allfives.bots.analysis import Decision
    from allfives.web.review.chart import Track, chart_svg, legend
    from allfives.web.table.words_grades import swatch

    tracked = Track(((0, 0), (10, 0), (10, 5), (15, 5)), (0,), 20)
    decisions = [Decision(1, 1, 0, mv("5-5"), mv("5-5"), 0.0, 2),
                 Decision(1, 3, 0, mv("5-5"), mv("0-5>5-5"), 30.0, 2)]
    svg = (chart_svg(tracked, decisions, ["You", "Anna"], 0, "T", "D")
           + legend(["You", "Anna"], 0) + "".join(swatch(g) for g in
                                                  ("best", "good", "inaccuracy", "mistake",
                                                   "blunder")))
    assert not HEX.search(svg)
    for name in ("grade-best", "grade-blunder", "side-0", "side-1", "axis", "cut"):
        assert f'class="{name}' in svg.replace("'", '"') or f' {name}"' in svg, name
    for n in range(4):
        assert f"polyline.side-{n} {{ stroke: var(--side-{n}); }}" in STYLE


def test_the_count_on_the_table_is_shown_unless_the_setting_hides_it():
    assert Settings().count is True and Settings.from_json({}).count is True
    hidden = Settings.from_json({"count": False})
    assert hidden.count is False
    assert Settings.from_json(json.loads(json.dumps(hidden.to_json()))).count is False
