"""The table's words in the page's language: every word at the table goes
through gettext (found in a pseudo-language), the sentences about the person
are their own messages, the person's unchosen name is shown translated but
kept as "You", and every message of these modules is a whole sentence with
named placeholders."""

from __future__ import annotations

import gettext
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from html import escape

import pytest
from babel.messages.extract import extract_from_file

from allfives.game import Game
from allfives.moves import parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES
from allfives.web.draw import board, render
from allfives.web.home import new_game as forms
from allfives.web.i18n import catalogs as i18n
from allfives.web.i18n.catalogs import plural_n
from allfives.web.play.controller import Controller
from allfives.web.table import words
from allfives.web.table.deals import DealError, read_deal, seed_deal
from allfives.web.table.hand import HandState
from allfives.web.table.seats import CHOSEN_YOU, PERSON, YOU, level_shown, shown_name
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView

from ...helpers import ROOT
from ..pseudo_i18n import pseudo, untranslated
from ..tables import random_game, scripted_table

BOTS = r"Anna|Ben|Cara"
WEB = ROOT / "allfives" / "web"
MODULES = ("table/words", "table/words_log", "table/words_scores", "table/table_view",
           "draw/render", "draw/board", "play/controller", "table/hand", "table/table",
           "table/seats", "table/setup", "table/settings", "table/save_limits", "play/cues",
           "play/keyboard_page", "play/screen_page", "home/dialogs_page", "play/drag_page",
           "draw/tally", "home/new_game", "table/deals", "table/takeback", "table/saves_page",
           "bots/client_page", "bots/tables_page", "home/sharing_page", "draw/geometry")


class Asked(gettext.NullTranslations):
    """English, noting every message asked for; ``words`` translates some."""

    def __init__(self, words: dict[str, str] | None = None) -> None:
        super().__init__()
        self.asked: list[str] = []
        self.words = words or {}

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return self.words.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.append(msgid1)
        return msgid1 if n == 1 else msgid2


@contextmanager
def language(words: dict[str, str] | None = None) -> Iterator[Asked]:
    kept = i18n._current
    i18n._current = asked = Asked(words)
    try:
        yield asked
    finally:
        i18n._current = kept


def finished(preset: str, players: int, seed: int, names: tuple[str, ...] = ()) -> Table:
    game = random_game(preset, players, seed)
    n = game.rules.players
    return Table(game, names or (YOU, *("Anna", "Ben", "Cara")[:n - 1]),
                 (None,) + ("medium",) * (n - 1))


def everything(table: Table) -> str:
    """All the table shows and says, as one string."""
    ctl = Controller(table, Settings())
    view = ctl.view()
    parts = [render.seats(view), render.scores(view, tally=True), render.log(view),
             render.hand(ctl.hand(view)), ctl.status().text, words.table_words(view),
             words.boneyard(view.player.boneyard_left),
             words.deal_line(str(table.game.seed), table.daily)]
    if view.round.over:
        parts += [render.round_end_panel(view), words.round_summary(view)]
    else:
        parts += [words.turn_prompt(view), words.your_turn(view)]
    drawn = board.board(view, 1.6, targets=ctl.targets(view), selected=ctl.selected, hint=None)
    return "\n".join([*parts, unmoved(drawn.svg)])


def unmoved(svg: str) -> str:
    """The board without its move hooks (their ">" would end a tag early)."""
    return re.sub(r' data-move="[^"]*"', "", svg)


@pytest.mark.parametrize(("preset", "players", "seed"), [
    ("standard", 2, 1), ("standard", 3, 4), ("standard", 4, 3), ("winner_takes", 3, 2),
    ("winner_takes", 4, 2), ("cribbage", 2, 5), ("punt", 4, 7), ("punt", 3, 8),
    ("muggins", 2, 9), ("five_up", 4, 6)])
def test_every_word_at_the_table_goes_through_gettext(preset, players, seed):
    for names in ((), ("Zed", "Anna", "Ben", "Cara")[:players]):
        with pseudo():
            shown = everything(finished(preset, players, seed, names))
        assert untranslated(shown, BOTS + "|Zed") == [], (preset, players, seed)


def test_the_persons_turn_the_hint_and_the_lit_places_go_through_gettext():
    table = scripted_table()
    ctl = Controller(table, Settings())
    ctl.select(NAMES.index("0-6"))
    view = ctl.view()
    hand = HandState(tiles=(NAMES.index("0-6"), NAMES.index("1-1")),
                     playable=frozenset({NAMES.index("0-6")}), selected=None, active=True,
                     hinted=NAMES.index("0-6"), must_draw=False, must_pass=False)
    with pseudo():
        shown = [everything(table), ctl.status().text, render.hand(hand),
                 unmoved(board.board(view, 1.6, targets=ctl.targets(view),
                                         selected=ctl.selected).svg),
                 words.hint(view, parse_move("0-6>0-5")), words.asking(),
                 words.does_not_fit(NAMES.index("1-1")), words.must_not_draw(),
                 words.auto_move(True), words.auto_move(False), words.not_allowed(),
                 ctl.said_after_move(), ctl.play(parse_move("1-1>0-5")).text]  # type: ignore[union-attr]
    assert untranslated("\n".join(shown), BOTS) == []
    assert 'aria-label="⟦Play 0-6 on 0-5, 0 points⟧"' in shown[3]


def test_the_game_over_panel_and_the_daily_words_go_through_gettext():
    game = Game(Rules.make("standard", players=4, target=10), 5)
    while not game.over:
        game.next_round() if game.round.over else game.apply(game.legal_moves()[0])
    for names in (("You", "Anna", "Ben", "Cara"), ("Zed", "Anna", "Ben", "Cara")):
        with pseudo():  # the view is made at each render, in the language of the moment
            view = TableView.of(Table(game, names, (None, "easy", "hard", "expert")))
            shown = [render.game_over(view), words.round_summary(view),
                     words.daily_best("2026-11-22", 15), words.daily_best("2026-11-22", -5),
                     words.deal_line("daily:2026-11-22", True),
                     words.deal_line("daily:2026-11-21", False), words.unreadable_link("⟦x⟧")]
        assert untranslated("\n".join(shown), BOTS + "|Zed") == []


def test_the_new_game_dialog_and_shared_links_are_translated():
    with pseudo():
        shown = [forms.preset_options(Setup()), forms.hand_size_options(Setup(players=3)),
                 forms.bot_options(Setup(players=4)), forms.seconds(700),
                 forms.check(Setup(target=3)) or ""]
        assert untranslated("\n".join(shown), BOTS) == []
        for text in ("A" * 700, "!!!", "eyJyIjp7fSwiYiI6W10sInMiOiIxIn0"):
            with pytest.raises(DealError) as caught:
                read_deal(text)
            assert str(caught.value).startswith("⟦")
        with pytest.raises(DealError, match="^⟦"):
            seed_deal("1" * 41, scripted_table())
    assert forms.seconds(700) == "0.7 s"


def test_a_bot_level_is_shown_in_the_pages_language_even_an_older_saves():
    with pseudo():
        assert [level_shown(b) for b in ("easy", "expert", "greedy", "random")] == \
            ["⟦easy⟧", "⟦expert⟧", "⟦greedy⟧", "⟦random⟧"]
        game = Game(Rules.make("standard", players=3), 1)
        seats = render.seats(TableView.of(Table(game, (YOU, "Anna", "Ben"),
                                                (None, "greedy", "random"))))
    assert re.findall(r'<span class="level">([^<]*)</span>', seats) == ["⟦greedy⟧", "⟦random⟧"]
    assert level_shown("greedy") == "greedy" and level_shown("hard") == "hard"


def test_the_persons_unchosen_name_shows_translated_and_stays_you_in_saves():
    table = scripted_table()  # seat 0 is "You": the person chose no name
    assert table.names[0] == YOU
    with language({"You": "Du"}) as german:
        view = TableView.of(table)
        assert view.names == ("Du", "Anna") and view.you and view.side_name(0) == "Du"
        assert shown_name(YOU) == "Du" and shown_name("Zed") == "Zed"
        # the dialog's empty name field shows "Du"; left empty, the name stays unchosen
        assert forms.name_field(Setup()) == "" and forms.name_placeholder(Setup()) == "Du"
        values = {"name": "", "players": "2", "preset": "standard"}
        assert forms.read_setup(values, Setup()).name == YOU
        assert forms.read_setup({**values, "name": " Zed "}, Setup()).name == "Zed"
        log = re.sub(r"</?span[^>]*>", "", render.log(view))  # its words
        assert "Du" not in german.asked  # the name is translated, never asked for as a message
    assert "You played 0-5 on 5-5 and scored 10." in log
    assert "You played {tile} on {on} and scored {points}." in german.asked
    assert '"names":["You","Anna"]' in table.to_save()
    assert Table.from_save(table.to_save()).names == (YOU, "Anna")
    assert forms.read_setup({"name": "  "}, Setup()).name == YOU


def test_a_person_who_types_you_is_called_you():
    # guards: "You" typed as a name taken for no name: shown as "Du" in German,
    # "Player 1" at a shared table, and refused where friends must give names
    setup = forms.read_setup({"name": " You ", "players": "2"}, Setup())
    assert setup.name != YOU and shown_name(setup.name) == CHOSEN_YOU
    kept = Setup.from_json(json.loads(json.dumps(setup.to_json())))
    assert kept.name == setup.name and forms.name_field(kept) == "You"  # edited as typed
    friends = replace(kept, players=4, bots=("easy", PERSON, "medium"))
    assert forms.check(friends) is None
    table = Table.from_save(Table.new(friends).to_save())
    with language({"You": "Du", "Player {number}": "Spieler {number}"}):
        view = TableView.of(table)
        assert view.names[0] == CHOSEN_YOU and not view.you
        assert TableView.of(Table.new(kept)).names[0] == CHOSEN_YOU
    assert "You\u2060" in render.scores(view)  # shown as "You": the joiner is invisible
    old = json.loads(Table.new(Setup()).to_save())  # a save from before: "You", no name
    assert Table.from_record(old).names[0] == YOU
    with_friend = forms.read_setup({"name": "You", "players": "2", "bot0": PERSON,
                                    "seatname0": "You"}, Setup())
    assert with_friend.seat_name(1) == CHOSEN_YOU


def test_friends_at_the_table_are_asked_every_name_and_not_called_bots():
    # guards: at a shared table the person became "Player 1" with no prompt for a
    # name, and the dialog said "you and one to three bots" and "Opponents"
    alone = Setup(players=4)
    friends = replace(alone, bots=("easy", PERSON, "medium"), names=("Anna", "Ben", "Cara"))
    assert not forms.with_friends(alone) and forms.with_friends(friends)
    assert forms.with_friends(replace(friends, players=2)) is False  # seat 2 is not dealt
    assert forms.check(friends) == ("Give your name too: with friends at the table, each "
                                    "person plays under their own name.")
    assert forms.check(replace(friends, name="Ada")) is None and forms.check(alone) is None
    assert forms.name_placeholder(friends) == "" and forms.name_placeholder(alone) == "You"
    lines, plain = forms.help_lines(friends), forms.help_lines(alone)
    assert "bots" in plain["players"] and "bots" not in lines["players"]
    assert lines["name"] != plain["name"]
    named = forms.help_lines(replace(friends, names=("Anna", "Zed", "Cara")))
    assert "(Zed) against Anna and Cara" in named["partnership"]
    with pseudo():
        shown = [*forms.help_lines(friends).values(), forms.check(friends) or ""]
        assert untranslated("\n".join(shown), BOTS) == []


def test_sentences_about_the_person_are_their_own_messages():
    you, zed = finished("standard", 3, 4), finished("standard", 3, 4, ("Zed", "Anna", "Ben"))
    with language() as asked_you:
        said_you = render.log(TableView.of(you))
    with language() as asked_zed:
        said_zed = render.log(TableView.of(zed))
    assert said_zed == said_you.replace("You drew", "Zed drew").replace(
        "You played", "Zed played").replace("You led", "Zed led").replace(
        "You passed", "Zed passed").replace("You went", "Zed went").replace(
        ": You start.", ": Zed starts.")
    assert any(m.startswith("You ") for m in asked_you.asked)
    assert not any(m.startswith("You ") for m in asked_zed.asked)
    assert any(m.startswith("{name} ") for m in asked_zed.asked)


def test_partnerships_with_the_person_have_their_own_sentences():
    game = Game(Rules.make("standard", players=4, target=10), 5)
    while not game.over:
        game.next_round() if game.round.over else game.apply(game.legal_moves()[0])
    ours = game.winner == 0
    with language() as asked:
        heading = words.winner_heading(TableView.of(Table(game, ("You", "Anna", "Ben", "Cara"),
                                                          (None,) + ("easy",) * 3)))
    assert heading == ("You & Ben win!" if ours else "Anna & Cara win!")
    assert asked.asked[-1] == ("You & {partner} win!" if ours else "{first} & {second} win!")


def test_counted_words_take_their_plural_forms():
    assert words.tiles_count(1) == "1 tile" and words.tiles_count(0) == "0 tiles"
    assert render.pips(1) == "1 pip" and render.pips(12) == "12 pips"
    assert plural_n(2.0) == 2 and plural_n(1.0) == 1 and plural_n(0.5) != 1


def messages(module: str) -> list[tuple[int, str | tuple[str, ...], list[str]]]:
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    found = extract_from_file("python", WEB / f"{module}.py", keywords=keywords,
                              comment_tags=("Translators:",), options={})
    return [(line, text, comments) for line, text, comments, _context in found]


def test_every_message_is_a_whole_text_with_named_placeholders():
    seen = 0
    for module in MODULES:
        for line, text, _comments in messages(module):
            forms_ = (text,) if isinstance(text, str) else text
            where = f"{module}.py:{line}"
            for form in forms_:
                seen += 1
                assert form == form.strip() and form, where
                fields = re.findall(r"\{([^{}]*)\}", form)
                assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), (where, form)
            if len(forms_) == 2:
                assert sorted(re.findall(r"\{(\w+)\}", forms_[0])) == \
                    sorted(re.findall(r"\{(\w+)\}", forms_[1])), where
    assert seen > 100


def test_domino_words_are_explained_to_translators():
    for module in MODULES:
        for line, text, comments in messages(module):
            first = text if isinstance(text, str) else text[0]
            for term in re.findall(r"\b(boneyard|spinner|pips?)\b", first.lower()):
                assert any(term in c for c in comments), (module, line, first)


@pytest.mark.parametrize("lang", ["en", "de", "hi"])
def test_tile_names_in_a_sentence_never_break_and_the_text_stays_the_same(lang):
    """A phone broke "0-0" after its hyphen: every tile name a sentence
    holds is kept whole, and nothing else of it changes."""
    table = finished("standard", 2, 3)
    kept = i18n.current()
    i18n.use(lang)
    try:
        said = " ".join(words.move_words(TableView.of(table), table.game.rounds[0], i)
                        for i in range(3))
    finally:
        i18n.use(kept)
    html = words.unbroken(f"{said} & <b>")
    assert re.sub(r"</?span[^>]*>", "", html) == escape(f"{said} & <b>")
    assert re.findall(r'<span class="tile-name">(\d-\d)</span>', html) == \
        re.findall(r"\d-\d", said) != []
    assert words.unbroken("scores 10-15 and 5") == "scores 10-15 and 5"  # no tile there
