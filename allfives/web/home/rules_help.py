"""How to play: the rules of one preset in the page's own words, as HTML for
the rules help panel (docs/RULES.md is the source). The scoring is shown on
small tables drawn by the board's own renderer from scripted positions the
engine plays (``rules_examples``), so every count and score in the examples
is the engine's; the round end is explained with the round-end panel's own
sentences. Every sentence is a message of its own, in the page's language.
Pure Python, no browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...bots.names import LEVELS
from ...errors import RulesError
from ...rules import HAND_SIZE_CHOICES, PRESETS, Rules
from ..draw.board import PLAIN
from ..i18n.catalogs import _, ngettext
from ..i18n.labels import (
    level_description,
    level_name,
    preset_description,
    preset_name,
    preset_title,
)
from ..table.looks import Looks
from ..table.seats import BOT_NAMES, NAME_LIMIT, YOU, shown_name
from .rules_examples import LEAD_EXAMPLE, LINE_EXAMPLE, SPINNER_EXAMPLE, breakdown, example


def rules_help(preset: str, looks: Looks = PLAIN) -> str:
    """The rules of ``preset`` as HTML, the examples' tiles drawn as ``looks``;
    RulesError for a preset that is not one."""
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r} (choose one of {', '.join(PRESETS)})")
    rules = Rules.make(preset)
    sections = [
        # Translators: the headings of How to play's sections.
        ("aim", _("The aim"), _aim(preset)),
        # Translators: a heading of How to play.
        ("tiles", _("Tiles and players"), _tiles(preset)),
        # Translators: a heading of How to play.
        ("turn", _("Your turn"), _turn()),
        # Translators: a heading of How to play. A double is a tile with the same number on both
        # halves; a spinner is a double that takes tiles on all four sides.
        ("spinners", _("Doubles and spinners"), _spinners(rules)),
        # Translators: a heading of How to play.
        ("scoring", _("Scoring as you play"), _scoring(rules, looks)),
        # Translators: a heading of How to play.
        ("round-end", _("The end of a round"), _round_end(rules, looks.faces)),
        # Translators: a heading of How to play.
        ("winning", _("Winning"), _winning()),
        # Translators: a heading of How to play: the choices made in the new-game dialog.
        ("choices", _("The new-game choices"), _choices(preset)),
    ]
    body = "".join(f'<section data-rules="{key}"><h3>{_text(title)}</h3>{html}</section>'
                   for key, title, html in sections)
    # Translators: the heading of the rules; {title} is the rule set's title, as "Muggins".
    heading = _("How to play: {title}").format(title=preset_title(preset))
    return (f'<article class="rules-help" data-preset="{preset}">'
            f"<h2>{escape(heading)}</h2>{body}</article>")


def _text(message: str) -> str:
    """A translated message as HTML text (inline markup in it is the source's own)."""
    return escape(message, quote=False)


def _p(message: str) -> str:
    return f"<p>{_text(message)}</p>"


# -- the sections ------------------------------------------------------------------


def _players(values: Sequence[int]) -> str:
    """``(9, 7, 5)`` as "9 with 2 players, 7 with 3 and 5 with 4" (equal ones merged)."""
    two, three, four = values
    if two == three == four:
        # Translators: a number of tiles or points that is the same however many play, as "61
        # however many play".
        return _("{two} however many play").format(two=two)
    if three == four:
        # Translators: as "9 with 2 players, 7 with 3 or 4" (tiles in a hand, or target points).
        return _("{two} with 2 players, {three} with 3 or 4").format(two=two, three=three)
    # Translators: as "9 with 2 players, 7 with 3 and 5 with 4" (tiles in a hand, or points).
    return _("{two} with 2 players, {three} with 3 and {four} with 4").format(
        two=two, three=three, four=four)


def _either(values: Sequence[int]) -> str:
    """``(5, 7, 9)`` as "5, 7 or 9"."""
    if len(values) == 1:
        return str(values[0])
    # Translators: a list of choices, as "5, 7 or 9": {items} the first ones, comma-separated,
    # and {last} the last one.
    return _("{items} or {last}").format(items=", ".join(map(str, values[:-1])), last=values[-1])


def _aim(preset: str) -> str:
    p = PRESETS[preset]
    # Translators: the layout is the line of tiles laid on the table; a side is a player, or
    # two partners. {targets} is the score to reach, as "250 with 2 players, 200 with 3 or 4".
    return _p(_("Score points by laying tiles so that the open ends of the layout add up to a "
                "multiple of five. The first side to reach the target wins: {targets}.").format(
        targets=_players(p.targets)))


def _tiles(preset: str) -> str:
    p = PRESETS[preset]
    # Translators: a double-six set is the usual set of dominoes; the boneyard is the stock of
    # face-down tiles players draw from. {sizes} is how many tiles a hand has, as "9 with 2
    # players, 7 with 3 and 5 with 4".
    return _p(_("A double-six set: 28 tiles, one for each pair of numbers from 0 to 6. Each "
                "player is dealt a hand of tiles ({sizes}); the rest, face down, is the "
                "boneyard. With 4 players, partners sit opposite each other and score "
                "together.").format(sizes=_players(p.hand_sizes)))


def _turn() -> str:
    # Translators: to lead is to lay the first tile of a round; the layout is the line of
    # tiles on the table; the boneyard is the stock of face-down tiles players draw from.
    return (_p(_("The first player may lead any tile. After that, lay a tile with a number "
                 "matching an open end of the layout. If a tile fits you must play one; if "
                 "none fits, draw from the boneyard until one does and play it at once; if "
                 "the boneyard is empty too, pass."))
            # Translators: "went out": laid their last tile; a blocked round is one in which
            # nobody can play.
            + _p(_("The round ends when a player lays their last tile (they went out, and "
                   "start the next round), or when nobody can play: the round is blocked, and "
                   "the next starter is drawn at random.")))


def _spinners(rules: Rules) -> str:
    if rules.spinners == "none":
        # Translators: a double is a tile with the same number on both halves (as 4-4), laid
        # across the line; a spinner is a double that takes tiles on all four sides; the layout
        # is the line of tiles on the table.
        return _p(_("Doubles are laid crosswise. There is no spinner: every double takes tiles "
                    "on its two sides only, so the layout is a line with two ends."))
    if rules.spinners == "all":
        # Translators: a double is a tile with the same number on both halves (as 4-4), laid
        # across the line; a spinner is a double that takes tiles on all four sides. Its two
        # sides are its long edges, its two ends the short ones.
        return _p(_("Doubles are laid crosswise. Every double is a spinner: each takes tiles on "
                    "all four sides, first on its two sides, then on its two ends."))
    # Translators: a double is a tile with the same number on both halves (as 4-4), laid across
    # the line; a spinner is a double that takes tiles on all four sides. Its two sides are its
    # long edges, its two ends the short ones.
    return _p(_("Doubles are laid crosswise. The first double played is the spinner: it takes "
                "tiles on all four sides, first on its two sides, then on its two ends. Every "
                "later double takes tiles on its two sides only."))


def _spinner_counts(rules: Rules) -> str:
    """The sentence on what a spinner counts, or "" without spinners."""
    if rules.spinners == "none":
        return ""
    one = rules.spinners == "first"  # the spinner, or every double a spinner
    if rules.spinner_counts == "until_closed" and one:
        # Translators: the spinner is the first double played, which takes tiles on all four
        # sides; "counts both its halves": both its numbers add to the count of the open ends.
        return _("The spinner counts both its halves until all four of its sides are taken.")
    if rules.spinner_counts == "until_closed":
        # Translators: a spinner is a double that takes tiles on all four sides; "counts both
        # its halves": both its numbers add to the count of the open ends.
        return _("A spinner counts both its halves until all four of its sides are taken.")
    if one:
        # Translators: the spinner is the first double played, which takes tiles on all four
        # sides; its arms are the lines of tiles laid on them; its sides are its long edges,
        # its ends the short ones.
        return _("The spinner counts both its halves until tiles lie on both its sides; after "
                 "that only the ends of its arms count, although its ends still take tiles.")
    # Translators: a spinner is a double that takes tiles on all four sides; its arms are the
    # lines of tiles laid on them; its sides are its long edges, its ends the short ones.
    return _("A spinner counts both its halves until tiles lie on both its sides; after that "
             "only the ends of its arms count, although its ends still take tiles.")


def _scoring(rules: Rules, looks: Looks) -> str:
    # Translators: the count is the sum of the open ends of the layout; pips are the spots on
    # a tile's half; a double (as 5-5) lies across the line. A sentence on spinners may follow.
    counting = _("After every tile, add up the open ends: that is the count. A tile's free "
                 "half counts its pips, and a double lying crosswise at the end of a line "
                 "counts both halves (5-5 counts 10).")
    # Translators: the count is the sum of the open ends of the layout.
    scoring = _("When the count is a multiple of 5, whoever laid the tile scores it at once.")
    text = _p(" ".join(s for s in (counting, _spinner_counts(rules), scoring) if s))
    if rules.divisor == 5:
        # Translators: cribbage rules: scores are kept by moving pegs on a cribbage board, so
        # every point is divided by 5. {target} is the score that wins, as 61.
        text += _p(_("Every point is divided by 5, as when pegging on a cribbage board: a count "
                     "of 15 scores 3, and the game is played to {target}.").format(
            target=rules.target))
    # Translators: to lead is to lay the first tile of a round; 5-5 is the double five.
    out = [text, example(rules, "lead", LEAD_EXAMPLE, _("A lead of 5-5 counts both halves:"),
                         looks)]
    if rules.spinners == "none":
        # Translators: introduces an example. A double is a tile with the same number on both
        # halves; closed: it takes no more tiles.
        intro = _("A double takes tiles on its two sides, then it is closed:")
        out.append(example(rules, "line", LINE_EXAMPLE, intro, looks))
    else:
        # Translators: introduces an example. A spinner is a double that takes tiles on all four
        # sides; its sides are its long edges, its ends the short ones.
        intro = _("Four tiles round a spinner: its two sides, then its two ends.")
        out.append(example(rules, "spinner", SPINNER_EXAMPLE, intro, looks))
    return "".join(out)


def _round_end(rules: Rules, faces: str) -> str:
    # Translators: pips are the spots on the tiles; the numbers are pips.
    rounding = _p(_("Pips are rounded to the nearest 5: 1 or 2 round down, 3 or 4 round up, so "
                    "7 counts 5 and 8 counts 10."))
    divided = rules.divisor == 5
    if rules.round_end == "winner_takes" and divided:
        # Translators: "went out": laid their last tile; pips are the spots on the tiles; a
        # blocked round is one in which nobody can play; rounded: to the nearest 5.
        text = _("Whoever went out scores the pips left in everyone else's hands, added up, "
                 "then rounded and divided by 5. When the round is blocked, the player with "
                 "the fewest pips scores the others' pips; players tied for the fewest share "
                 "them (with partners the sides are compared, and a tie scores nothing).")
    elif rules.round_end == "winner_takes":
        # Translators: "went out": laid their last tile; pips are the spots on the tiles; a
        # blocked round is one in which nobody can play; rounded: to the nearest 5.
        text = _("Whoever went out scores the pips left in everyone else's hands, added up, "
                 "then rounded. When the round is blocked, the player with the fewest pips "
                 "scores the others' pips; players tied for the fewest share them (with "
                 "partners the sides are compared, and a tie scores nothing).")
    elif rules.round_end == "blocked_bonus":
        # Translators: a blocked round is one in which nobody can play; the lightest hand
        # holds the fewest pips.
        text = _("After a player goes out nothing is added: everyone keeps what they scored in "
                 "play. When the round is blocked, the lightest hand scores a bonus: the "
                 "others' pips minus its own, rounded, one point per 5. A tie for the lightest "
                 "hand scores nothing.")
    elif divided:
        # Translators: pips are the spots on the tiles; rounded: to the nearest 5; a side is a
        # player, or two partners.
        text = _("Every player's remaining pips, rounded and divided by 5, come off their "
                 "side's score; scores may go below zero.")
    else:
        # Translators: pips are the spots on the tiles; rounded: to the nearest 5; a side is a
        # player, or two partners.
        text = _("Every player's remaining pips, rounded, come off their side's score; scores "
                 "may go below zero.")
    return _p(text) + rounding + breakdown(rules, faces)


def _winning() -> str:
    # Translators: a side is a player, or two partners; the target is the score that wins.
    return _p(_("A side that reaches the target wins at once, even in the middle of a round "
                "(that round is not scored). If the points at the end of a round lift several "
                "sides to the target, the highest score wins; an exact tie plays on."))


def choice_help(preset: str, seated: tuple[str, ...] = BOT_NAMES,
                unnamed: str = "") -> dict[str, str]:
    """One line of plain text per new-game choice that is not a list of
    options (the rules and levels are described where they are chosen), for
    the new-game dialog and the rules' own list of choices; ``seated``: the
    names in seats 1-3; ``unnamed``: the person's name when none is given
    (else "You")."""
    p = PRESETS[preset]
    return {
        # Translators: the name field; {you} is the name of a player who gives none ("You").
        "name": ngettext("Up to {n} character; left empty, you are called {you}.",
                         "Up to {n} characters; left empty, you are called {you}.",
                         NAME_LIMIT).format(n=NAME_LIMIT, you=unnamed or shown_name(YOU)),
        # Translators: how many players a game has; the bots are the computer's players.
        "players": _("2, 3 or 4: you and one to three bots."),
        # Translators: the partners choice. {partner}, {left} and {right} are the
        # names of the players in those seats (the bots', or friends' at this device).
        "partnership": _("With 4 players: you and the player opposite ({partner}) against {left} "
                         "and {right}; whatever either of you scores counts for both. Switched "
                         "off, everyone plays for themselves.").format(
            partner=seated[1], left=seated[0], right=seated[2]),
        # Translators: the hand size choice: {choices} tiles (as "5, 7 or 9") with 2 or 3
        # players, {four_players} (as "5 or 7") with 4, or the rule set's own {sizes} (as "9
        # with 2 players, 7 with 3 and 5 with 4").
        "hand_size": _("{choices} tiles with 2 or 3 players, {four_players} with 4, or these "
                       "rules' own: {sizes}.").format(
            choices=_either(HAND_SIZE_CHOICES[2]), four_players=_either(HAND_SIZE_CHOICES[4]),
            sizes=_players(p.hand_sizes)),
        # Translators: the target choice; {targets} as "250 with 2 players, 200 with 3 or 4".
        "target": _("The score that wins: these rules' own ({targets}), or any whole number "
                    "from 5 to 10000.").format(targets=_players(p.targets)),
    }


def _choices(preset: str) -> str:
    presets = []
    for name in PRESETS:
        label = f"<b>{escape(preset_name(name))}</b>"
        if name == preset:
            # Translators: marks the rule set these rules are of; {rules} is its name.
            label = _text(_("{rules} (these rules)")).format(rules=label)
        presets.append(f"<li>{label}: {escape(preset_description(name))}</li>")
    levels = "".join(f"<li><b>{escape(level_name(level))}</b>: "
                     f"{escape(level_description(level))}</li>" for level in LEVELS)
    lines = {k: _text(v) for k, v in choice_help(preset).items()}
    terms = {
        # Translators: the new-game choices, as the new-game dialog names them.
        "name": _("Your name"),
        # Translators: a new-game choice: how many play.
        "players": _("Players"),
        # Translators: a new-game choice: with 4 players, whether opposite players are partners.
        "partnership": _("Partners"),
        # Translators: a new-game choice: the rule set.
        "rules": _("Rules"),
        # Translators: a new-game choice: how many tiles each player is dealt.
        "hand_size": _("Hand size"),
        # Translators: a new-game choice: the score that wins.
        "target": _("Target"),
        # Translators: a new-game choice: the bots' levels.
        "opponents": _("Opponents"),
    }
    # Translators: introduces the list of the bots' levels and what each does.
    each = _("Each bot's level:")
    shown = {**lines, "rules": f"<ul>{''.join(presets)}</ul>",
             "opponents": f"{_text(each)}<ul>{levels}</ul>"}
    return "<dl>" + "".join(f"<dt>{_text(term)}</dt><dd>{shown[key]}</dd>"
                            for key, term in terms.items()) + "</dl>"
