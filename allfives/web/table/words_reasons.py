"""Review's sentences that are not about one position: a file refused by its
size, and a verdict on a move (Review's, the coach's, a puzzle's): the move
named as the game log names it, why it lost in three parts that add up to
the loss (``bots.analysis.Reason``), how sure the loss is, and whether it
was solved exactly or estimated."""

from __future__ import annotations

from dataclasses import dataclass

from ...bots.analysis import EACH, EXACT, ONE, SIDE, Decision, Reason
from ...coach.grades import grade_range
from ...coach.plain import BEST, CHANCE, LATER, NOW, REPLY, plain
from ...moves import DRAW, LEAD, PASS, Move, move_on, move_tile
from ...tiles import NAMES
from ..i18n.catalogs import _, ngettext, number, plural_n
from .words_grades import grade_word


@dataclass(frozen=True)
class Said:
    """A verdict as the page shows it: ``lead``, the plain sentences shown at
    once, and ``why``, the parts, the loss and how it was valued, one tap away
    (``words.said_html``; "" for nothing more)."""

    lead: str
    why: str = ""


def too_big(name: str, size: int) -> str:
    """A file too big to be a record, refused unread."""
    # Translators: a file opened to review, refused: {name} is its name, {n} its size in bytes.
    return ngettext("{name} could not be opened: {n} byte is too big for a record",
                    "{name} could not be opened: {n} bytes is too big for a record",
                    size).format(name=name, n=number(size))


def move_name(move: Move) -> str:
    """A move as the game log names it: "2-5 on 0-5", a lead as its tile
    ("5-5"), or the word for a draw or a pass."""
    if move == DRAW:
        # Translators: a suggested move, after "Hint:": draw a tile from the boneyard
        return _("draw")
    if move == PASS:
        # Translators: a suggested move, after "Hint:": pass the turn
        return _("pass")
    tile = NAMES[move_tile(move)]
    if move_on(move) == LEAD:
        return tile
    # Translators: a move in a verdict (Review, the coach, a puzzle): tile {tile} laid
    # against tile {on} on the table, as the game log says "You played 2-5 on 0-5."
    return _("{tile} on {on}").format(tile=tile, on=NAMES[move_on(move)])


def parts_words(played: Move, reason: Reason, against: str = ONE) -> str:
    """Why ``played`` lost against ``reason.best``, in three clauses whose
    numbers add up to the loss: points now, the others' reply, later. Begins
    a sentence. The reply is said as ``against`` (``analysis.reply_counted``)
    counts it: one opponent's points, each of several opponents' on average,
    or with partners the other side's less the partner's, whichever is ahead."""
    names = {"played": move_name(played), "best": move_name(reason.best)}
    if reason.scored == reason.best_scored:
        # Translators: the first part of why a move lost, beginning a sentence: the move
        # made and the better move score the same {points} now
        now = _("Both moves score {points} now").format(points=number(reason.scored))
    else:
        # Translators: the first part of why a move lost, beginning a sentence: what the
        # move made ({played}, as "2-5 on 0-5") and the better move {best} score now
        now = _("{played} scores {points} now, {best} scores {best_points}").format(
            points=number(reason.scored), best_points=number(reason.best_scored), **names)
    if against == SIDE:
        reply = side_reply_words(reason, names)
    elif against == EACH:
        reply = each_reply_words(reason, names)
    elif reason.reply == reason.best_reply:
        # Translators: the second part of why a move lost: the other players are expected
        # to score {points} in reply (before the person's next turn) after either move
        reply = _("the others score {points} in reply either way").format(
            points=number(reason.reply))
    else:
        # Translators: the second part of why a move lost: the points the other players
        # are expected to score in reply (before the person's next turn) to the move made
        # {played} and to the better move {best} (one decimal, as 8.2)
        reply = _("the others score {points} in reply to {played} and {best_points} in reply "
                  "to {best}").format(points=number(reason.reply),
                                      best_points=number(reason.best_reply), **names)
    return f"{now}; {reply}; {later_words(reason, names)}"


def each_reply_words(reason: Reason, names: dict[str, str]) -> str:
    """The second part with several opponents and no partners: what each of
    them scores on average (the value counts their mean)."""
    if reason.reply == reason.best_reply:
        # Translators: the second part of why a move lost, with 3 or 4 players and no
        # partners: each other player is expected to score {points} on average in reply
        # (before the person's next turn), after either move
        return _("each other player scores {points} on average in reply either way").format(
            points=number(reason.reply))
    # Translators: the second part of why a move lost, with 3 or 4 players and no partners:
    # the points each other player is expected to score on average in reply (before the
    # person's next turn) to the move made {played} and to the better move {best}
    return _("each other player scores {points} on average in reply to {played} and "
             "{best_points} in reply to {best}").format(
                 points=number(reason.reply), best_points=number(reason.best_reply), **names)


def side_reply_words(reason: Reason, names: dict[str, str]) -> str:
    """The second part with partners: how far the other side outscores the
    mover's side (the partner's turn counts for it) before the mover plays
    again, after each move; a side ahead by less than nothing is the other
    one ahead."""
    if reason.reply == reason.best_reply:
        if reason.reply >= 0:
            # Translators: the second part of why a move lost, with partners: in reply (the
            # others' turns, the partner's among them) the other side is expected to score
            # {points} more than the person's side, after either move
            text = _("the other side scores {points} more than yours in reply either way")
        else:
            # Translators: the second part of why a move lost, with partners: in reply (the
            # others' turns, the partner's among them) the person's side is expected to score
            # {points} more than the other side, after either move
            text = _("your side scores {points} more than the other in reply either way")
        return text.format(points=number(abs(reason.reply)))
    # Translators: why a move lost, with partners: {first} (the reply to the move made) and
    # {second} (the reply to the better move) joined
    return _("{first} and {second}").format(first=side_reply(reason.reply, names["played"]),
                                            second=side_reply(reason.best_reply, names["best"]))


def side_reply(points: float, move: str) -> str:
    if points >= 0:
        # Translators: part of why a move lost, with partners: in reply to {move} (as "2-5 on
        # 0-5"; the others' turns, the partner's among them) the other side is expected to
        # score {points} more than the person's side; joined to the same for the other move
        text = _("the other side scores {points} more than yours in reply to {move}")
    else:
        # Translators: part of why a move lost, with partners: in reply to {move} (as "2-5 on
        # 0-5"; the others' turns, the partner's among them) the person's side is expected
        # to score {points} more than the other side; joined to the same for the other move
        text = _("your side scores {points} more than the other in reply to {move}")
    return text.format(points=number(abs(points)), move=move)


def later_words(reason: Reason, names: dict[str, str]) -> str:
    """The third part: which move keeps more for the rest of the round."""
    if reason.later == 0:
        # Translators: the third part of why a move lost: the move made ({played}) and
        # the better move ({best}) are worth the same in the rest of the round
        return _("{played} and {best} keep as much for later").format(**names)
    if reason.later > 0:
        # Translators: the third part of why a move lost: the better move {best} is
        # worth {points} more than {played} in the rest of the round (its later turns)
        text = _("{best} keeps {points} more for later")
    else:
        # Translators: the third part of why a move lost: the move made, {played}, is
        # worth {points} more than the better move {best} in the rest of the round
        text = _("{played} keeps {points} more for later")
    return text.format(points=number(abs(reason.later)), **names)


def loss_words(d: Decision, divisor: int = 1) -> str:
    """What the move made loses, with its uncertainty when that changes the
    grade: "2-5 on 0-5 loses about 8.2 ± 2.9 points (inaccuracy to blunder)"."""
    low, high = grade_range(d.loss, d.error, divisor)
    n = plural_n(d.loss)
    if low == high:
        # Translators: the end of a verdict: the move {played} (as "2-5 on 0-5") loses
        # {loss} points against the better move
        text = ngettext("{played} loses {loss} point", "{played} loses {loss} points", n)
    else:
        # Translators: the end of a verdict whose loss is estimated: the move {played}
        # loses about {loss} points, give or take {error} (two standard errors), so its
        # grade could be anything from {low} to {high} (as "inaccuracy to blunder")
        text = ngettext("{played} loses about {loss} ± {error} point ({low} to {high})",
                        "{played} loses about {loss} ± {error} points ({low} to {high})", n)
    return text.format(played=move_name(d.played), loss=number(d.loss),
                       error=number(round(2 * d.error, 1)), low=grade_word(low),
                       high=grade_word(high))


def verdict_words(d: Decision, divisor: int = 1, against: str = ONE) -> str:
    """Why the move made lost and how much, as one sentence: "2-5 on 0-5
    scores 0 now, 5-5 10; ...: 2-5 on 0-5 loses 13.4 points." (the chances
    of winning the game each move left where the game was at stake; just
    the loss when its parts are not known); ``divisor`` the rules',
    ``against`` how their reply counts the others (``parts_words``)."""
    lost = loss_words(d, divisor)
    if d.chances is not None and d.played != d.best:
        return f"{chance_words(d)}: {lost}."
    if d.reason is None:
        return f"{lost}."
    return f"{parts_words(d.played, d.reason, against)}: {lost}."


def chance_words(d: Decision) -> str:
    """Where the game was at stake, the chance of winning it each move left:
    "The game is at stake: 3-3 on 0-3 wins it 41 times in 100, 5-5 on 0-5 64 times"."""
    made, best = (round(100 * c) for c in d.chances or (0.0, 0.0))
    # Translators: a verdict near the end of a game, where a move is worth the chance of winning
    # the game it leaves (not its points): {played} and {best} are moves (as "2-5 on 0-5"),
    # {chance} and {best_chance} how many games in 100 the move made and the best one win
    return _("The game is at stake: {played} wins it {chance} times in 100, {best} "
             "{best_chance} times").format(played=move_name(d.played), best=move_name(d.best),
                                      chance=number(made), best_chance=number(best))


def plain_why(d: Decision, against: str = ONE) -> str:
    """The better move's one plain reason (``coach.plain``), as a sentence
    after the move is named ("It scores 10 now."); "" when there is none to say."""
    lead = plain(d)
    if lead.kind == NOW:
        # Translators: a verdict's plain reason, after the better move is named: it
        # scores {points} now (the move made scores less)
        return ngettext("It scores {points} point now.", "It scores {points} points now.",
                        lead.points).format(points=number(lead.points))
    if lead.kind == REPLY:
        return reply_why(against)
    if lead.kind == LATER:
        # Translators: a verdict's plain reason, after the better move is named: it
        # leaves the person better placed for the rest of the round (later turns)
        return _("It leaves you better placed for the rest of the round.")
    if lead.kind == CHANCE:
        # Translators: a verdict's plain reason near the end of a game, after the better
        # move is named: it wins the game more often than the move made
        return _("It wins the game more often.")
    return ""


def reply_why(against: str) -> str:
    """The plain reason when the others' reply costs the most."""
    if against == SIDE:
        # Translators: a verdict's plain reason with partners, after the better move is
        # named: the other side scores less on its turns after it
        return _("It leaves the other side less to score.")
    if against == EACH:
        # Translators: a verdict's plain reason with 3 or 4 players, after the better move
        # is named: the other players score less on their turns after it
        return _("It leaves the other players less to score.")
    # Translators: a verdict's plain reason with 2 players, after the better move is
    # named: the opponent scores less on the next turn after it
    return _("It leaves your opponent less to score.")


def plain_words(d: Decision, against: str = ONE) -> str:
    """A verdict's first, plain sentence for a beginner: what to play instead
    and why in a few words ("Better: 4-6 on 5-6. It scores 10 now."), or
    that the move made was the best."""
    if plain(d).kind == BEST:
        # Translators: a verdict: the move made was the best one
        return _("Best move.")
    # Translators: a verdict's plain first sentence: the move {best} (as "2-5 on 0-5")
    # would have been better; a few words on why may follow
    better = _("Better: {best}.").format(best=move_name(d.best))
    why = plain_why(d, against)
    return f"{better} {why}" if why else better


def method_words(method: str) -> str:
    """How the values were found, as a sentence: solved exactly, or estimated."""
    if method == EXACT:
        # Translators: after a verdict on a move: its values were solved exactly (nothing
        # was hidden: two players and an empty boneyard), not estimated
        return _("Solved exactly: nothing was hidden.")
    # Translators: after a verdict on a move: its values were estimated from many deals of
    # the hidden tiles played out by the expert, so they may be off a little
    return _("Estimated from deals of the hidden tiles.")


def method_mark(method: str) -> str:
    """A decision's chip's mark for an exact value ("" for an estimate)."""
    # Translators: a short mark on a reviewed move whose value was solved exactly (not estimated)
    return _("solved") if method == EXACT else ""
