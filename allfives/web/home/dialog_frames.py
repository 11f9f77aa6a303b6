"""The home dialogs as frames (``paint.parts``): New game, Settings,
Statistics, How to play and the backup's status line, made from values
alone; the ``*_page`` modules hand them to the page's one writer. Form
fields are parts too (``value``, ``checked``): the person changes them, so
their pages write these frames whole (``writer.forget`` first)."""

from __future__ import annotations

from ..paint.parts import Frame, Part, shown
from ..table.looks import Looks
from ..table.settings import Settings
from ..table.setup import MODES, Setup
from . import new_game as forms
from .rules_help import rules_help
from .stats import Stats
from .stats_panel import stats_panel

PLAYERS = (2, 3, 4)  # the new-game dialog's choices of players


def new_game_frame(setup: Setup) -> Frame:
    """The new-game dialog filled from ``setup``: the help lines, the name,
    the players, partners (unticked and disabled without four players, the
    choice kept in ``data-chosen``), the rules, hand sizes, the target, the
    seats, the mode, and the real table's choices when it is one."""
    ticked, enabled = forms.partners_box(setup)
    friends = forms.with_friends(setup)
    frame: Frame = {f"#ng-help-{key}": Part(text=line)
                    for key, line in forms.help_lines(setup).items()}
    frame |= {
        "#ng-name": Part(props=(("value", forms.name_field(setup)),
                                ("placeholder", forms.name_placeholder(setup)))),
        # the seats' legend, worded for the table
        "#ng-opponents": Part(attrs=(shown(not friends),)),
        "#ng-others": Part(attrs=(shown(friends),)),
    }
    frame |= {f'#new-game-form input[name="players"][value="{n}"]':
              Part(props=(("checked", n == setup.players),)) for n in PLAYERS}
    frame |= {
        "#ng-partnership": Part(props=(("checked", ticked), ("disabled", not enabled)),
                                attrs=(("data-chosen", "true" if setup.partnership else ""),)),
        "#ng-presets": Part(html=forms.preset_options(setup)),
        "#ng-hand-size": Part(html=forms.hand_size_options(setup)),
        "#ng-target": Part(props=(("value", str(setup.target or setup.default_target())),)),
        "#ng-bots": Part(html=forms.bot_options(setup)),
    }
    frame |= {f'#new-game-form input[name="mode"][value="{mode}"]':
              Part(props=(("checked", mode == setup.mode),)) for mode in MODES}
    return frame | {
        # bots or friends, or people at a real table
        "#ng-seats": Part(attrs=(shown(not setup.at_table),)),
        "#ng-table": Part(attrs=(shown(setup.at_table),)),
        "#ng-table-options": Part(html=forms.table_options(setup) if setup.at_table else ""),
    }


def table_names_frame(setup: Setup) -> Frame:
    """At a real table, the names as they are typed: who sets first, whose
    hand is entered (each seat's option) and the partners' help line."""
    frame: Frame = {}
    for seat, label in enumerate(forms.seat_labels(setup)):
        for choice in ("first", "known"):
            frame[f'#ng-table-{choice} option[value="{seat}"]'] = Part(text=label)
    frame["#ng-help-partnership"] = Part(text=forms.help_lines(setup)["partnership"])
    return frame


def new_game_problem(text: str) -> Frame:
    """What is wrong with the new game asked for ("" : nothing)."""
    return {"#ng-error": Part(text=text)}


def settings_frame(settings: Settings) -> Frame:
    """The settings dialog's fields as ``settings`` has them, the bot
    pause's seconds said beside its slider."""
    return {
        "#set-bot-pause": Part(props=(("value", str(settings.bot_pause)),)),
        "#set-bot-pause-out": bot_pause_frame(settings)["#set-bot-pause-out"],
        "#set-speed": Part(props=(("value", settings.speed),)),
        "#set-hand-order": Part(props=(("value", settings.hand_order),)),
        "#set-auto-draw": Part(props=(("checked", settings.auto_draw),)),
        "#set-undo": Part(props=(("checked", settings.undo),)),
        "#set-tally": Part(props=(("checked", settings.tally),)),
        "#set-count": Part(props=(("checked", settings.count),)),
        "#set-coach": Part(props=(("value", settings.coach),)),
        "#set-theme": Part(props=(("value", settings.theme),)),
        "#set-faces": Part(props=(("value", settings.faces),)),
        "#set-large-tiles": Part(props=(("checked", settings.large_tiles),)),
    }


def bot_pause_frame(settings: Settings) -> Frame:
    """The bot pause's seconds beside its slider."""
    return {"#set-bot-pause-out": Part(text=forms.seconds(settings.bot_pause))}


def backup_status(text: str) -> Frame:
    """The backup's one line: what was done or why nothing was ("": none)."""
    return {"#backup-status": Part(text=text)}


def stats_frame(stats: Stats, asking: bool = False) -> Frame:
    """The statistics panel; while ``asking``, Reset's question and answers
    in place of Reset."""
    return {
        "#stats-body": Part(html=stats_panel(stats)),
        "#stats-confirm": Part(attrs=(shown(asking),)),
        "#stats-reset": Part(attrs=(shown(not asking),)),
    }


def rules_frame(preset: str, looks: Looks) -> Frame:
    """How to play ``preset``, its examples' tiles drawn as ``looks``."""
    return {"#rules-help-body": Part(html=rules_help(preset, looks))}
