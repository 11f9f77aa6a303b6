"""Reviewing a game (``allfives.bots.analysis``): deterministic, honest (only what
the seat could see at that moment), and meaningful (weak play loses more)."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from allfives.bots import analysis, make_bot
from allfives.bots.analysis import Decision, Moment, analyse, moments, review
from allfives.coach.report import reason_text
from allfives.errors import RecordError
from allfives.game import Game
from allfives.moves import DRAW, move_text, move_tile, parse_move
from allfives.record import replay, to_record
from allfives.rules import Rules
from allfives.tiles import NAMES, tiles_of
from allfives.view import PlayerView

from ..helpers import full_deal, hand, tiles

FAST = 60  # playouts per decision in tests (the page and CLI use REVIEW_PLAYOUTS)


def bot_game(seed: int, bots: tuple[str, ...] = ("medium", "expert"), players: int = 2,
             rounds: int = 1, target: int | None = None) -> Game:
    """A game between bots: ``rounds`` rounds, or fewer if a side reaches the target."""
    game = Game(Rules.make("standard", players=players, target=target), seed)
    seated = [make_bot(b, f"{seed}:{i}") for i, b in enumerate(bots)]
    while True:
        rnd = game.round
        if rnd.over:
            if game.over or len(game.rounds) >= rounds:
                return game
            game.next_round()
            continue
        rnd.apply(seated[rnd.turn % len(seated)].choose(PlayerView.of(rnd, rnd.turn)))


def test_every_choice_is_reviewed_once_with_a_legal_best_and_no_negative_loss():
    game = bot_game(1, rounds=2)
    decisions = review(game, playouts=FAST)
    found = list(moments(game))
    assert [(d.round, d.move) for d in decisions] == [(m.round, m.move) for m in found]
    assert {d.round for d in decisions} == {1, 2}
    for m, d in zip(found, decisions, strict=True):
        options = m.view.legal_moves()
        assert d.options == len(options) > 1
        assert d.best in options and d.played in options and d.played == m.played
        assert d.loss >= 0 and (d.loss == 0 or d.best != d.played)
        assert m.view.turn == m.view.seat == d.seat
    # the moves with one option (draws, passes, forced plays) are not decisions
    made = sum(len(r.history) for r in game.rounds)
    assert len(decisions) < made


def test_the_same_record_always_gets_the_same_analysis():
    game = bot_game(2)
    again = replay(json.loads(json.dumps(to_record(game))))
    assert review(game, playouts=FAST) == review(again, playouts=FAST)


def test_a_move_as_good_as_the_best_loses_nothing():
    game = bot_game(3)
    for m in moments(game):
        d = analyse(m, FAST)
        best = Moment(m.round, m.move, m.view, d.best)
        assert analyse(best, FAST).loss == 0.0
        assert analyse(best, FAST).best == d.best


def unseen_by(game: Game, r: int, i: int, seat: int) -> set[str]:
    """Tiles of round ``r`` that ``seat`` could not see before its move ``i``:
    other hands' tiles not yet played, and the boneyard's tiles it did not draw."""
    rnd = game.rounds[r - 1]
    seen = set(tiles_of(rnd.dealt[seat]))
    pos = 0
    for s, m, _ in rnd.history[:i - 1]:
        if m == DRAW:
            if s == seat:
                seen.add(rnd.boneyard[pos])
            pos += 1
        elif m >= 0:
            seen.add(move_tile(m))
    return {NAMES[t] for t in range(28)} - {NAMES[t] for t in seen}


def swapped_before(game: Game, moment: Moment, rng: random.Random) -> Game | None:
    """The record cut after ``moment``'s move, with two tiles the mover could
    not see trading places (hands and boneyard), if it still replays."""
    record = to_record(game)
    record["rounds"] = record["rounds"][:moment.round]
    deal = record["rounds"][-1]
    deal["moves"] = deal["moves"][:moment.move]
    hidden = unseen_by(game, moment.round, moment.move, moment.seat)
    cells = [("h", s, k) for s, h in enumerate(deal["hands"]) for k, t in enumerate(h)
             if t in hidden] + [("b", 0, k) for k, t in enumerate(deal["boneyard"]) if t in hidden]
    pairs = [(a, b) for a in cells for b in cells if a < b and (a[:2] != b[:2] or a[0] == "b")]
    if not pairs:
        return None
    a, b = rng.choice(pairs)

    def box(c: tuple[str, int, int]) -> list[str]:
        return deal["hands"][c[1]] if c[0] == "h" else deal["boneyard"]

    box(a)[a[2]], box(b)[b[2]] = box(b)[b[2]], box(a)[a[2]]
    try:
        return replay(record)
    except RecordError:
        return None


def test_tiles_the_seat_could_not_see_never_change_its_analysis():
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        game = bot_game(seed, ("easy", "medium", "hard")[seed % 3:] + ("easy",), players=2 +
                        seed % 3)
        found = list(moments(game))
        moment = found[rng.randrange(len(found))]
        other = swapped_before(game, moment, rng)
        if other is None:
            continue
        before, after = (to_record(g)["rounds"][moment.round - 1] for g in (game, other))
        assert (before["hands"], before["boneyard"]) != (after["hands"], after["boneyard"])
        twin = next(m for m in moments(other) if (m.round, m.move) == (moment.round, moment.move))
        assert twin.view == moment.view and twin.played == moment.played
        assert analyse(twin, FAST) == analyse(moment, FAST)
        checked += 1
    assert checked >= 25


def test_weak_play_loses_more_than_strong_play_on_the_same_deals():
    medium, expert = [], []
    for seed in range(3):
        for d in review(bot_game(seed), playouts=400):
            (medium if d.seat == 0 else expert).append(d.loss)
    assert statistics.mean(medium) > 2 * statistics.mean(expert)


def test_reasons_name_what_was_plain():
    # seat 0 leads 5-5 (10 points) or 1-2 (nothing): leading 1-2 scored less
    hands, boneyard = full_deal([["5-5", "2-3", "0-1", "0-2", "0-3", "0-4", "0-6", "1-1", "1-2"],
                                 ["6-6", "4-6", "3-6", "2-6", "1-6", "4-4", "3-4", "2-4", "1-4"]])
    game = Game(Rules.make("standard"), seed=0, deal_first=False)
    game.start_round([hand(*h) for h in hands], tiles(*boneyard), starter=0)
    view = PlayerView.of(game.round, 0)
    reason = analysis.why(view, parse_move("1-2"), parse_move("5-5"))
    assert reason == analysis.Reason("scored", parse_move("5-5"), 0, 10)
    assert reason_text(reason) == "scored 0 where 5-5 scored 10"
    # the expert prefers 1-1 here: 5-5 leaves the 5s to seat 1's hand of 6s and 4s
    d = analyse(Moment(1, 1, view, parse_move("1-2")), FAST)
    assert (d.best, d.reason) == (parse_move("1-1"), None)
    # every reason given is one of the three plain kinds, and says what why() says
    kinds = ("scored ", "left the next player a chance of ", "kept ")
    given = 0
    for seed in range(4):
        for m in moments(bot_game(seed, ("easy", "hard"))):
            d = analyse(m, FAST)
            if d.reason:
                given += 1
                assert d.loss >= analysis.REASON_FROM and reason_text(d.reason).startswith(kinds)
                assert d.reason == analysis.why(m.view, m.played, d.best)
                assert d.reason.kind in (analysis.SCORED, analysis.LEFT, analysis.KEPT)
                # the worker sends it as JSON: its parts, the move as text, read back whole
                sent = json.loads(json.dumps(d.to_json()))
                assert sent["reason"] == {"kind": d.reason.kind, "best": move_text(d.reason.best),
                                          "made": d.reason.made, "other": d.reason.other}
                assert Decision.from_json(sent) == d
    assert given >= 3
    assert set(d.to_json()) == {"round", "move", "seat", "played", "best", "loss", "options",
                                "reason", "method"}


@pytest.mark.parametrize(("reason", "english"), [
    (analysis.Reason("scored", parse_move("0-1>1-3"), 0, 10), "scored 0 where 0-1>1-3 scored 10"),
    (analysis.Reason("left", parse_move("3-6>6-6"), 15, 10),
     "left the next player a chance of 15 (3-6>6-6 left 10)"),
    (analysis.Reason("left", parse_move("2-3"), 3, 0),
     "left the next player a chance of 3 (2-3 left 0)"),
    # the old sentence named only the tile kept: it reads back as that tile's lead
    (analysis.Reason("kept", parse_move("6-6"), 12), "kept 6-6 (12 pips) with the boneyard empty"),
])
def test_a_reason_is_data_and_the_old_sentence_still_reads(reason, english):
    assert reason_text(reason) == english
    decision = Decision(2, 7, 0, parse_move("1-2"), parse_move("5-5"), 1.5, 3, reason)
    assert Decision.from_json(json.loads(json.dumps(decision.to_json()))) == decision
    # what the worker and ``allfives review --json`` sent before: the English sentence
    assert Decision.from_json({**decision.to_json(), "reason": english}) == decision


# Real answers of the worker before reasons were data (main at a7ce2f0, FAST
# playouts, the first and second games of bot_game(seed, ("easy", "hard"))).
OLD_ANSWERS = [
    (0, '{"round": 1, "move": 2, "seat": 0, "played": "4-5>4-6", "best": "2-4>4-6", "loss": 10.5,'
        ' "options": 5, "reason": "left the next player a chance of 10 (2-4>4-6 left 0)"}'),
    (1, '{"round": 1, "move": 10, "seat": 0, "played": "0-0>0-6", "best": "3-6>6-6", "loss": 17.0,'
        ' "options": 4, "reason": "scored 0 where 3-6>6-6 scored 5"}'),
]


@pytest.mark.parametrize(("seed", "old"), OLD_ANSWERS)
def test_an_answer_the_old_worker_sent_reads_as_the_same_decision(seed, old):
    decision = Decision.from_json(json.loads(old))
    moment = next(m for m in moments(bot_game(seed, ("easy", "hard")))
                  if (m.round, m.move) == (decision.round, decision.move))
    assert analyse(moment, FAST) == decision and decision.reason is not None


def test_a_kept_reason_names_the_tile_of_the_best_move():
    kept = analysis.Reason("kept", parse_move("6-6>1-6"), 12)
    assert reason_text(kept) == "kept 6-6 (12 pips) with the boneyard empty"
    assert analysis.Reason.from_json(kept.to_json()) == kept


def test_a_decision_reads_back_without_a_reason_it_cannot_read():
    data = Decision(1, 3, 1, parse_move("1-2"), parse_move("5-5"), 2.0, 4).to_json()
    assert data["reason"] is None and Decision.from_json(data).reason is None
    for odd in ("played badly", "scored lots where 5-5 scored 10", 7, {"kind": "scored"},
                "scored 0 where 9-9 scored 10",
                {"kind": "scored", "best": "9-9", "made": 0, "other": 10},
                {"kind": "won", "best": "5-5", "made": 0, "other": 10},
                {"kind": "left", "best": "5-5", "made": True, "other": 10}):
        assert Decision.from_json({**data, "reason": odd}) == Decision(
            1, 3, 1, parse_move("1-2"), parse_move("5-5"), 2.0, 4)


@pytest.mark.parametrize("seat", [0, 1])
def test_only_the_seats_asked_for(seat):
    game = bot_game(4)
    assert {m.seat for m in moments(game, {seat})} == {seat}
    a, b = parse_move("5-5"), parse_move("0-5>5-5")
    assert analysis.biggest_losses([Decision(1, 1, 0, a, b, 1.0, 2),
                                    Decision(1, 2, 0, a, a, 0.0, 2),
                                    Decision(1, 3, 0, a, b, 3.5, 2)]) == [
        Decision(1, 3, 0, a, b, 3.5, 2), Decision(1, 1, 0, a, b, 1.0, 2)]
