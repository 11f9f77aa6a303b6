"""The real table's section as the one writer's frame (``frame.parts``):
what shows is decided from the kept game alone (Start, the call field, the
boneyard, the draw count's most, the header's Review, the page's mode), and
the game-over panel at the game's end."""

from __future__ import annotations

from allfives.observed import ObservedGame
from allfives.rules import Rules
from allfives.tiles import parse_tile
from allfives.web.draw.board import board
from allfives.web.paint.events import Size
from allfives.web.paint.parts import Effect, Part
from allfives.web.realtable.frame import board_parts, frame, game_over_html, over, parts
from allfives.web.realtable.keeper import Keeper
from allfives.web.table.looks import Looks

from .test_keeper import bot_game, keeper_for, tap_round


def painted(keeper: Keeper) -> dict[str, Part]:
    return parts(frame(keeper, Looks(), False))


def test_at_a_deal_the_names_to_tap_show_and_nothing_is_to_review():
    keeper = Keeper(ObservedGame(Rules.make("standard", players=3), ["Anna", "Ben", "Cleo"]))
    now = painted(keeper)
    assert now["body"] == Part(attrs=(("data-mode", "table"),))
    assert now["#real-table"] == Part(attrs=(("data-phase", "start"),))
    assert now["#entry-start"] == Part(attrs=(("hidden", ""),))  # no hand to tap in
    assert now["#entry-call-row"] == Part(attrs=(("hidden", ""),))
    assert now["#entry-call"] == Part(props=(("value", ""),))
    assert now["#table-boneyard"] == Part(attrs=(("hidden", ""),))
    assert "#table-boneyard .left" not in now and "#entry-drew-count" not in now
    assert now["#review-button"] == Part(attrs=(("disabled", ""),))
    assert (now["#entry-starters"].html or "").count("data-starter=") == 3


def test_the_known_hand_is_tapped_in_before_start_shows():
    keeper = Keeper(ObservedGame(Rules.make("standard"), ["Anna", "Ben"], known_seat=0))
    keeper.choose_starter(1)
    assert painted(keeper)["#entry-start"] == Part(attrs=(("hidden", None),))


def test_while_a_round_is_played_the_boneyard_counts_and_calls_show_when_played():
    keeper = Keeper(ObservedGame(Rules.make("standard", players=3), ["Anna", "Ben", "Cleo"],
                                 calls="on"))
    keeper.choose_starter(1)
    keeper.tap_tile(parse_tile("5-5"))
    now = painted(keeper)
    assert now["#table-boneyard"] == Part(attrs=(
        ("hidden", None), ("data-boneyard", "7"), ("aria-label", "Boneyard: 7 tiles"),
        ("title", "Boneyard: 7 tiles")))
    assert now["#table-boneyard .left"] == Part(text="7")
    assert now["#entry-drew-count"] == Part(attrs=(("max", "7"),))
    assert now["#entry-call-row"] == Part(attrs=(("hidden", None),))
    assert "#entry-call" not in now  # what is typed in it stays
    assert now["#review-button"] == Part(attrs=(("disabled", None),))  # a round entered
    assert over(keeper) == ({}, [])


def test_the_game_over_panel_says_who_won_with_no_deal_to_share():
    game = bot_game("standard", players=2, seed=30)
    keeper = keeper_for(game)
    for r in range(len(game.rounds)):
        tap_round(keeper, game, r)
    panel, effects = over(keeper)
    assert panel == {
        "#game-over-body": Part(html=game_over_html(keeper)),
        "#game-over-deal": Part(text=""),
        "#game-over-share": Part(attrs=(("hidden", ""),)),
        "#game-over-share-link": Part(attrs=(("hidden", ""),)),
        "#game-over-daily": Part(text=keeper.said.text if keeper.said else ""),
    }
    assert effects == [Effect("open", "game-over")]
    assert painted(keeper)["#real-table"] == Part(attrs=(("data-phase", "over"),))


def test_the_board_is_drawn_for_the_box_the_page_tells():
    keeper = Keeper(ObservedGame(Rules.make("standard", players=3), ["Anna", "Ben", "Cleo"]))
    keeper.choose_starter(1)
    keeper.tap_tile(parse_tile("5-5"))
    scene = frame(keeper, Looks(), False).scene
    wide = board_parts(scene, Size(370.5, 240.25, 371, 240))
    expected = board(scene.view, 370.5 / 240.25, fresh=scene.fresh,
                     fresh_points=scene.fresh_points, width_px=370.5, drawn=scene.drawn)
    assert wide == {"#table-board": Part(html=expected.svg,
                                         attrs=(("viewBox", expected.view_box),))}
    assert "5-5" in expected.svg
    tall = board_parts(scene, Size(240.25, 370.5, 240, 371))["#table-board"]
    assert dict(tall.attrs)["viewBox"] != dict(wide["#table-board"].attrs)["viewBox"]
    # a box not laid out yet (0 by 0) draws, square, without dividing by nothing
    assert board_parts(scene, Size(0, 0, 0, 0))["#table-board"].html == board(
        scene.view, 1.0, fresh=scene.fresh, fresh_points=scene.fresh_points,
        drawn=scene.drawn).svg
