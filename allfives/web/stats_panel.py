"""The statistics panel (``#stats-body``) as HTML: the totals, streaks, a
table per opponents' level and per rules preset, the best and worst game and
the biggest play. Pure Python, no browser; the numbers come from ``stats``."""

from __future__ import annotations

from html import escape

from ..rules import PRESETS
from .stats import GROUPS, MIXED, BigPlay, Finish, Row, Stats


def _percent(row: Row) -> str:
    return f"{round(100 * row.won / row.played)}%" if row.played else "–"


def _per_round(row: Row) -> str:
    per = row.per_round
    return "–" if per is None else f"{per:.1f}"


def _table(caption: str, kind: str, rows: list[tuple[str, str, Row]]) -> str:
    body = "".join(
        f'<tr data-{kind}="{key}"><th scope="row">{escape(label)}</th><td>{row.played}</td>'
        f"<td>{row.won}</td><td>{_percent(row)}</td><td>{row.takebacks}</td>"
        f"<td>{_per_round(row)}</td></tr>" for key, label, row in rows if row.played)
    return (f'<table class="stats-table" data-stats="{kind}"><caption>{caption}</caption>'
            "<thead><tr><th scope='col'>"
            f"{'Opponents' if kind == 'level' else 'Rules'}</th><th scope='col'>Played</th>"
            "<th scope='col'>Won</th><th scope='col'>Won %</th>"
            "<th scope='col'>With take-backs</th><th scope='col'>Points per round</th>"
            f"</tr></thead><tbody>{body}</tbody></table>")


def _game_words(finish: Finish) -> str:
    ahead = finish.mine - finish.theirs
    result = (f"won {finish.mine} to {finish.theirs}, by {ahead}" if ahead > 0 else
              f"lost {finish.mine} to {finish.theirs}, by {-ahead}" if ahead < 0 else
              f"level at {finish.mine}")
    rounds = f"{finish.rounds} round{'s' if finish.rounds != 1 else ''}"
    return (f"{result} ({finish.preset.replace('_', ' ')}, {_level_words(finish.level)}, "
            f"{rounds}{', ' + finish.when if finish.when else ''})")


def _level_words(level: str) -> str:
    return "opponents of mixed levels" if level == MIXED else f"{level} opponents"


def _play_words(play: BigPlay) -> str:
    tile, _, on = play.move.partition(">")
    move = f"{tile} on {on}" if on else f"{tile} led"
    points = f"{play.points} point{'s' if play.points != 1 else ''}"
    if play.divisor != 1:
        points += f" ({play.table_points} on the table)"
    return (f"{points}: {move}, round {play.round} ({play.preset.replace('_', ' ')}"
            f"{', ' + play.when if play.when else ''})")


def stats_panel(stats: Stats) -> str:
    """The statistics as HTML: the totals (``[data-stat=played]``,
    ``[data-stat=won]`` hold the numbers), streaks, a table per opponents'
    level and per preset, the best and worst game and the biggest play."""
    total = stats.total
    out = [f'<p class="stats-totals">Games played: <b data-stat="played">{total.played}</b>, '
           f'won: <b data-stat="won">{total.won}</b> ({_percent(total)}).</p>']
    if not total.played:
        out.append('<p class="stats-empty">No finished games yet.</p>')
    if total.takebacks:
        out.append(f'<p class="stats-takebacks">Played with take-backs: '
                   f'<b data-stat="takebacks">{total.takebacks}</b>. They count in games '
                   "played and won, but not in the streaks or the records below.</p>")
    out.append(f'<p class="stats-streaks">Winning streak: <b data-stat="streak">{stats.streak}'
               f'</b>; longest: <b data-stat="best-streak">{stats.best_streak}</b>.</p>')
    if total.played:
        out.append(_table("By opponents' level", "level",
                          [(k, "mixed levels" if k == MIXED else k, stats.levels.get(k, Row()))
                           for k in GROUPS]))
        out.append(_table("By rules", "preset",
                          [(k, k.replace("_", " "), stats.presets.get(k, Row()))
                           for k in PRESETS]))
        if stats.presets.get("cribbage", Row()).played:
            out.append('<p class="stats-note">Points per round are table points: '
                       "a cribbage point counts 5.</p>")
    records = []
    if stats.best:
        records.append(("best", "Best game", _game_words(stats.best)))
    if stats.worst:
        records.append(("worst", "Worst game", _game_words(stats.worst)))
    if stats.biggest:
        records.append(("biggest", "Biggest play", _play_words(stats.biggest)))
    items = "".join(f'<li data-stat="{key}"><b>{label}:</b> {escape(text)}.</li>'
                    for key, label, text in records)
    if items:
        out.append(f'<ul class="stats-records">{items}</ul>')
    return "".join(out)
