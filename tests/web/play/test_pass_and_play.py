"""Friends at one table (pass and play): seats given to people in the new-game
dialog, the privacy screen between two people's turns, whose hand the page
shows, and what each person's hint, coach, take-back and review see; saves
that resume at the privacy screen; statistics that leave shared games out."""

from __future__ import annotations

import json
import re

from allfives.game import Game
from allfives.moves import DRAW, parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES, tiles_of
from allfives.web import worker
from allfives.web.bots.decide import decide
from allfives.web.draw import render
from allfives.web.home import new_game as forms
from allfives.web.home.stats import Stats, record_game
from allfives.web.play.controller import Controller
from allfives.web.play.steps import (
    AwaitPerson,
    BotMove,
    GameOver,
    PassTo,
    Played,
    RoundOver,
    Status,
)
from allfives.web.table import words
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView
from allfives.web.table.takeback import can_take_back, last_turn

from ...helpers import full_deal, hand, tiles
from ..home.test_stats import led
from .test_controller import person_moves

FRIENDS = Setup(name="Ada", players=4, bots=("medium", "person", "easy"),
                names=("Anna", "Ben", "Cara"))


def test_the_dialog_seats_people_with_their_names():
    html = forms.bot_options(FRIENDS)
    assert re.findall(r'<option value="(\w+)" selected', html) == ["medium", "person", "easy"]
    assert re.findall(r'<input name="(seatname\d)"[^>]* value="([^"]*)"', html) == \
        [("seatname1", "Ben")]
    assert "not counted in the statistics" in html
    values = {"name": "Ada", "players": "4", "preset": "standard", "bot0": "person",
              "bot1": "person", "bot2": "hard", "seatname0": " Cy  Dee ", "seatname1": ""}
    setup = forms.read_setup(values, FRIENDS)
    assert setup.bots == ("person", "person", "hard")
    assert [setup.seat_name(s) for s in (1, 2, 3)] == ["Cy Dee", "Ben", "Cara"]
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    hostile = Setup.from_json({"bots": ["person", 7, "person"], "names": [3, "x" * 99]})
    assert hostile.bots == ("person", "medium", "person")
    assert hostile.names == ("Anna", "x" * 24, "Cara")
    table = Table.new(FRIENDS, seed=5)
    assert table.names == ("Ada", "Anna", "Ben", "Cara")
    assert table.bots == (None, "medium", None, "easy")
    assert (table.people, table.shared, table.others) == ((0, 2), True, (2,))


def test_an_unnamed_first_person_is_player_1_when_friends_share_the_table():
    table = Table.new(Setup(players=2, bots=("person",)), seed=1)
    view = TableView.of(table)
    assert view.names == ("Player 1", "Anna") and not view.you
    assert TableView.of(Table.new(Setup(players=2), seed=1)).names[0] == "You"


def drive_round(ctl: Controller) -> tuple[int, list[int]]:
    """Play the round through the turn loop as the page does, checking at every
    step that the page is given no hand but the viewer's, and no hand at all
    behind the privacy screen. Returns (moves, the seats the screen passed to)."""
    table = ctl.table
    passed: list[int] = []
    for moves in range(400):
        step = ctl.next_step()
        view = ctl.view()
        shown = set(re.findall(r'data-tile="([0-6]-[0-6])"', render.hand(ctl.hand(view))))
        log = render.log(view)
        if isinstance(step, (RoundOver, GameOver)):
            return moves, passed
        # the privacy screen is up exactly while the status line says "pass"
        assert (ctl.status().phase == "pass") == (ctl.privacy() is not None) \
            == isinstance(step, PassTo)
        if isinstance(step, PassTo):
            assert ctl.privacy() == step.seat and ctl.key("r") is None
            assert view.screened and view.player.hand == () and not shown
            assert all(r.dealt == () and r.drawn == () for r in view.rounds)
            assert " drew " not in log.replace("drew a tile", "")
            assert ctl.status() == Status("pass", f"Pass to {view.names[step.seat]}")
            assert ctl.ask_hint() is None and not ctl.can_act()
            passed.append(step.seat)
            again = Table.from_save(table.to_save())  # a reload here resumes here
            assert again.screened and again.viewer == table.viewer
            assert ctl.reveal() and table.viewer == step.seat and not ctl.reveal()
            continue
        if view.screened:  # bots lead a deal no person has looked at yet: no hand shows
            assert isinstance(step, BotMove) and table.covered
            assert view.player.hand == () and not shown and ctl.key("r") is None
        else:
            mine = {NAMES[t] for t in view.player.hand}
            assert shown <= mine == {NAMES[t] for t in
                                     tiles_of(table.game.round.hands[view.seat])}
            assert view.seat in table.people
        if isinstance(step, BotMove):
            move = parse_move(worker.choose(json.dumps(step.request.to_json())))
        else:
            assert isinstance(step, AwaitPerson) and view.turn == view.seat
            assert ctl.status().text.startswith(f"{view.names[view.seat]}: ") == view.shared
            ask = ctl.ask_hint()
            assert ask is not None and ask.request.view.seat == view.seat
            move = person_moves(ctl)
        assert isinstance(ctl.play(move), Played)
    raise AssertionError("the round did not end")


def test_a_round_with_two_people_and_two_bots_shows_one_hand_at_a_time():
    table = Table.new(FRIENDS, seed=11)
    ctl = Controller(table, Settings(auto_draw=False))
    moves, passed = drive_round(ctl)
    assert moves > 20 and passed and set(passed) <= {0, 2}
    # between two of the screens, the other person had the hand
    assert all(a != b for a, b in zip(passed, passed[1:], strict=False))
    assert table.game.round.over and not table.screened


def covered_deal(seed: int) -> tuple[int, ...]:
    """Play the first round of FRIENDS dealt from ``seed`` and deal the next:
    each deal comes covered (no hand shows) until its first person to move
    shows theirs. Returns who started each of the two rounds."""
    table = Table.new(FRIENDS, seed=seed)
    ctl = Controller(table, Settings(auto_draw=False))
    starters = []
    for _ in range(2):
        starter = table.game.round.turn
        starters.append(starter)
        assert table.covered and table.hidden and ctl.view().screened
        assert ctl.view().player.hand == () and not ctl.can_act()
        assert Table.from_save(table.to_save()).covered  # a reload keeps it covered
        first = next(s for s in range(starter, starter + 4) if s % 4 in table.people) % 4
        step = ctl.next_step()
        if starter in table.people:  # the one who dealt may not be the one who leads
            assert step == PassTo(starter) and ctl.status().text == \
                f"Pass to {table.names[starter]}"
        else:  # the bot leads on hidden hands; the screen comes at the first person
            assert isinstance(step, BotMove) and ctl.status().phase == "bot"
        moves, passed = drive_round(ctl)
        assert passed[0] == first and not table.covered
        assert ctl.next_round() and not ctl.next_round()
    return tuple(starters)


def test_every_deal_at_a_shared_table_comes_covered_until_its_first_person_looks():
    # guards: whoever tapped Deal or Next round saw the viewer's tiles at once
    starters = {s for seed in (1, 2, 3, 11) for s in covered_deal(seed)}
    assert starters & {0, 2} and starters & {1, 3}  # people and bots led
    alone = Table.new(Setup(players=4, bots=("easy", "easy", "easy")), seed=1)
    assert not alone.covered and not TableView.of(alone).screened
    saved = json.loads(Table.new(FRIENDS, seed=1).to_save())
    assert saved["table"]["covered"] is True
    for bad in ("yes", 1, None):
        saved["table"]["covered"] = bad
        assert not Table.from_record(saved).covered
    saved["table"] |= {"covered": True, "bots": [None, "easy", "easy", "easy"]}
    assert not Table.from_record(saved).covered  # one person: nothing to cover


def test_a_table_of_bots_and_one_person_never_shows_the_screen():
    table = Table.new(Setup(players=4, bots=("easy", "easy", "easy")), seed=11)
    moves, passed = drive_round(Controller(table, Settings()))
    assert passed == [] and moves > 10


def test_saves_keep_the_viewer_and_refuse_a_viewer_that_is_no_person():
    table = Table.new(FRIENDS, seed=3)
    table.viewer = 2
    saved = json.loads(table.to_save())
    assert saved["table"] == {"names": ["Ada", "Anna", "Ben", "Cara"],
                              "bots": [None, "medium", None, "easy"], "viewer": 2,
                              "covered": True}
    assert Table.from_save(table.to_save()).viewer == 2
    for bad in (1, 3, 9, -1, True, "2", None, [2]):
        saved["table"]["viewer"] = bad
        assert Table.from_record(saved).viewer == 0
    alone = json.loads(Table.new(Setup(), seed=3).to_save())
    assert "viewer" not in alone["table"]


def three_seats() -> Game:
    """Three players, seat 0 to lead 5-5."""
    hands, boneyard = full_deal([
        ["5-5", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6"],
        ["5-6", "2-2", "2-3", "2-4", "3-3", "2-5", "2-6"],
        ["0-5", "3-4", "4-4", "0-0", "0-1", "3-5", "3-6"],
    ])
    game = Game(Rules.make("standard", players=3), seed=0, deal_first=False)
    game.start_round([hand(*h) for h in hands], tiles(*boneyard), starter=0)
    return game


def test_a_person_takes_back_only_up_to_another_persons_move():
    game = three_seats()
    table = Table(game, ("Ada", "Anna", "Ben"), (None, "easy", None))
    game.apply("5-5")
    game.apply("5-6>5-5")  # the bot's reply
    assert last_turn(game, 0, table.others) == 0 and can_take_back(game, 0, (2,))
    game.apply("0-5>5-5")  # Ben, another person, moved since
    assert [p for _, _, p in game.round.history] == [10, 0, 0]
    assert last_turn(game, 0, (2,)) is None and not can_take_back(game, 0, (2,))
    assert Table(game, table.names, table.bots).taken_back() is None
    assert last_turn(game, 2, (0,)) == 2  # Ben may take his own back
    bens = Table(game, table.names, table.bots, viewer=2).taken_back()
    assert bens is not None and len(bens.game.round.history) == 2 and bens.takebacks == 1
    assert last_turn(game, 0) == 0  # alone with bots, as before


def test_the_coach_and_review_follow_the_viewer():
    table = Table.new(FRIENDS, seed=11)
    settings = Settings(coach="inaccuracies")
    ctl = Controller(table, settings)
    while not isinstance(step := ctl.next_step(), PassTo):
        move = decide(step.request) if isinstance(step, BotMove) \
            else person_moves(ctl)
        ctl.play(move)
    assert not table.coach_watches(settings.coach)
    ctl.reveal()
    assert table.viewer == 2
    assert table.coach_watches(settings.coach) == (len(table.game.round.legal_moves()) > 1)


def test_shared_games_stay_out_of_the_statistics_and_review_any_person_once_over():
    game = led().game  # 5-5 led, 10 points: the game is won at once
    assert Table(game, ("Ada", "Ben"), (None, None)).review_seats() == (0, 1)
    assert Table(game, ("Ada", "Anna"), (None, "easy")).review_seats() == ()
    playing = Table.new(FRIENDS, seed=2)
    assert playing.review_seats() == ()  # before the end, only the viewer's seat
    assert record_game(Stats(), Table(game, ("Ada", "Ben"), (None, None))) == Stats()
    assert record_game(Stats(), Table(game, ("Ada", "Anna"), (None, "easy"))).total.played == 1


def test_the_words_between_turns():
    assert words.pass_to("Ben") == "Pass to Ben"
    assert words.show_hand("Ben") == "Show Ben's tiles"
    view = TableView.of(Table.new(FRIENDS, seed=11))
    label = words.hand_label(view)
    assert label in ("Ada's tiles", "Hidden tiles")
    assert DRAW not in view.legal_moves or view.human_to_move
