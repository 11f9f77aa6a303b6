"""The page's decisions (``allfives.web.play.controller``), driven in CPython
through the same events the page sends: clicks on tiles and lit places,
drags, the hint, bots answering, next round, new game."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from allfives.bots.analysis import ESTIMATE, EXACT, Best, review
from allfives.moves import DRAW, PASS, Move, move_text, parse_move
from allfives.record import replay
from allfives.tiles import NAMES
from allfives.view import PlayerView
from allfives.web import worker
from allfives.web.bots.decide import decide
from allfives.web.draw.board import BoardScene, Target
from allfives.web.paint.events import DRAG, Hook, PageEvent
from allfives.web.play.controller import SHORTCUTS, Controller
from allfives.web.play.pointer import HAND_DRAG, dragged
from allfives.web.play.steps import (
    AutoMove,
    AwaitPerson,
    BotMove,
    Command,
    Fresh,
    GameOver,
    Play,
    Played,
    Refuse,
    RoundOver,
    Say,
    Select,
    Status,
)
from allfives.web.table.focus import next_focus
from allfives.web.table.hand import hand_order, played_tile
from allfives.web.table.looks import Looks
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView

from ..bots.test_bot_answers import run
from ..tables import scripted_table

ZERO_SIX = NAMES.index("0-6")


def person_moves(ctl: Controller) -> Move:
    """Take the person's turn as they would: Draw or Pass when lit, else
    click the first playable tile and, when places light up, the first one."""
    hand = ctl.hand(ctl.view())
    if hand.must_draw or hand.must_pass:
        reply = Play(DRAW if hand.must_draw else PASS)
    else:
        tile = next(t for t in hand.tiles if t in hand.playable)
        reply = ctl.click_tile(tile)
        if isinstance(reply, Select):
            assert reply.tile == tile and ctl.status().text.startswith("Where should")
            targets = ctl.targets(ctl.view())
            assert len(targets) >= 2
            reply = ctl.click_place(targets[0].move)
    assert isinstance(reply, Play)
    return reply.move


def drive(ctl: Controller, limit: int = 400,
          person: Callable[[Controller], Move] = person_moves) -> RoundOver | GameOver:
    """Run the turn loop as the page does, until a round or the game is over;
    the person's turns taken by ``person``."""
    for _ in range(limit):
        step = ctl.next_step()
        if isinstance(step, (RoundOver, GameOver)):
            return step
        if isinstance(step, BotMove):
            assert ctl.status() == Status("bot", f"{ctl.view().names[step.seat]} is thinking…")
            move = parse_move(worker.choose(json.dumps(step.request.to_json())))  # as the worker
        elif isinstance(step, AutoMove):
            move = step.move
        else:
            assert isinstance(step, AwaitPerson) and ctl.status().phase == "human"
            move = person(ctl)
        assert isinstance(ctl.play(move), Played)
    raise AssertionError("the round did not end")


def test_a_whole_round_is_played_through_events():
    table = Table.new(Setup(players=3, bots=("hard", "easy", "medium")), seed=5)
    ctl = Controller(table, Settings())
    assert isinstance(drive(ctl), RoundOver)
    assert ctl.status() == Status("round-over", "Round over.")
    view = ctl.view()
    assert view.round.over and view.turn is None and not view.human_to_move
    assert [len(t) for t in view.round.revealed] == [bin(h).count("1")
                                                      for h in table.game.round.hands]
    seats = {s for s, _, _ in view.round.history}
    assert seats == {0, 1, 2}  # the person and both bots moved
    # the game as played is a valid record, move for move
    again = replay(json.loads(table.to_save()))
    assert again.round.history == table.game.round.history
    if view.player.hand:  # between rounds a click on a tile means nothing
        assert ctl.click_tile(view.player.hand[0]) is None


def test_a_whole_game_to_its_target_through_rounds():
    table = Table.new(Setup(target=60), seed=3)
    ctl = Controller(table, Settings(auto_draw=True))
    rounds = 1
    while isinstance(drive(ctl), RoundOver):
        assert ctl.next_round()
        assert ctl.fresh is None
        rounds += 1
    assert ctl.status() == Status("game-over", "Game over.")
    assert max(table.game.scores) >= 60 and len(table.game.rounds) == rounds
    assert not ctl.next_round()  # nothing deals after the game
    assert ctl.view().winner == table.game.winner


def test_a_tile_with_two_places_asks_where_and_lights_them():
    ctl = Controller(scripted_table(), Settings())
    assert ctl.next_step() == AwaitPerson()
    assert ctl.status() == Status("human", "Your turn: play a highlighted tile.")
    assert ctl.click_tile(ZERO_SIX) == Select(ZERO_SIX)
    assert ctl.status() == Status("human", "Where should 0-6 go? Pick a lit place.")
    view = ctl.view()
    assert ctl.targets(view) == (Target(parse_move("0-6>0-5"), NAMES.index("0-5"), 0),
                                 Target(parse_move("0-6>5-6"), NAMES.index("5-6"), 0))
    assert ctl.click_tile(ZERO_SIX) == Select(None)  # a second click puts it back
    assert ctl.targets(view) == ()
    ctl.click_tile(ZERO_SIX)
    assert ctl.escape() == Select(None) and ctl.escape() is None
    assert ctl.click_place(parse_move("0-6>5-6")) == Play(parse_move("0-6>5-6"))


def test_a_tile_with_one_place_plays_and_one_that_fits_nowhere_says_so():
    ctl = Controller(scripted_table(), Settings())
    assert ctl.click_tile(NAMES.index("2-4")) == Refuse(
        "2-4 does not fit anywhere. Pick a highlighted tile.")
    hand = ctl.hand(ctl.view())
    assert hand.playable == {ZERO_SIX} and hand.active and hand.can_hint
    assert not hand.must_draw and not hand.must_pass
    played = ctl.play(parse_move("0-6>0-5"))
    assert played == Played(seat=0, tile=ZERO_SIX, points=0, linger=0.0,
                            said="You played 0-6 on 0-5.")
    # now it is the bot's turn: the person's clicks mean nothing
    assert ctl.status() == Status("bot", "Anna is thinking…")
    assert ctl.click_tile(NAMES.index("1-1")) is None
    assert ctl.click_place(parse_move("1-1>0-6")) is None
    assert not ctl.can_drag(NAMES.index("1-1"))


def test_an_illegal_move_is_refused_and_changes_nothing():
    table = scripted_table()
    ctl = Controller(table, Settings())
    before = table.to_save()
    # the engine's English reason is not shown: the page says it in its own language
    assert ctl.play(parse_move("1-1>0-5")) == Refuse("That move is not allowed.")
    assert ctl.play(Move(28 << 5)) == Refuse("That move is not allowed.")  # no tile
    assert table.to_save() == before


def test_bots_pause_except_before_a_lead_and_linger_on_a_draw():
    setup = Setup(bots=("medium",) * 3)
    seed = next(s for s in range(50) if Table.new(setup, s).game.round.starter == 1)
    ctl = Controller(Table.new(setup, seed), Settings(bot_pause=900))
    step = ctl.next_step()
    assert isinstance(step, BotMove) and step.seat == 1 and step.pause == 0.0  # a lead
    assert step.request.bot == "medium" and step.request.view.seat == 1
    assert len(step.request.view.hand) == 9
    ctl.play(decide(step.request))
    person_moves_now = ctl.next_step()
    assert person_moves_now == AwaitPerson()
    ctl.play(person_moves(ctl))
    step = ctl.next_step()
    assert isinstance(step, BotMove) and step.pause == 0.9
    # a bot's draw lingers (at most 0.4 s); the person's does not
    table = scripted_table()
    table.game.round.hands[1] = 1 << NAMES.index("3-3")  # Anna cannot play: she draws
    ctl = Controller(table, Settings(bot_pause=900))
    ctl.play(parse_move("0-6>0-5"))
    assert ctl.play(DRAW) == Played(seat=1, tile=None, points=0, linger=0.4,
                                      said="Anna drew a tile.")


def test_automatic_drawing_only_when_asked():
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")  # nothing fits: seat 0 must draw
    ctl = Controller(table, Settings())
    assert ctl.next_step() == AwaitPerson()
    hand = ctl.hand(ctl.view())
    assert hand.must_draw and not hand.must_pass and not hand.can_hint
    assert ctl.status().text == "No tile fits: draw from the boneyard."
    ctl.settings = Settings(auto_draw=True)
    assert ctl.next_step() == AutoMove(DRAW, Status("human", "You cannot play: drawing for you…"))


def test_the_hint_is_for_this_position_only():
    ctl = Controller(scripted_table(), Settings())
    ask = ctl.ask_hint()
    assert ask is not None
    # the decision numbered as Review numbers it: round 1, three moves made, the fourth
    assert (ask.request.round, ask.request.move) == (1, 4) == (ask.position.round,
                                                             ask.position.move + 1)
    assert ask.request.view == PlayerView.of(ctl.table.game.round, 0)
    assert ctl.take_hint(ask, Best(parse_move("0-6>5-6"), ESTIMATE)) == "Hint: play 0-6 on 5-6"
    assert ctl.hint == parse_move("0-6>5-6") and ctl.hand(ctl.view()).hinted == ZERO_SIX
    assert ctl.hint_method == "estimate"
    # solved where nothing was hidden, and the page's hook says so until other words come
    assert ctl.take_hint(ask, Best(parse_move("0-6>5-6"), EXACT)) == (
        "Hint: play 0-6 on 5-6 (solved exactly)")
    assert ctl.hint_method == "exact"
    ctl.hint_words = "Weighing your moves…"
    assert ctl.hint_method == ""
    ctl.play(parse_move("0-6>5-6"))
    assert ctl.hint is None and ctl.hand(ctl.view()).hinted is None
    assert ctl.ask_hint() is None  # not the person's turn
    # play has moved on: the answer is dropped
    assert ctl.take_hint(ask, Best(parse_move("0-6>5-6"), ESTIMATE)) is None


def hinted_moves(ctl: Controller) -> Move:
    """Take the person's turn by the hint, asked of the worker as the page asks."""
    hand = ctl.hand(ctl.view())
    if not hand.can_hint:
        return DRAW if hand.must_draw else PASS
    ask = ctl.ask_hint()
    assert ask is not None
    found = Best.from_json(json.loads(run(worker.hint(json.dumps(ask.request.to_json())))))
    assert ctl.take_hint(ask, found) is not None and ctl.hint == found.move
    return found.move


# Tables where a person who took the master's move (the hint before issue 29)
# was told by Review that some of them lost points.
@pytest.mark.parametrize(("preset", "players", "seed"), [("standard", 2, 2), ("five_up", 3, 3),
                                                         ("muggins", 4, 3)])
def test_a_person_who_takes_every_hint_is_never_told_by_review_it_was_a_mistake(
        preset: str, players: int, seed: int) -> None:
    table = Table.new(Setup(players=players, preset=preset, target=40, bots=("hard",) * 3),
                      seed=seed)
    ctl = Controller(table, Settings())
    while isinstance(drive(ctl, person=hinted_moves), RoundOver) and len(table.game.rounds) < 2:
        ctl.next_round()
    decisions = review(table.game, {0})  # as the page's Review: every playout
    assert decisions and {d.round for d in decisions} == set(range(1, len(table.game.rounds) + 1))
    assert [(d.round, d.move, d.loss) for d in decisions if d.best != d.played] == []


def drag(ctl: Controller, tile: str, value: str, move: str = "", on_table: bool = False):
    """What the page's thread sends of a drag (static/drag.mjs), answered."""
    return dragged(ctl, PageEvent(DRAG, HAND_DRAG.selector, at=Hook(data={"tile": tile}),
                                  value=value, checked=on_table,
                                  target=Hook(data={"target": "0-5", "move": move}) if move
                                  else Hook()))


def test_a_drag_on_the_page_decides_like_clicking():
    ctl = Controller(scripted_table(), Settings())
    assert drag(ctl, "2-4", "start") is None  # it fits nowhere: nothing lights up
    assert drag(ctl, "0-6", "start") == Select(ZERO_SIX)
    assert drag(ctl, "0-6", "start") is None  # already lit
    assert drag(ctl, "0-6", "drop", on_table=True) is None  # two places: which one?
    assert drag(ctl, "0-6", "cancel") is None
    assert drag(ctl, "0-6", "drop", "0-6>0-5", on_table=True) == Play(parse_move("0-6>0-5"))
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("4-5")  # fits only the spinner's free end
    ctl = Controller(table, Settings())
    assert drag(ctl, "4-5", "drop") is None  # let go off the table
    assert drag(ctl, "4-5", "cancel") is None
    assert drag(ctl, "4-5", "drop", on_table=True) == Play(parse_move("4-5>5-5"))
    # the page's thread drags the tiles that can be played, lights the place under them
    assert HAND_DRAG.to_json()["drag"] == {"targets": "#board [data-target]", "table": "#felt",
                                           "light": "drop", "start_px": 8}
    assert HAND_DRAG.selector == "#hand [data-playable=true]"


def test_dragging_decides_like_clicking():
    ctl = Controller(scripted_table(), Settings())
    assert ctl.can_drag(ZERO_SIX) and not ctl.can_drag(NAMES.index("2-4"))
    assert ctl.drag_moved(ZERO_SIX) == Select(ZERO_SIX)
    assert ctl.drag_moved(ZERO_SIX) is None  # already lit
    assert ctl.drop(ZERO_SIX, parse_move("0-6>0-5"), on_table=True) == Play(parse_move("0-6>0-5"))
    assert ctl.drop(ZERO_SIX, None, on_table=True) is None  # two places: which one?
    # a tile with one place goes there when dropped anywhere on the table
    table = scripted_table()
    four_five = NAMES.index("4-5")
    table.game.round.hands[0] = 1 << four_five  # fits only the spinner's free end
    ctl = Controller(table, Settings())
    assert ctl.drop(four_five, None, on_table=False) is None
    assert ctl.drop(four_five, None, on_table=True) == Play(parse_move("4-5>5-5"))


def test_the_tables_board_shows_the_pick_the_hint_and_the_tile_just_played():
    ctl = Controller(scripted_table(), Settings(faces="numerals", large_tiles=True))
    drawn = Looks("numerals", large=True)  # as the settings say
    ctl.click_tile(ZERO_SIX)
    ctl.take_hint(ctl.ask_hint(), Best(parse_move("0-6>5-6"), ESTIMATE))  # type: ignore[arg-type]
    view = ctl.view()
    assert ctl.board_scene(view) == BoardScene(view, ctl.targets(view), ZERO_SIX,
                                               hint=parse_move("0-6>5-6"), drawn=drawn)
    ctl.play(parse_move("0-6>5-6"))
    view = ctl.view()
    assert ctl.fresh == Fresh(ZERO_SIX, 0, 0)
    assert ctl.board_scene(view) == BoardScene(view, fresh=ZERO_SIX, drawn=drawn)
    ctl.fresh = Fresh(ZERO_SIX, 5, 0)  # had it scored 5
    assert ctl.board_scene(view) == BoardScene(view, fresh=ZERO_SIX, fresh_points=5, drawn=drawn)
    assert ctl.board_scene(view) == ctl.board_scene(view)  # drawn again: the same pop
    ctl.select(None)  # the board changes for another reason (a pick undone): the pop is over
    assert ctl.board_scene(view) == BoardScene(view, fresh=ZERO_SIX, drawn=drawn)


def test_a_new_game_forgets_the_old_tables_marks():
    ctl = Controller(scripted_table(), Settings())
    ctl.click_tile(ZERO_SIX)
    ctl.take_hint(ctl.ask_hint(), Best(parse_move("0-6>0-5"), ESTIMATE))  # type: ignore[arg-type]
    ctl.play(parse_move("0-6>0-5"))
    assert ctl.fresh is not None
    ctl.take_over(Table.new(Setup(players=4), seed=2))
    assert (ctl.selected, ctl.fresh, ctl.hint) == (None, None, None)
    assert ctl.view().rules.players == 4 and len(ctl.view().player.hand) == 5


def test_hand_order_and_the_tile_a_move_lays():
    tiles = [NAMES.index(n) for n in ("0-1", "6-6", "2-3")]
    assert [NAMES[t] for t in hand_order(tiles, "largest", tiles)] == ["6-6", "2-3", "0-1"]
    assert hand_order(tiles, "received", [tiles[2], tiles[0], tiles[1]]) == \
        [tiles[2], tiles[0], tiles[1]]
    assert played_tile(parse_move("0-6>5-6")) == ZERO_SIX
    assert played_tile(parse_move("6-6")) == NAMES.index("6-6")
    assert played_tile(DRAW) is None and played_tile(PASS) is None


def test_shortcut_keys_mean_what_the_keys_panel_says():
    ctl = Controller(scripted_table(), Settings())
    assert ctl.key("?") == Command("keys")
    assert ctl.key("h") == Command("hint") and ctl.key("H") == Command("hint")
    assert ctl.key("r") == Command("review") and ctl.key("u") == Command("undo")
    assert ctl.key("d") == Refuse("A tile fits: you may draw only when none does.")
    assert ctl.key("x") is None and ctl.key("Enter") is None
    ctl.click_tile(ZERO_SIX)
    assert ctl.key("Escape") == Select(None) and ctl.key("Escape") is None
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")  # nothing fits
    ctl = Controller(table, Settings())
    assert ctl.key("D") == Play(DRAW) and ctl.key("h") is None


def test_the_page_hears_every_shortcut_key_and_only_those():
    """The page's thread sends only ``SHORTCUTS`` (and prevents their default):
    every other key means nothing, whatever the table's state."""
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")  # nothing fits
    picked = Controller(scripted_table(), Settings())
    picked.click_tile(ZERO_SIX)
    ctls = (Controller(scripted_table(), Settings()), Controller(table, Settings()), picked)
    others = [chr(c) for c in range(32, 127)] + [
        "Enter", "Tab", "Backspace", "ArrowLeft", "ArrowRight", "Home", "End", "F1"]
    assert [(k, c.key(k)) for k in others if k not in SHORTCUTS for c in ctls
            if c.key(k) is not None] == []
    assert all(any(c.key(k) is not None for c in ctls) for k in SHORTCUTS)


def test_arrows_move_focus_in_the_hand_and_the_lit_places_as_drawn():
    ctl = Controller(scripted_table(), Settings())
    row = [NAMES[t] for t in ctl.hand(ctl.view()).tiles]  # the hand's buttons, in order
    assert len(row) > 2
    assert ctl.row_focus("hand", row[0], "ArrowRight") == f'#hand [data-tile="{row[1]}"]'
    assert ctl.row_focus("hand", row[0], "ArrowUp") == f'#hand [data-tile="{row[-1]}"]'
    assert ctl.row_focus("hand", row[1], "Home") == f'#hand [data-tile="{row[0]}"]'
    assert ctl.row_focus("hand", "", "ArrowDown") == f'#hand [data-tile="{row[1]}"]'  # the hand
    assert ctl.row_focus("hand", row[0], "a") is None
    assert ctl.row_focus("board", "", "ArrowRight") is None  # no place lit
    ctl.click_tile(ZERO_SIX)  # two places light up, in the order the board draws them
    places = [move_text(t.move) for t in ctl.targets(ctl.view())]
    assert sorted(places) == ["0-6>0-5", "0-6>5-6"]
    assert ctl.row_focus("board", places[0], "ArrowRight") == \
        f'#board [data-move="{places[1]}"]'
    assert ctl.row_focus("board", places[1], "End") == f'#board [data-move="{places[1]}"]'


def test_the_table_read_out_names_every_open_end_and_the_count():
    ctl = Controller(scripted_table(), Settings())
    # 5-5 led (a spinner), 0-5 on one side, 5-6 on the other: 0 + 6 open, the
    # spinner's two ends still open but no longer counted (until_sides)
    assert ctl.key("t") == Say("Open ends: 0 on 0-5, 5-5 spinner, 6 on 5-6. Count 6.")


def test_focus_goes_to_the_first_playable_tile_or_the_draw_button():
    ctl = Controller(scripted_table(), Settings())
    assert ctl.hand(ctl.view()).focus() == '#hand [data-tile="0-6"]'
    ctl.play(parse_move("0-6>0-5"))
    assert ctl.hand(ctl.view()).focus() is None  # not the person's turn
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")
    assert Controller(table, Settings()).hand(TableView.of(table)).focus() == "#draw"
    table.game.round.bone_pos = len(table.game.round.boneyard)
    assert Controller(table, Settings()).hand(TableView.of(table)).focus() == "#pass"


def test_focus_stays_at_the_table_when_the_hand_is_drawn_anew():
    ctl = Controller(scripted_table(), Settings())
    hand = ctl.hand(ctl.view())
    other, playable = hand.tiles[1], '#hand [data-tile="0-6"]'
    assert hand.playable == {ZERO_SIX} and other != ZERO_SIX
    assert hand.focus_after(ZERO_SIX) == playable  # kept: still here and playable
    assert hand.focus_after(other) == playable  # not playable on the person's turn
    assert hand.focus_after(None) == playable
    ctl.play(parse_move("0-6>0-5"))  # the bots' turns: on a tile, never on the page
    waiting = ctl.hand(ctl.view())
    assert not waiting.active and ZERO_SIX not in waiting.tiles
    shown = f'#hand [data-tile="{NAMES[waiting.tiles[0]]}"]'
    assert waiting.focus_after(ZERO_SIX) == shown  # the tile played is gone
    assert waiting.focus_after(None) == shown
    kept = waiting.tiles[3]
    assert waiting.focus_after(kept) == f'#hand [data-tile="{NAMES[kept]}"]'
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")
    assert Controller(table, Settings()).hand(TableView.of(table)).focus_after(None) == "#draw"
    table.game.round.hands[0], table.game.round.turn = 0, 1  # no tile left: the hand itself
    assert Controller(table, Settings()).hand(TableView.of(table)).focus_after(None) == "#hand"


def test_arrows_move_round_a_row_and_home_and_end_jump():
    assert [next_focus(0, 3, k) for k in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp")] \
        == [1, 1, 2, 2]
    assert next_focus(2, 3, "ArrowRight") == 0 and next_focus(1, 3, "Home") == 0
    assert next_focus(0, 3, "End") == 2 and next_focus(0, 3, "a") is None
    assert next_focus(0, 0, "ArrowRight") is None


def test_a_move_is_said_with_whose_turn_it_is():
    ctl = Controller(scripted_table(), Settings())
    assert ctl.play(parse_move("0-6>0-5")).said == "You played 0-6 on 0-5."  # Anna is next
    said = ctl.play(parse_move("4-6>5-6")).said  # type: ignore[union-attr]
    assert said == "Anna played 4-6 on 5-6 and scored 10. Your turn."


def test_a_hint_asked_in_one_game_never_shows_in_the_next():
    # guards: a hint asked just before New game landed on the new deal, whose
    # first position (round 1, move 0) is the same as every game's
    ctl = Controller(Table.new(Setup(), seed=9), Settings())
    ask = ctl.ask_hint()
    assert ask is not None
    ctl.take_over(Table.new(Setup(), seed=9))  # New game (or Daily deal) meanwhile
    assert ctl.ask_hint() is not None  # the person may ask again in the new game
    assert ctl.take_hint(ask, Best(parse_move("5-5"), ESTIMATE)) is None and ctl.hint is None


def test_take_back_is_offered_and_made_by_one_rule():
    """Take back on in the settings, the viewer's hand shown, a turn of theirs
    to take back: the button's state and the take-back follow one rule."""
    ctl = Controller(Table.new(Setup(), seed=9), Settings(undo=True))
    assert not ctl.can_take_back() and ctl.taken_back() is None  # no move of the person's yet
    ctl.play(person_moves(ctl))
    assert ctl.can_take_back()
    back = ctl.taken_back()
    assert back is not None and back.takebacks == 1 and not back.game.round.history
    assert ctl.table.takebacks == 0  # the table itself is unchanged
    ctl.settings = Settings(undo=False)  # the default
    assert not ctl.can_take_back() and ctl.taken_back() is None
