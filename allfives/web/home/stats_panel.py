"""The statistics panel (``#stats-body``) as HTML: the totals, streaks, a
table per opponents' level and per rules preset, the best and worst game and
the biggest play. Pure Python, no browser; the numbers come from ``stats``."""

from __future__ import annotations

from html import escape

from ...rules import PRESETS
from ..i18n.catalogs import _, ngettext, number
from ..i18n.labels import level_name, opponents, preset_name
from .stats import GROUPS, MIXED, BigPlay, Finish, Row, Stats


def _text(message: str) -> str:
    """A translated message for HTML text, its placeholders left to fill with markup."""
    return escape(message, quote=False)


def _percent(row: Row) -> str:
    if not row.played:
        return "–"
    # Translators: a share of games won, as "50%" (write "50 %" if your language spaces it).
    return _("{percent}%").format(percent=round(100 * row.won / row.played))


def _per_round(row: Row) -> str:
    per = row.per_round
    return "–" if per is None else number(per, 1)


def _table(caption: str, kind: str, rows: list[tuple[str, str, Row]]) -> str:
    body = "".join(
        f'<tr data-{kind}="{key}"><th scope="row">{escape(label)}</th><td>{row.played}</td>'
        f"<td>{row.won}</td><td>{_percent(row)}</td><td>{row.takebacks}</td>"
        f"<td>{row.coached}</td><td>{_per_round(row)}</td></tr>"
        for key, label, row in rows if row.played)
    heads = (
        # Translators: the statistics tables' column headings: the opponents' level (or the
        # rules), games played, games won, the share won, games in which a move was taken back,
        # and the points scored per round on average.
        _("Opponents") if kind == "level" else _("Rules"),
        # Translators: a statistics column heading: how many games were played.
        _("Played"),
        # Translators: a statistics column heading: how many games were won.
        _("Won"),
        # Translators: a statistics column heading: the share of games won, in percent.
        _("Won %"),
        # Translators: a statistics column heading: games in which a move was taken back.
        _("With take-backs"),
        # Translators: a statistics column heading: games played with the coach (it stops the
        # person before a move that loses too much).
        _("With the coach"),
        # Translators: a statistics column heading: points scored per round, on average.
        _("Points per round"),
    )
    head = "".join(f"<th scope='col'>{_text(h)}</th>" for h in heads)
    # a table wider than a phone's dialog scrolls on its own, by touch or keys
    return (f'<div class="stats-scroll" role="region" tabindex="0" aria-label="{escape(caption)}">'
            f'<table class="stats-table" data-stats="{kind}"><caption>{_text(caption)}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


def _game_words(finish: Finish) -> str:
    ahead = finish.mine - finish.theirs
    if ahead > 0:
        # Translators: a finished game won: the person's score {mine} against the best other
        # side's {theirs}, ahead by {margin} points.
        result = _("won {mine} to {theirs}, by {margin}")
    elif ahead < 0:
        # Translators: a finished game lost: the person's score {mine} against the best other
        # side's {theirs}, behind by {margin} points.
        result = _("lost {mine} to {theirs}, by {margin}")
    else:
        # Translators: a finished game that ended level, both sides on {score} points.
        result = _("level at {score}")
    result = result.format(mine=finish.mine, theirs=finish.theirs, margin=abs(ahead),
                           score=finish.mine)
    # Translators: how many rounds a game lasted.
    rounds = ngettext("{n} round", "{n} rounds", finish.rounds).format(n=finish.rounds)
    if finish.when:
        # Translators: a best or worst game: {result} as "won 120 to 40, by 80", then the rules,
        # the opponents ("hard opponents"), the rounds played ("2 rounds") and the {date}
        # (YYYY-MM-DD) it was played.
        line = _("{result} ({rules}, {opponents}, {rounds}, {date})")
    else:
        # Translators: a best or worst game: {result} as "won 120 to 40, by 80", then the rules,
        # the opponents ("hard opponents") and the rounds played ("2 rounds").
        line = _("{result} ({rules}, {opponents}, {rounds})")
    return line.format(result=result, rules=preset_name(finish.preset),
                       opponents=opponents(finish.level), rounds=rounds, date=finish.when)


def _play_words(play: BigPlay) -> str:
    tile, _sep, on = play.move.partition(">")
    if on:
        # Translators: a move: the tile {tile} laid against the open end of the tile {end}
        # (tiles are written "2-6").
        move = _("{tile} on {end}").format(tile=tile, end=on)
    else:
        # Translators: a move: the tile {tile} laid first in a round.
        move = _("{tile} led").format(tile=tile)
    if play.divisor != 1:
        # Translators: the points a play scored under cribbage rules (every point divided by
        # 5), then the {table} points it was worth before dividing.
        points = ngettext("{n} point ({table} on the table)", "{n} points ({table} on the table)",
                          play.points).format(n=play.points, table=play.table_points)
    else:
        # Translators: the points a play scored.
        points = ngettext("{n} point", "{n} points", play.points).format(n=play.points)
    if play.when:
        # Translators: the biggest play: {points} as "25 points", the {move} as "2-6 on 5-6", the
        # round it was played in, the rules and the {date} (YYYY-MM-DD).
        line = _("{points}: {move}, round {round} ({rules}, {date})")
    else:
        # Translators: the biggest play: {points} as "25 points", the {move} as "2-6 on 5-6", the
        # round it was played in and the rules.
        line = _("{points}: {move}, round {round} ({rules})")
    return line.format(points=points, move=move, round=play.round,
                       rules=preset_name(play.preset), date=play.when)


def stats_panel(stats: Stats) -> str:
    """The statistics as HTML: the totals (``[data-stat=played]``,
    ``[data-stat=won]`` hold the numbers), streaks, a table per opponents'
    level and per preset, the best and worst game and the biggest play."""
    total = stats.total
    # Translators: {played} and {won} are numbers of finished games, {percent} the share won.
    totals = _("Games played: {played}, won: {won} ({percent}).")
    out = ['<p class="stats-totals">' + _text(totals).format(
        played=f'<b data-stat="played">{total.played}</b>',
        won=f'<b data-stat="won">{total.won}</b>', percent=_percent(total)) + "</p>"]
    if not total.played:
        empty = _("No finished games yet.")
        out.append(f'<p class="stats-empty">{_text(empty)}</p>')
    if total.takebacks:
        # Translators: {count} games in which the person took a move back.
        said = _("Played with take-backs: {count}. They count in games played and won, but "
                 "not in the streaks or the records below.")
        out.append('<p class="stats-takebacks">' + _text(said).format(
            count=f'<b data-stat="takebacks">{total.takebacks}</b>') + "</p>")
    if total.coached:
        # Translators: {count} games played with the coach (it stops the person before a move
        # that loses too much).
        said = _("Played with the coach: {count}. They count in games played and won, but "
                 "not in the streaks or the records below.")
        out.append('<p class="stats-coached">' + _text(said).format(
            count=f'<b data-stat="coached">{total.coached}</b>') + "</p>")
    # Translators: games won in a row, up to the latest ({streak}), and the most ever ({longest}).
    streaks = _("Winning streak: {streak}; longest: {longest}.")
    out.append('<p class="stats-streaks">' + _text(streaks).format(
        streak=f'<b data-stat="streak">{stats.streak}</b>',
        longest=f'<b data-stat="best-streak">{stats.best_streak}</b>') + "</p>")
    if total.played:
        # Translators: the caption of the table of games by the opponents' level.
        out.append(_table(_("By opponents' level"), "level",
                          # Translators: the row of games against opponents of different levels.
                          [(k, _("mixed levels") if k == MIXED else level_name(k),
                            stats.levels.get(k, Row())) for k in GROUPS]))
        # Translators: the caption of the table of games by the rule set they were played by.
        out.append(_table(_("By rules"), "preset",
                          [(k, preset_name(k), stats.presets.get(k, Row())) for k in PRESETS]))
        if stats.presets.get("cribbage", Row()).played:
            # Translators: cribbage rules divide every point by 5; table points are undivided.
            note = _("Points per round are table points: a cribbage point counts 5.")
            out.append(f'<p class="stats-note">{_text(note)}</p>')
    records = []
    if stats.best:
        # Translators: the person's finished game with the widest winning margin.
        records.append(("best", _("Best game"), _game_words(stats.best)))
    if stats.worst:
        # Translators: the person's finished game with the narrowest (or most losing) margin.
        records.append(("worst", _("Worst game"), _game_words(stats.worst)))
    if stats.biggest:
        # Translators: the person's highest-scoring single move.
        records.append(("biggest", _("Biggest play"), _play_words(stats.biggest)))
    items = "".join(f'<li data-stat="{key}"><b>{escape(label)}:</b> {escape(text)}.</li>'
                    for key, label, text in records)
    if items:
        out.append(f'<ul class="stats-records">{items}</ul>')
    return "".join(out)
