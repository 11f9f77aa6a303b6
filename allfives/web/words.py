"""Every sentence the page says, made from a ``TableView``: the status line,
the hint, the game log, the round-end and game-over explanations.

Kept in one module so the texts can be read, tested and later translated
together.
"""

from __future__ import annotations

from ..analysis import Decision
from ..moves import DRAW, LEAD, PASS, Move, move_on, move_tile, parse_move
from ..scoring import ScoreLine
from ..tiles import HIGH, LOW, NAMES
from .table_view import RoundView, TableView
from .takeback import DAILY_PREFIX

GAME_OVER = "Game over."
ROUND_OVER = "Round over."


# -- the status line --------------------------------------------------------


def turn_prompt(view: TableView) -> str:
    """What the status line tells the person whose turn it is."""
    moves = view.legal_moves
    if moves == (DRAW,):
        return "No tile fits: draw from the boneyard."
    if moves == (PASS,):
        return "No tile fits and the boneyard is empty: you must pass."
    if not view.layout.placements:
        return "Your lead: play any tile."
    return "Your turn: play a highlighted tile."


def thinking(name: str) -> str:
    return f"{name} is thinking…"


def where_to(tile: int) -> str:
    return f"Where should {NAMES[tile]} go? Pick a lit place."


def does_not_fit(tile: int) -> str:
    return f"{NAMES[tile]} does not fit anywhere. Pick a highlighted tile."


def not_allowed(why: str) -> str:
    return f"That move is not allowed: {why}."


def your_turn(view: TableView) -> str:
    """Short words for a screen reader when the turn comes to the person."""
    moves = view.legal_moves
    if moves == (DRAW,):
        return "Your turn: nothing fits, draw."
    if moves == (PASS,):
        return "Your turn: nothing fits, pass."
    return "Your lead." if not view.layout.placements else "Your turn."


def table_words(view: TableView) -> str:
    """The open ends and the count, read out on request (the T key)."""
    layout = view.layout
    if not layout.placements:
        return "The table is empty."
    ends = []
    for value, tiles in enumerate(layout.ends):
        for tile in tiles:
            spinner = " spinner" if tile in layout.spinner_tiles else ""
            ends.append(f"{NAMES[tile]}{spinner}" if LOW[tile] == HIGH[tile]
                        else f"{value} on {NAMES[tile]}")
    return f"Open ends: {', '.join(ends)}. Count {layout.count}."


def must_not_draw() -> str:
    return "A tile fits: you may draw only when none does."


def auto_move(draw: bool) -> str:
    return "You cannot play: drawing for you…" if draw else "You cannot play: passing."


# -- the hint -------------------------------------------------------------------


def asking(bot: str) -> str:
    return f"Asking {bot}…"


def move_advice(view: TableView, move: str) -> str:
    """A suggested move in words, with what it would score now."""
    if move in ("draw", "pass"):
        return move
    tile, _, on = move.partition(">")
    points = view.points_for(parse_move(move))
    said = f"play {tile} on {on}" if on else f"lead with {tile}"
    return said + (f" (+{points})" if points else "")


def hint(bot: str, view: TableView, move: str) -> str:
    return f"Hint ({bot}): {move_advice(view, move)}"


# -- the log --------------------------------------------------------------------


def move_words(view: TableView, rnd: RoundView, index: int) -> str:
    """One log line for move ``index`` of ``rnd`` (as people read it)."""
    seat, move, points = rnd.history[index]
    who = view.names[seat]
    if move == DRAW:
        if seat == rnd.seat:
            return f"{who} drew {NAMES[rnd.drawn[rnd.drawn_before(index)]]}."
        return f"{who} drew a tile."
    if move == PASS:
        return f"{who} passed: nothing fits and the boneyard is empty."
    return _play_words(who, move) + (f" and scored {points}." if points else ".")


def _play_words(who: str, move: Move) -> str:
    tile, on = move_tile(move), move_on(move)
    if on == LEAD:
        return f"{who} led {NAMES[tile]}"
    return f"{who} played {NAMES[tile]} on {NAMES[on]}"


def round_starts(view: TableView, number: int, rnd: RoundView) -> str:
    starts = _verb(view, (rnd.starter,), "starts", "start")
    return f"Round {number}: {view.names[rnd.starter]} {starts}."


def end_words(view: TableView, rnd: RoundView) -> str:
    """How a finished round ended."""
    if rnd.end == "domino" and rnd.went_out is not None:
        return f"{view.names[rnd.went_out]} went out."
    if rnd.end == "blocked":
        return "The round is blocked: nobody can play."
    if rnd.end == "target":
        winner = view.winner if view.winner is not None else 0
        reach = _verb(view, view.rules.seats_of(winner), "reaches", "reach")
        return f"{view.side_name(winner)} {reach} {view.rules.target}: the game is over."
    return ""


def _verb(view: TableView, seats: tuple[int, ...], one: str, many: str) -> str:
    """``one`` for a single third person, ``many`` for several or for "You"."""
    you = len(seats) == 1 and seats[0] == 0 and view.names[0] == "You"
    return one if len(seats) == 1 and not you else many


def _names(view: TableView, seats: tuple[int, ...]) -> str:
    names = [view.names[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- round end and game over ------------------------------------------------------


def score_line(view: TableView, line: ScoreLine) -> str:
    """One round-end scoring line, in words."""
    rules = view.rules
    side = view.side_name(line.side)
    who = _names(view, line.seats)
    div = " ÷ 5" if rules.divisor == 5 else ""
    if rules.round_end == "blocked_bonus":
        return (f"{side} had the lightest hand: {line.pips} pips fewer than {who}, rounded to "
                f"{line.rounded}, one point per 5: {line.points:+d} for {side}.")
    holds = _verb(view, line.seats, "holds", "hold")
    if line.shared_by > 1:
        return (f"{who} {holds} {line.pips} pips, shared {line.shared_by} ways and rounded to "
                f"{line.rounded}{div}: {line.points:+d} for {side}.")
    return (f"{who} {holds} {line.pips} pips, rounded to {line.rounded}{div}: "
            f"{line.points:+d} for {side}.")


def no_round_end_points() -> str:
    return "No round-end points."


def totals(view: TableView) -> str:
    shown = ", ".join(f"{view.side_name(s)} {score}" for s, score in enumerate(view.scores))
    return f"Scores: {shown}."


def winner_heading(view: TableView) -> str:
    winner = view.winner if view.winner is not None else 0
    if view.rules.partnership:
        return f"{view.side_name(winner)} win!"
    if view.rules.side_of(0) == winner:
        return "You win!"
    return f"{view.side_name(winner)} wins."


def rounds_played(view: TableView) -> str:
    n = len(view.rounds)
    return f"{n} round{'s' if n != 1 else ''} played, to {view.rules.target}."


def round_summary(view: TableView) -> str:
    """What a screen reader hears when a round or the game ends."""
    rnd = view.round
    if view.game_over:
        return f"{GAME_OVER} {winner_heading(view)} {totals(view)}"
    return f"{ROUND_OVER} {end_words(view, rnd)} {totals(view)}"


def boneyard(count: int) -> str:
    return f"Boneyard: {tiles_count(count)}"


def tiles_count(count: int) -> str:
    return f"{count} tile{'' if count == 1 else 's'}"


# -- review -----------------------------------------------------------------------


def review_says(view: TableView, decision: Decision | None) -> str:
    """What the review says at a position: the move just made (or the deal),
    how the round ended, and the analysis of the decision about to be made."""
    rnd = view.round
    if not rnd.history:
        starts = _verb(view, (rnd.starter,), "starts", "start")
        said = f"The deal: {view.names[rnd.starter]} {starts}."
    else:
        said = move_words(view, rnd, len(rnd.history) - 1)
    if rnd.over:
        said += " " + end_words(view, rnd)
    if decision is not None:
        said += " " + judged(view.names[decision.seat], decision)
    return said


def judged(name: str, d: Decision) -> str:
    """One decision as the review sums it up."""
    if d.loss == 0:
        return f"Next, {name} played {d.played}: the best move."
    why = f": {d.reason}" if d.reason else ""
    return f"Next, {name} played {d.played}; the expert prefers {d.best} ({d.loss:g} points{why})."


def review_summary(done: int, total: int, decisions: list[Decision]) -> str:
    """The analysis so far: how much, the points lost, the biggest losses first."""
    lost = sum(d.loss for d in decisions)
    head = f"{done} of {total} decisions analysed; {lost:.1f} points lost."
    worst = [d for d in decisions if d.loss > 0][:3]
    if not worst:
        return head
    return head + " Biggest: " + ", ".join(
        f"round {d.round} move {d.move} ({d.loss:g})" for d in worst) + "."


def unopened(name: str, why: str) -> str:
    return f"{name} could not be opened: {why}"


def unreadable_link(why: str) -> str:
    return f"The link's deal could not be read ({why}), so it was not dealt."


def deal_line(seed: str) -> str:
    """Which deal this game is: a daily deal's date, or its seed."""
    if seed.startswith(DAILY_PREFIX):
        return f"Daily deal of {seed[len(DAILY_PREFIX):]}"
    return f"Deal {seed}"


def daily_best(day: str, best: int) -> str:
    if best > 0:
        return f"Your best on the daily deal of {day}: won by {best}."
    return f"Your best on the daily deal of {day}: {best:+d}."
