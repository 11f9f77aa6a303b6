"""The Puzzles panel's sentences, through gettext. A puzzle's seats are
named from the mover's chair (the person takes the mover's place): the
next opponent, the partner, the opponent before."""

from __future__ import annotations

from ...bots.analysis import Decision, reply_counted
from ...coach.puzzles import Puzzle
from ...moves import Move
from ..i18n.catalogs import _, ngettext
from ..i18n.labels import preset_name
from ..table.table_view import TableView
from ..table.words import move_advice
from ..table.words_reasons import Said, method_words, move_name, plain_why, verdict_words
from .progress import AGAIN, DAILY, OWN


def seat_name(puzzle: Puzzle, seat: int) -> str:
    """Another seat, named from the mover's chair."""
    rules = puzzle.view.rules
    offset = (seat - puzzle.view.seat) % rules.players
    if rules.players == 2:
        # Translators: in a puzzle, the one other player
        return _("your opponent")
    if rules.partnership and offset == 2:
        # Translators: in a puzzle with four players in two partnerships, the person's partner
        return _("your partner")
    if offset == 1:
        # Translators: in a puzzle, the opponent who plays right after the person
        return _("the next opponent")
    if offset == rules.players - 1:
        # Translators: in a puzzle, the opponent who plays right before the person
        return _("the opponent before you")
    # Translators: in a puzzle with four players and no partners, the one sitting opposite
    return _("the opponent opposite")


def situation(puzzle: Puzzle) -> str:
    """The rules, the round and the scores: "standard, 2 players, round 3. Scores: ..."."""
    view = puzzle.view
    rules = view.rules
    mine = rules.side_of(view.seat)
    scores = []
    for side in sorted(range(rules.sides), key=lambda s: s != mine):  # the person's first
        score = view.scores[side]
        if rules.sides == rules.players:
            seat = rules.seats_of(side)[0]
            # Translators: one score in a puzzle's list of scores: the person's ("you 95"),
            # or another player's ("your opponent 55")
            scores.append(_("you {score}").format(score=score) if side == mine else
                          _("{name} {score}").format(name=seat_name(puzzle, seat), score=score))
        elif side == mine:
            # Translators: the person's side's score in a puzzle's list of scores
            scores.append(_("your side {score}").format(score=score))
        else:
            # Translators: the other side's score in a puzzle's list of scores
            scores.append(_("the other side {score}").format(score=score))
    # Translators: a puzzle's setting: {rules} is a rule set's name ("standard"), {n} players,
    # {round} the round of its game; {scores} lists the scores, {target} the score that wins
    return ngettext("Rules: {rules}, {n} player, round {round}. Scores: {scores} (to {target}).",
                    "Rules: {rules}, {n} players, round {round}. Scores: {scores} (to {target}).",
                    rules.players).format(rules=preset_name(rules.preset), n=rules.players,
                                          round=puzzle.round, scores=", ".join(scores),
                                          target=rules.target)


def counts(puzzle: Puzzle) -> str:
    """How many tiles the others hold, and the boneyard."""
    view = puzzle.view
    players = view.rules.players
    seats = [(view.seat + k) % players for k in range(1, players)]
    # Translators: how many tiles another player holds, in a puzzle: "your partner: 3 tiles"
    held = [ngettext("{name}: {n} tile", "{name}: {n} tiles", view.hand_counts[s]).format(
        name=seat_name(puzzle, s), n=view.hand_counts[s]) for s in seats]
    # Translators: a puzzle: {held} lists how many tiles each other player holds; the boneyard is
    # the pile of face-down tiles to draw from
    return ngettext("In hand: {held}. Boneyard: {n} tile.",
                    "In hand: {held}. Boneyard: {n} tiles.",
                    view.boneyard_left).format(held="; ".join(held), n=view.boneyard_left)


def source(kind: str, puzzle: Puzzle, day: str) -> str:
    """Why this puzzle is shown (``#puzzle-source``)."""
    if kind == DAILY:
        # Translators: the puzzle of the day, {day} as 2026-11-25
        return _("Daily puzzle of {day}").format(day=day)
    if kind == OWN and puzzle.played is not None:
        # Translators: a puzzle made from the person's own game, where they played {played}
        # (a move, as "0-5 on 5-5")
        return _("From your own game: you played {played} here.").format(
            played=move_name(puzzle.played))
    if kind == AGAIN:
        # Translators: a puzzle the person missed before, shown again to practise
        return _("A puzzle you missed, once more")
    # Translators: a puzzle shown for the first time; {rating} is its difficulty, as 1600
    return _("A new puzzle (difficulty {rating})").format(rating=puzzle.rating)


def verdict(puzzle: Puzzle, chosen: Move, shown: Decision) -> Said:
    """Right or not and the plain reason first; why in full, as Review says
    it, one tap away (``#puzzle-verdict``): ``shown`` is the decision on the
    runner-up (when ``chosen`` is the answer) or on ``chosen``, against the
    answer (``session.Solving.shown``)."""
    answer = move_name(puzzle.answer)
    rules = puzzle.view.rules
    against = reply_counted(rules)
    why = f"{verdict_words(shown, rules.divisor, against)} {method_words(shown.method)}"
    if chosen == puzzle.answer:
        # Translators: a puzzle solved; {answer} is a move (as "0-5 on 5-5"); a plain
        # sentence on why may follow ("It scores 10 now.")
        said = _("Right! {answer} is the best play.").format(answer=answer)
        # Translators: a solved puzzle's full reasons begin: the second best move is {other}
        # (as "0-5 on 5-5"); why it is worse and by how much follows
        why = _("The next best is {other}.").format(other=move_name(shown.played)) + " " + why
    else:
        # Translators: a puzzle missed: the best play was {answer} (a move, as "0-5 on 5-5");
        # a plain sentence on why may follow ("It scores 10 now.")
        said = _("Not quite: the best play is {answer}.").format(answer=answer)
    plain = plain_why(shown, against)
    return Said(f"{said} {plain}" if plain else said, why)


def answer_line(table: TableView, answer: Move) -> str:
    """The answer in words (``[data-puzzle-answer]``): "The best move: play 0-4 on 4-4 (+10)"."""
    # Translators: a puzzle's answer; {advice} is a move, as "play 0-4 on 4-4 (+10)"
    return _("The best move: {advice}").format(advice=move_advice(table, answer))


def rating_line(rating: int, change: int | None, provisional: int = 0) -> str:
    """``#puzzle-rating``: the person's puzzle rating, and its last change;
    while it is ``provisional`` (that many first tries to go), not the number
    (``progress.PROVISIONAL``)."""
    if provisional:
        # Translators: instead of the person's puzzle rating while it is still unsure: it is
        # shown once {n} more puzzles are tried
        return ngettext("Your puzzle rating: shown after {n} more puzzle",
                        "Your puzzle rating: shown after {n} more puzzles",
                        provisional).format(n=provisional)
    if change is None:
        # Translators: the person's puzzle rating (Glicko-2, 1500 to start)
        return _("Your puzzle rating: {rating}").format(rating=rating)
    # Translators: the person's puzzle rating and how it just changed, as "+12" or "-9"
    return _("Your puzzle rating: {rating} ({change})").format(rating=rating,
                                                               change=f"{change:+d}")


def due_line(due: int) -> str:
    """``#puzzle-due``: how many missed puzzles are due again today."""
    # Translators: missed puzzles come back after a while; {n} of them are due today
    return ngettext("{n} missed puzzle to practise again today.",
                    "{n} missed puzzles to practise again today.", due).format(n=due)


def daily_line(solved: bool | None) -> str:
    """``#puzzle-daily-result``: how today's puzzle went."""
    if solved is None:
        return ""
    if solved:
        # Translators: the daily puzzle was solved at the first try
        return _("You solved today's puzzle.")
    # Translators: the daily puzzle was tried and missed
    return _("Today's puzzle was missed; a new one comes tomorrow.")


def unavailable(why: str) -> str:
    # Translators: the shipped puzzles could not be read; {reason} is an English detail
    return _("The puzzles could not be loaded ({reason}).").format(reason=why)


def task(leads: bool) -> str:
    """``#puzzle-task``: the person is to play; on an empty table, to lead."""
    if leads:
        # Translators: the task of a puzzle where the table is still empty: the person plays
        # the round's first tile
        return _("You lead: find the best tile to start the round with.")
    # Translators: the task of every puzzle: the person is to play
    return _("Your move: find the best play.")
