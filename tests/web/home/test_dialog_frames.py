"""The home dialogs as frames (``home.dialog_frames``) and the page in a
language (``home.language_frame``): which elements, which text, attributes
and fields, from values alone."""

from __future__ import annotations

from dataclasses import replace

from allfives.web.home import new_game as forms
from allfives.web.home.dialog_frames import (
    backup_status,
    bot_pause_frame,
    new_game_frame,
    new_game_problem,
    rules_frame,
    settings_frame,
    stats_frame,
    table_names_frame,
)
from allfives.web.home.language_frame import (
    KEPT,
    MARKUP,
    READY,
    WORDS,
    WRITTEN,
    Marked,
    key,
    language_frame,
)
from allfives.web.home.rules_help import rules_help
from allfives.web.home.stats_kept import kept_stats
from allfives.web.home.stats_panel import stats_panel
from allfives.web.i18n import page_text
from allfives.web.paint.parts import Part
from allfives.web.table.looks import Looks
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup

PLAYERS = '#new-game-form input[name="players"][value="{}"]'
MODE = '#new-game-form input[name="mode"][value="{}"]'


def test_the_new_game_dialog_against_bots():
    setup = replace(Setup(), players=3, partnership=False)
    frame = new_game_frame(setup)
    help_lines = forms.help_lines(setup)
    assert {k: v for k, v in frame.items() if k.startswith("#ng-help-")} == {
        f"#ng-help-{k}": Part(text=line) for k, line in help_lines.items()}
    assert frame["#ng-name"] == Part(props=(("value", ""), ("placeholder", "You")))
    assert [frame[PLAYERS.format(n)] for n in (2, 3, 4)] == [
        Part(props=(("checked", False),)), Part(props=(("checked", True),)),
        Part(props=(("checked", False),))]
    # partners need four: unticked and off, the choice kept
    assert frame["#ng-partnership"] == Part(props=(("checked", False), ("disabled", True)),
                                            attrs=(("data-chosen", ""),))
    assert frame[MODE.format("bots")] == Part(props=(("checked", True),))
    assert frame[MODE.format("table")] == Part(props=(("checked", False),))
    assert frame["#ng-opponents"] == Part(attrs=(("hidden", None),))
    assert frame["#ng-others"] == Part(attrs=(("hidden", ""),))
    assert frame["#ng-seats"] == Part(attrs=(("hidden", None),))
    assert frame["#ng-table"] == Part(attrs=(("hidden", ""),))
    assert frame["#ng-table-options"] == Part(html="")
    assert frame["#ng-presets"] == Part(html=forms.preset_options(setup))
    assert frame["#ng-bots"] == Part(html=forms.bot_options(setup))
    assert frame["#ng-target"] == Part(props=(("value", str(setup.default_target())),))


def test_the_new_game_dialog_at_a_real_table_and_names_as_typed():
    setup = replace(Setup(), mode="table", players=4, partnership=True, name="Zoë",
                    names=("Anna", "Bartholomew", "Cleo"))
    frame = new_game_frame(setup)
    assert frame["#ng-partnership"] == Part(props=(("checked", True), ("disabled", False)),
                                            attrs=(("data-chosen", "true"),))
    assert frame["#ng-seats"] == Part(attrs=(("hidden", ""),))
    assert frame["#ng-table"] == Part(attrs=(("hidden", None),))
    assert frame["#ng-table-options"] == Part(html=forms.table_options(setup))
    assert frame[MODE.format("table")] == Part(props=(("checked", True),))
    names = table_names_frame(setup)
    assert list(names) == [f'#ng-table-{choice} option[value="{seat}"]'
                           for seat in range(4) for choice in ("first", "known")] + [
        "#ng-help-partnership"]
    assert [names[f'#ng-table-first option[value="{s}"]'].text for s in range(4)] == [
        "Zoë", "Anna", "Bartholomew", "Cleo"]
    assert names["#ng-help-partnership"] == Part(
        text=forms.help_lines(setup)["partnership"])
    assert new_game_problem("Choose a name.") == {"#ng-error": Part(text="Choose a name.")}


def test_the_settings_dialog():
    settings = replace(Settings(), bot_pause=1200, undo=True, theme="dark")
    frame = settings_frame(settings)
    assert frame["#set-bot-pause"] == Part(props=(("value", "1200"),))
    assert frame["#set-bot-pause-out"] == Part(text="1.2 s") == \
        bot_pause_frame(settings)["#set-bot-pause-out"]
    assert frame["#set-undo"] == Part(props=(("checked", True),))
    assert frame["#set-auto-draw"] == Part(props=(("checked", False),))
    assert frame["#set-theme"] == Part(props=(("value", "dark"),))
    assert len(frame) == 12
    assert backup_status("") == {"#backup-status": Part(text="")}


def test_statistics_and_their_reset_question():
    stats = kept_stats(None)
    assert stats_frame(stats) == {
        "#stats-body": Part(html=stats_panel(stats)),
        "#stats-confirm": Part(attrs=(("hidden", ""),)),
        "#stats-reset": Part(attrs=(("hidden", None),))}
    asking = stats_frame(stats, asking=True)
    assert asking["#stats-confirm"] == Part(attrs=(("hidden", None),))
    assert asking["#stats-reset"] == Part(attrs=(("hidden", ""),))


def test_how_to_play():
    looks = Looks("numerals", False)
    assert rules_frame("punt", looks) == {"#rules-help-body": Part(html=rules_help("punt",
                                                                                   looks))}


def shout(text: str) -> str:
    return text.upper()


def test_the_page_in_a_language_keeps_its_english_and_leaves_what_the_code_wrote():
    marks = [
        Marked(key(0), " New  game "),  # first pass: its English is read
        Marked(key(1), "<b>Hi</b> there", markup=True),
        Marked(key(2), "DEAL", kept="Deal", written="DEAL"),  # already in this language
        Marked(key(3), "Your turn.", kept="Status", written="STATUS"),  # the code wrote it
        Marked(key(4), "Close", attribute="aria-label", marked=("aria-label", "title")),
        Marked(key(4), "x", kept="Shut", written="SHOT", attribute="title",
               marked=("aria-label", "title")),
    ]
    frame = language_frame("de", marks, shout, manifest=True)
    assert frame == {
        "html": Part(attrs=(("lang", "de"), ("dir", "ltr"), (READY, "de"), (WORDS, "de"))),
        key(0): Part(text="NEW GAME", attrs=((KEPT, "New game"), (MARKUP, None))),
        key(1): Part(html="<B>HI</B> THERE", attrs=((KEPT, "<b>Hi</b> there"), (MARKUP, ""))),
        key(2): Part(attrs=((KEPT, "Deal"), (MARKUP, None))),  # as it is: not written
        key(3): Part(attrs=((page_text.TEXT_MARK, None), (KEPT, None), (WRITTEN, None),
                            (MARKUP, None))),
        key(4): Part(attrs=((f"{KEPT}-aria-label", "Close"), ("aria-label", "CLOSE"),
                            (f"{WRITTEN}-aria-label", "CLOSE"),
                            (page_text.ATTRIBUTE_MARK, "aria-label"))),
        "link[rel=manifest]": Part(attrs=(("href", page_text.manifest_href("de")),)),
        "#set-language": Part(html=page_text.language_options(), props=(("value", "de"),)),
    }
    assert "link[rel=manifest]" not in language_frame("de", [], shout, manifest=False)
