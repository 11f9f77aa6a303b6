"""Every sentence the page says about the table, made from a ``TableView``:
the status line, the hint, the game log, the round-end and game-over
explanations, the review's words and the deals'.

Kept together so the texts can be read, tested and translated together: the
log's sentences live in ``words_log`` and the scoring lines in
``words_scores``, and are offered here too. Each is a whole sentence for the
catalogs, with named placeholders, translated when it is made (``_``); where
German, Dutch, Slovak or Hindi would word it differently, there is one
sentence per case: the person ("You drew 3-5.") or another player, a single
player or a partnership.
"""

from __future__ import annotations

import re
from html import escape

from ...bots.analysis import EXACT, ONE, Decision, reply_counted
from ...moves import DRAW, LEAD, PASS, Move, move_on, move_tile
from ...tiles import HIGH, LOW, NAMES
from ..i18n.catalogs import N_, _, ngettext, number
from .table_view import TableView
from .takeback import DAILY_PREFIX
from .words_log import end_words as end_words
from .words_log import move_words as move_words
from .words_log import round_starts as round_starts
from .words_reasons import Said, method_words, move_name, plain_words, verdict_words
from .words_scores import no_round_end_points as no_round_end_points
from .words_scores import score_line as score_line

# A tile's name in a sentence ("0-5"): a line may not break at its hyphen.
TILE_NAME = re.compile(r"\b\d-\d\b")


def unbroken(text: str) -> str:
    """A sentence as HTML whose tile names never break across lines (a
    phone broke "0-0" after its hyphen): its text is unchanged.

    >>> unbroken("Play 0-1 on 0-0 & score 5.")
    'Play <span class="tile-name">0-1</span> on <span class="tile-name">0-0</span> &amp; score 5.'
    """
    return TILE_NAME.sub(lambda m: f'<span class="tile-name">{m[0]}</span>', escape(text))


def said_html(said: Said) -> str:
    """A verdict as HTML: ``<span class="lead">`` with the plain sentences,
    then, when there is more, a ``<details class="why">`` (a native
    disclosure: keyboard and screen readers know it) whose summary is "Why"."""
    lead = f"<span class='lead'>{unbroken(said.lead)}</span>"
    if not said.why:
        return lead
    # Translators: opens a verdict's full reasons and numbers, under its plain sentence
    label = escape(_("Why"))
    return (f"{lead} <details class='why'><summary>{label}</summary>"
            f"<p>{unbroken(said.why)}</p></details>")


# Translators: the status line once the game has ended
GAME_OVER = N_("Game over.")
# Translators: the status line once a round has ended
ROUND_OVER = N_("Round over.")


# -- the status line --------------------------------------------------------


def turn_prompt(view: TableView) -> str:
    """What the status line tells the person whose turn it is (by name, when
    friends share the table)."""
    prompt = _turn_prompt(view)
    if not view.shared:
        return prompt
    # Translators: the status line when friends share the table: the name of the
    # person whose turn it is, then what to do (as "Ben: Your turn: play a highlighted tile.")
    return _("{name}: {prompt}").format(name=view.names[view.seat], prompt=prompt)


def _turn_prompt(view: TableView) -> str:
    moves = view.legal_moves
    if moves == (DRAW,):
        # Translators: the boneyard is the pile of face-down tiles to draw from
        return _("No tile fits: draw from the boneyard.")
    if moves == (PASS,):
        # Translators: the boneyard is the pile of face-down tiles to draw from
        return _("No tile fits and the boneyard is empty: you must pass.")
    if not view.layout.placements:
        # Translators: the person plays the round's first tile
        return _("Your lead: play any tile.")
    return _("Your turn: play a highlighted tile.")


def pass_to(name: str) -> str:
    """The status line and the privacy screen's title, between two people's turns."""
    # Translators: friends share one device; the next person to play is {name}:
    # hand the device to them (every hand is hidden meanwhile)
    return _("Pass to {name}").format(name=name)


def privacy_text(name: str) -> str:
    """The privacy screen's words."""
    # Translators: the privacy screen between two people's turns at one device
    return _("It is {name}'s turn. Every hand is hidden until {name} shows theirs.").format(
        name=name)


def show_hand(name: str) -> str:
    """The privacy screen's button."""
    # Translators: the privacy screen's button: the person whose turn it is shows their tiles
    return _("Show {name}'s tiles").format(name=name)


def hand_label(view: TableView) -> str:
    """The hand's name for screen readers: whose tiles these are."""
    if view.screened:
        # Translators: the hand while the privacy screen is up: no tiles are shown
        return _("Hidden tiles")
    if not view.shared:
        return _("Your tiles")
    # Translators: the hand when friends share the table: {name}'s tiles are shown
    return _("{name}'s tiles").format(name=view.names[view.seat])


def review_hand_label(view: TableView) -> str:
    """``#review-hand-label``: whose tiles Review shows under its board (the
    reviewed seat's): "Your tiles", or "Anna's tiles"."""
    if view.is_you(view.seat):
        return _("Your tiles")
    return _("{name}'s tiles").format(name=view.names[view.seat])


def thinking(name: str) -> str:
    # Translators: {name} is a bot player's name, e.g. Anna
    return _("{name} is thinking…").format(name=name)


def where_to(tile: int) -> str:
    # Translators: {tile} is a tile like 3-5; the places it may go are lit on the table
    return _("Where should {tile} go? Pick a lit place.").format(tile=NAMES[tile])


def does_not_fit(tile: int) -> str:
    return _("{tile} does not fit anywhere. Pick a highlighted tile.").format(tile=NAMES[tile])


def not_allowed() -> str:
    return _("That move is not allowed.")


def your_turn(view: TableView) -> str:
    """Short words for a screen reader when the turn comes to the person."""
    moves = view.legal_moves
    if moves == (DRAW,):
        return _("Your turn: nothing fits, draw.")
    if moves == (PASS,):
        return _("Your turn: nothing fits, pass.")
    return _("Your lead.") if not view.layout.placements else _("Your turn.")


def table_words(view: TableView) -> str:
    """The open ends and the count, read out on request (the T key)."""
    layout = view.layout
    if not layout.placements:
        return _("The table is empty.")
    ends = []
    for value, tiles in enumerate(layout.ends):
        for tile in tiles:
            if LOW[tile] != HIGH[tile]:
                # Translators: an open end: the number {value} showing on the tile {tile}
                ends.append(_("{value} on {tile}").format(value=value, tile=NAMES[tile]))
            elif tile in layout.spinner_tiles:
                # Translators: a double (like 5-5) that is a spinner, open on its sides
                ends.append(_("{tile} spinner").format(tile=NAMES[tile]))
            else:
                ends.append(NAMES[tile])
    # Translators: {ends} lists the open ends, {count} is the total of their numbers
    return _("Open ends: {ends}. Count {count}.").format(ends=", ".join(ends),
                                                         count=layout.count)


def must_not_draw() -> str:
    return _("A tile fits: you may draw only when none does.")


def auto_move(draw: bool) -> str:
    return _("You cannot play: drawing for you…") if draw else _("You cannot play: passing.")


# -- the hint -------------------------------------------------------------------


def asking() -> str:
    # Translators: shown while the hint is found: every move the person may make is valued
    # (as Review values them) to find the best
    return _("Weighing your moves…")


def move_advice(view: TableView, move: Move) -> str:
    """A suggested move in words, with what it would score now."""
    if move == DRAW:
        # Translators: a suggested move, after "Hint:": draw a tile from the boneyard
        return _("draw")
    if move == PASS:
        # Translators: a suggested move, after "Hint:": pass the turn
        return _("pass")
    tile, joined = NAMES[move_tile(move)], move_on(move)
    on = NAMES[joined] if joined != LEAD else ""
    points = view.points_for(move)
    if on and points:
        # Translators: a suggested move, after "Hint:": lay tile {tile} on the tile
        # {on} on the table; {points} is what it scores
        said = ngettext("play {tile} on {on} (+{points})", "play {tile} on {on} (+{points})",
                        points)
    elif on:
        # Translators: a suggested move, after "Hint:": lay tile {tile} on the tile {on}
        said = _("play {tile} on {on}")
    elif points:
        # Translators: a suggested move, after "Hint:": play {tile} as the round's first
        said = ngettext("lead with {tile} (+{points})", "lead with {tile} (+{points})", points)
    else:
        # Translators: a suggested move, after "Hint:": play {tile} as the round's first
        said = _("lead with {tile}")
    return said.format(tile=tile, on=on, points=points)


def hint(view: TableView, move: Move, method: str | None = None) -> str:
    """The hint in words: the move Review calls best (``bots.analysis.best_of``),
    said to be solved when its value was (``method`` ``EXACT``)."""
    advice = move_advice(view, move)
    if method == EXACT:
        # Translators: the hint where nothing was hidden (two players, an empty boneyard),
        # so the best move was found exactly, not estimated; {advice} is a move like
        # "play 0-6 on 0-5"
        return _("Hint: {advice} (solved exactly)").format(advice=advice)
    # Translators: the hint: the best move, as Review values the moves; {advice} is a move
    # like "play 0-6 on 0-5"
    return _("Hint: {advice}").format(advice=advice)


# -- round end and game over ------------------------------------------------------


def totals(view: TableView) -> str:
    # Translators: one side's name and score, in the list after "Scores:"
    shown = ", ".join(_("{side} {score}").format(side=view.side_name(s), score=score)
                      for s, score in enumerate(view.scores))
    # Translators: {scores} lists each side's name and score
    return _("Scores: {scores}.").format(scores=shown)


def winner_heading(view: TableView) -> str:
    winner = view.winner if view.winner is not None else 0
    kind = view.side_kind(winner)
    if kind == "you+":
        # Translators: the game-over heading; {partner} is the person's partner
        text = _("You & {partner} win!")
    elif kind == "two":
        # Translators: the game-over heading; {first} & {second} are two partners' names
        text = _("{first} & {second} win!")
    elif view.rules.side_of(0) == winner:
        # Translators: the game-over heading when the person won
        text = _("You win!")
    else:
        # Translators: the game-over heading; {name} is the winner's name
        text = _("{name} wins.")
    return text.format(**view.side_names(winner))


def rounds_played(view: TableView) -> str:
    n = len(view.rounds)
    # Translators: {target} is the score the game was played to
    return ngettext("{n} round played, to {target}.", "{n} rounds played, to {target}.",
                    n).format(n=n, target=view.rules.target)


def round_summary(view: TableView) -> str:
    """What a screen reader hears when a round or the game ends."""
    rnd = view.round
    if view.game_over:
        return f"{_(GAME_OVER)} {winner_heading(view)} {totals(view)}"
    return f"{_(ROUND_OVER)} {end_words(view, rnd)} {totals(view)}"


def boneyard(count: int) -> str:
    # Translators: the boneyard is the pile of face-down tiles to draw from
    return ngettext("Boneyard: {n} tile", "Boneyard: {n} tiles", count).format(n=count)


def tiles_count(count: int) -> str:
    return ngettext("{n} tile", "{n} tiles", count).format(n=count)


# -- review and deals -------------------------------------------------------------


def review_says(view: TableView, decision: Decision | None) -> Said:
    """What the review says at a position: the move just made (or the deal),
    how the round ended, and the analysis of the decision about to be made
    (its plain lead, the rest in ``why``)."""
    rnd = view.round
    if not rnd.history:
        if view.is_you(rnd.starter):
            # Translators: the review at a round's start, before any move: the person plays first
            said = _("The deal: You start.")
        else:
            # Translators: the review at a round's start, before any move: {name} plays first
            said = _("The deal: {name} starts.").format(name=view.names[rnd.starter])
    else:
        said = move_words(view, rnd, len(rnd.history) - 1)
    if rnd.over:
        said += " " + end_words(view, rnd)
    if decision is None:
        return Said(said)
    verdict = judged(view.names[decision.seat], decision, view.is_you(decision.seat),
                     view.rules.divisor, reply_counted(view.rules))
    return Said(f"{said} {verdict.lead}", verdict.why)


def judged(name: str, d: Decision, you: bool = False, divisor: int = 1,
           against: str = ONE) -> Said:
    """One decision as the review sums it up; ``you``: the person made it;
    ``divisor``: the rules', as grades take it; ``against``: how its reply
    counts the others (``analysis.reply_counted``). Leads with the move and,
    when it lost, the plain better move; the parts, the loss and how it was
    valued are the ``why``."""
    played = move_name(d.played)
    if d.loss == 0 and you:
        # Translators: the review: the person's next move, {played} (as "0-5 on 5-5"), was the best
        said = _("Next, you played {played}: the best move.").format(played=played)
    elif d.loss == 0:
        # Translators: the review: {name}'s next move, {played} (as "0-5 on 5-5"), was the best
        said = _("Next, {name} played {played}: the best move.").format(name=name, played=played)
    else:
        if you:
            # Translators: the review: the person's next move was {played} (as "0-5 on 5-5");
            # a plain sentence on the better move follows ("Better: 5-5. It scores 10 now.")
            text = _("Next, you played {played}.")
        else:
            # Translators: the review: {name}'s next move was {played} (as "0-5 on 5-5");
            # a plain sentence on the better move follows ("Better: 5-5. It scores 10 now.")
            text = _("Next, {name} played {played}.")
        said = f"{text.format(name=name, played=played)} {plain_words(d, against)}"
        return Said(said, f"{verdict_words(d, divisor, against)} {method_words(d.method)}")
    return Said(said, method_words(d.method))


def review_summary(done: int, total: int, decisions: list[Decision]) -> str:
    """The analysis so far: how much, the points lost, the biggest losses first."""
    lost = sum(d.loss for d in decisions)
    # Translators: the review's progress; {lost} is the points lost in them, as "3.5"
    head = ngettext("{done} of {total} decision analysed; {lost} points lost.",
                    "{done} of {total} decisions analysed; {lost} points lost.",
                    total).format(done=done, total=total, lost=number(lost, 1))
    worst = [d for d in decisions if d.loss > 0][:3]
    if not worst:
        return head
    # Translators: one of the review's biggest losses: where it was and the points lost
    moves = ", ".join(_("round {round} move {move} ({loss})").format(
        round=d.round, move=d.move, loss=number(d.loss)) for d in worst)
    # Translators: {moves} lists the biggest losses, as "round 2 move 5 (3.5)"
    return head + " " + _("Biggest: {moves}.").format(moves=moves)


def unopened(name: str, why: str) -> str:
    # Translators: {file} is a record file's name; {reason} says what is wrong with it
    return _("{file} could not be opened: {reason}").format(file=name, reason=why)


def unreadable_link(why: str) -> str:
    """A shared link that was not dealt: the sentence, then why (``why``: a
    sentence of ``table.deals``)."""
    return _("The link's deal could not be read, so it was not dealt.") + " " + why


def deal_line(seed: str, daily: bool) -> str:
    """Which deal this game is: the daily deal's date (``daily``: played as
    the daily deal), another day's daily deal shared, or its seed."""
    if seed.startswith(DAILY_PREFIX):
        day = seed[len(DAILY_PREFIX):]
        if daily:
            # Translators: {day} is a date, as 2026-11-22
            return _("Daily deal of {day}").format(day=day)
        # Translators: a link dealt the daily deal of another day than today: it is
        # played as any shared deal (take-backs and the coach as set); {day} is a date
        return _("Shared deal: the daily deal of {day}").format(day=day)
    # Translators: {seed} is the number that deals this game, to share it
    return _("Deal {seed}").format(seed=seed)


def daily_best(day: str, best: int) -> str:
    """The person's best result on a daily deal: points won by, or the margin."""
    if best > 0:
        # Translators: {day} is a date; {margin} is the points the person won by
        return ngettext("Your best on the daily deal of {day}: won by {margin}.",
                        "Your best on the daily deal of {day}: won by {margin}.",
                        best).format(day=day, margin=best)
    # Translators: {day} is a date; {margin} is the person's points less the winner's, as -15
    return ngettext("Your best on the daily deal of {day}: {margin}.",
                    "Your best on the daily deal of {day}: {margin}.",
                    abs(best)).format(day=day, margin=f"{best:+d}")
