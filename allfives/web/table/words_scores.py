"""The round-end scoring lines in words (``words`` offers them with the
page's other sentences): one whole sentence per case, as a player alone,
the person ("You hold ..."), or several players hold the pips, since
German, Dutch, Slovak and Hindi conjugate each differently.
"""

from __future__ import annotations

from ...scoring import ScoreLine
from ..i18n.catalogs import _, ngettext
from .table_view import TableView


def score_line(view: TableView, line: ScoreLine) -> str:
    """One round-end scoring line, in words."""
    rules = view.rules
    values: dict[str, object] = {
        "side": view.side_name(line.side), "names": view.listed(line.seats),
        "name": view.names[line.seats[0]], "pips": line.pips, "ways": line.shared_by,
        "rounded": f"{line.rounded} ÷ 5" if rules.divisor == 5 else line.rounded,
        "points": f"{line.points:+d}" if line.points else "0"}  # no "+0" for a hand of 1-2 pips
    if rules.round_end == "blocked_bonus":
        sides = view.side_names(line.side)
        return _lightest(view.side_kind(line.side), line.pips).format(
            **values, partner=sides["partner"], first=sides["first"], second=sides["second"])
    if len(line.seats) > 1:
        kind = "many"
    else:
        kind = "you" if view.is_you(line.seats[0]) else "one"
    text = _shared(kind, line.pips) if line.shared_by > 1 else _held(kind, line.pips)
    return text.format(**values)


def _held(kind: str, n: int) -> str:
    """A hand's pips subtracted, or scored by whoever went out."""
    if kind == "you":
        # Translators: pips are the dots on the tiles left in a hand; {rounded} is a
        # number (or like "25 ÷ 5" when points are divided by five), {points} like -25
        return ngettext("You hold {pips} pip, rounded to {rounded}: {points} for {side}.",
                        "You hold {pips} pips, rounded to {rounded}: {points} for {side}.", n)
    if kind == "many":
        # Translators: {names} lists two or three players, perhaps with "You" among them;
        # pips: the dots on their tiles; {rounded} a number (or like "25 ÷ 5"), {points} like +25
        return ngettext(
            "{names} hold {pips} pip, rounded to {rounded}: {points} for {side}.",
            "{names} hold {pips} pips, rounded to {rounded}: {points} for {side}.", n)
    # Translators: {name} is a player's name, pips the dots on their tiles; {rounded} is a
    # number (or like "25 ÷ 5"), {points} like -25, {side} the side that gets them
    return ngettext("{name} holds {pips} pip, rounded to {rounded}: {points} for {side}.",
                    "{name} holds {pips} pips, rounded to {rounded}: {points} for {side}.", n)


def _shared(kind: str, n: int) -> str:
    """A blocked round's pips shared between tied players."""
    if kind == "you":
        # Translators: a blocked round's pips (dots on the tiles) split {ways} ways between
        # tied players; {rounded} is a number (or like "25 ÷ 5"), {points} like +10
        return ngettext("You hold {pips} pip, shared {ways} ways and rounded to {rounded}: "
                        "{points} for {side}.",
                        "You hold {pips} pips, shared {ways} ways and rounded to {rounded}: "
                        "{points} for {side}.", n)
    if kind == "many":
        # Translators: {names} lists two or three players, perhaps with "You" among them;
        # the pips (dots on the tiles) are split {ways} ways between tied players
        return ngettext("{names} hold {pips} pip, shared {ways} ways and rounded to "
                        "{rounded}: {points} for {side}.",
                        "{names} hold {pips} pips, shared {ways} ways and rounded to "
                        "{rounded}: {points} for {side}.", n)
    # Translators: the pips (dots on the tiles) are split {ways} ways between tied players
    return ngettext("{name} holds {pips} pip, shared {ways} ways and rounded to {rounded}: "
                    "{points} for {side}.",
                    "{name} holds {pips} pips, shared {ways} ways and rounded to {rounded}: "
                    "{points} for {side}.", n)


def _lightest(kind: str, n: int) -> str:
    """Punt's bonus for the side with the lightest hand when a round is blocked."""
    if kind == "you":
        # Translators: Punt's blocked-round bonus; {names} held {pips} pips (dots) more
        return ngettext(
            "You had the lightest hand: {pips} pip fewer than {names}, rounded to {rounded}, "
            "one point per 5: {points} for {side}.",
            "You had the lightest hand: {pips} pips fewer than {names}, rounded to {rounded}, "
            "one point per 5: {points} for {side}.", n)
    if kind == "one":
        # Translators: Punt's blocked-round bonus; {side} is a player's name; pips: dots
        return ngettext(
            "{side} had the lightest hand: {pips} pip fewer than {names}, rounded to "
            "{rounded}, one point per 5: {points} for {side}.",
            "{side} had the lightest hand: {pips} pips fewer than {names}, rounded to "
            "{rounded}, one point per 5: {points} for {side}.", n)
    if kind == "you+":
        # Translators: Punt's blocked-round bonus; {partner} is the person's partner; pips: dots
        return ngettext(
            "You & {partner} had the lightest hand: {pips} pip fewer than {names}, rounded to "
            "{rounded}, one point per 5: {points} for {side}.",
            "You & {partner} had the lightest hand: {pips} pips fewer than {names}, rounded to "
            "{rounded}, one point per 5: {points} for {side}.", n)
    # Translators: Punt's blocked-round bonus; {first} & {second} are partners; pips: dots
    return ngettext(
        "{first} & {second} had the lightest hand: {pips} pip fewer than {names}, rounded to "
        "{rounded}, one point per 5: {points} for {side}.",
        "{first} & {second} had the lightest hand: {pips} pips fewer than {names}, rounded to "
        "{rounded}, one point per 5: {points} for {side}.", n)


def no_round_end_points() -> str:
    return _("No round-end points.")
