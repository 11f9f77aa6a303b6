"""Bots: no peeking, legal moves only, reproducible, and the knowledge they infer."""

from __future__ import annotations

import random

import pytest

from allfives.bots import BOTS, DESCRIPTIONS, LEVELS, make_bot
from allfives.bots.expert import ExpertBot, outcome
from allfives.bots.hard import HardBot, expected_best
from allfives.bots.knowledge import VALUE_BITS, infer, sample
from allfives.bots.master import MasterBot
from allfives.errors import AllFivesError
from allfives.game import Round, deal
from allfives.moves import move_text
from allfives.record import dumps
from allfives.rules import PRESETS, Rules
from allfives.tiles import NAMES, VALUE_MASK, tiles_of
from allfives.tournament import play_game
from allfives.view import PlayerView

from ..helpers import full_deal, hand, make_round, play


def quick(name: str, seed: int | str) -> object:
    """A bot, with the searching levels on a small budget so the tests stay fast."""
    if name == "expert":
        return ExpertBot(seed, simulations=24)
    if name == "master":
        return MasterBot(seed, simulations=24)
    return make_bot(name, seed)


def positions(rules: Rules, games: int, seed: int) -> list[Round]:
    """Rounds stopped at random moments of random play (copies)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        hands, boneyard, starter = deal(rules, f"{seed}:{g}", 0)
        rnd = Round(rules, hands, boneyard, starter)
        stop = rng.randrange(1, 40)
        while rnd.end is None:
            if len(rnd.history) >= stop and len(rnd.legal_moves()) > 1:
                out.append(rnd.copy())
                stop += rng.randrange(3, 12)
            moves = rnd.legal_moves()
            rnd.play(moves[rng.randrange(len(moves))])
    return out


def matches(tiles: list[int], slots: tuple[int, ...]) -> bool:
    """True if the tiles can fill the slots one each, respecting forbidden values."""
    owner: dict[int, int] = {}

    def place(t: int, seen: set[int]) -> bool:
        for k, forbidden in enumerate(slots):
            if forbidden & VALUE_BITS[t] or k in seen:
                continue
            seen.add(k)
            if k not in owner or place(owner[k], seen):
                owner[k] = t
                return True
        return False

    return len(tiles) == len(slots) and all(place(t, set()) for t in tiles)


def test_every_level_registered_and_described():
    assert LEVELS == ("easy", "medium", "hard", "expert", "master")
    assert list(BOTS)[:5] == list(LEVELS)
    for name in BOTS:
        assert DESCRIPTIONS[name].endswith(".")
    assert BOTS["greedy"] is BOTS["medium"]
    with pytest.raises(AllFivesError, match=r"^unknown bot 'genius' \(choose from easy, medium,"):
        make_bot("genius")


@pytest.mark.parametrize("name", LEVELS)
def test_no_peeking(name):
    """Two rounds that look the same to the seat (hidden tiles dealt otherwise)
    give the same view and so the same move."""
    rng = random.Random(5)
    differ = tried = 0
    for players in (2, 4):
        rules = Rules.make("standard", players=players)
        for rnd in positions(rules, 4, 11 + players)[:6]:
            view = PlayerView.of(rnd, rnd.turn)
            hands, boneyard = sample(infer(view), rng)
            hands[rnd.turn] = rnd.hands[rnd.turn]
            other = Round.from_position(rules, hands, boneyard, starter=rnd.starter,
                                        scores=rnd.scores, history=rnd.history, turn=rnd.turn)
            tried += 1
            differ += hands != rnd.hands or boneyard != rnd.boneyard[rnd.bone_pos:]
            other_view = PlayerView.of(other, other.turn)
            assert other_view == view
            assert quick(name, 3).choose(view) == quick(name, 3).choose(other_view)
    assert differ > tried // 2  # mostly the hidden tiles really were dealt otherwise


@pytest.mark.parametrize("name", LEVELS)
def test_only_legal_moves(name):
    for preset in PRESETS:
        for players in (2, 3, 4):
            rules = Rules.make(preset, players=players)
            for rnd in positions(rules, 2, players)[:5]:
                move = quick(name, 1).choose(PlayerView.of(rnd, rnd.turn))
                assert move in rnd.legal_moves(), (preset, players, move)


@pytest.mark.parametrize("name", LEVELS)
def test_whole_games_reproducible(name):
    rules = Rules.make("standard", players=2, target=60)
    seats = [name, "medium"]
    if name in ("expert", "master"):
        BOTS["quick"] = lambda seed: type(quick(name, 0))(seed, simulations=12)
        seats = ["quick", "medium"]
    try:
        first = dumps(play_game(rules, seats, "r"))
        assert dumps(play_game(rules, seats, "r")) == first
    finally:
        BOTS.pop("quick", None)


def test_expert_default_budget_legal():
    rules = Rules.make("standard", players=2)
    for rnd in positions(rules, 2, 9)[:4]:
        assert ExpertBot(1).choose(PlayerView.of(rnd, rnd.turn)) in rnd.legal_moves()


# -- knowledge ---------------------------------------------------------------

SIX = 1 << 6
THREE_SIX = 1 << 3 | 1 << 6


def scripted() -> Round:
    """Seat 1 lacks 3 and 6 at the lead, keeps 0-0, later keeps 1-3 drawn
    while only 6 is open."""
    rules = Rules.make("standard", players=2, hand_size=3)
    hands, boneyard = full_deal([["3-6", "2-4", "4-4"], ["0-1", "1-2", "4-5"]],
                                ["0-0", "2-3", "5-6", "1-3", "0-6"])
    rnd = make_round(rules, hands, boneyard)
    play(rnd, "3-6", "draw", "draw", "2-3>3-6", "2-4>2-3", "4-5>2-4",
         "draw", "5-6>4-5", "draw", "draw", "0-6>5-6")
    return rnd


def test_lacks_from_draws():
    rnd = scripted()
    assert rnd.hands[1] == hand("0-1", "1-2", "0-0", "1-3")
    know = infer(PlayerView.of(rnd, 0))
    # The three older tiles were held when 3 and 6 were open; 1-3 only when 6 was.
    assert know.slots[1] == (THREE_SIX, THREE_SIX, THREE_SIX, SIX)
    # so seat 1 holds no 6 at all, and what the bots weigh says so
    odds = know.tile_odds(1)
    assert [odds[t] for t in tiles_of(VALUE_MASK[6])] == [0.0] * 7
    assert odds[NAMES.index("0-0")] > 0
    assert know.slots[0] == ()
    # Seat 0 drew 5-6 and played it at once: nothing known about its 4-4.
    assert infer(PlayerView.of(rnd, 1)).slots[0] == (1 << 5 | SIX,)


def test_lacks_after_each_step():
    view = PlayerView.of(scripted(), 0)
    steps = {3: (THREE_SIX,) * 4 + (0,), 4: (THREE_SIX,) * 4, 6: (THREE_SIX,) * 3,
             9: (THREE_SIX,) * 3 + (0,), 10: (THREE_SIX,) * 3 + (SIX, 0)}
    for n, slots in steps.items():
        counts = list(view.hand_counts)
        counts[1] = len(slots)
        partial = PlayerView(view.rules, 0, view.hand, view.history[:n], tuple(counts),
                             view.boneyard_left, view.turn, view.starter, view.scores)
        assert infer(partial).slots[1] == slots, n


def test_pass_marks_every_tile():
    rules = Rules.make("standard", players=4, hand_size=7)
    hands = [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
             ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
             ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
             ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]]
    rnd = make_round(rules, hands)
    play(rnd, "0-0", "pass", "pass", "pass", "0-1>0-0")
    know = infer(PlayerView.of(rnd, 0))
    assert know.slots[1] == know.slots[2] == know.slots[3] == (1,) * 7
    odds = know.tile_odds(1)
    assert all(odds[t] == 0.0 for t in tiles_of(know.unseen) if VALUE_BITS[t] & 1)


def test_samples_respect_knowledge():
    rng = random.Random(2)
    for players in (2, 3, 4):
        rules = Rules.make("standard", players=players)
        for rnd in positions(rules, 6, 20 + players):
            seat = rnd.turn
            view = PlayerView.of(rnd, seat)
            know = infer(view)
            for s in range(players):  # the real hands are possible (soundness)
                if s != seat:
                    assert matches(tiles_of(rnd.hands[s]), know.slots[s])
            hands, boneyard = sample(know, rng)
            assert len(boneyard) == view.boneyard_left
            dealt = 0
            for s in range(players):
                if s != seat:
                    assert hands[s].bit_count() == view.hand_counts[s]
                    assert matches(tiles_of(hands[s]), know.slots[s])
                    dealt |= hands[s]
            for t in boneyard:
                dealt |= 1 << t
            assert dealt == know.unseen


def test_sampled_scripted_hand():
    know = infer(PlayerView.of(scripted(), 0))
    rng = random.Random(0)
    for _ in range(50):
        hands, _ = sample(know, rng)
        held = tiles_of(hands[1])
        assert not any(VALUE_BITS[t] & SIX for t in held)
        assert sum(1 for t in held if VALUE_BITS[t] & 1 << 3) <= 1


# -- decisions ---------------------------------------------------------------

def test_expected_best():
    assert expected_best([]) == 0
    assert expected_best([(10, 1.0), (20, 0.5)]) == pytest.approx(15.0)
    assert expected_best([(0, 1.0)]) == 0


def decide(bot: object, rules: Rules, hands: list[list[str]], moves: list[str],
           scores: list[int] | None = None) -> str:
    full, boneyard = full_deal(hands)
    rnd = make_round(rules, full, boneyard, scores=scores)
    play(rnd, *moves)
    return move_text(bot.choose(PlayerView.of(rnd, rnd.turn)))


def test_hard_takes_safe_points():
    rules = Rules.make("standard", players=2, hand_size=3)
    # After the 5-5 lead, 0-5 keeps the count at 10; 5-6 would make 16.
    move = decide(HardBot(0), rules, [["5-5", "0-0", "1-1"], ["0-5", "5-6", "2-3"]], ["5-5"])
    assert move == "0-5>5-5"


@pytest.mark.parametrize("name", ["hard", "expert", "master"])
def test_takes_the_winning_play(name):
    rules = Rules.make("standard", players=2, hand_size=4)
    # After the 4-6 lead only 1-6 makes a count of five, and 5 points reach 250.
    move = decide(quick(name, 0), rules,
                  [["4-6", "0-0", "0-1", "3-3"], ["1-6", "6-6", "5-5", "3-4"]],
                  ["4-6"], scores=[0, 245])
    assert move == "1-6>4-6"


def test_outcome_counts_the_side():
    rules = Rules.make("standard", players=4)
    hands, boneyard, _ = deal(rules, 1, 0)
    rnd = Round(rules, hands, boneyard, 0, [10, 20])
    rnd.scores = [40, 25]
    assert outcome(rnd, [10, 20], 0) == 30 - 5
    assert outcome(rnd, [10, 20], 1) == 5 - 30
    rnd.winner = 1
    assert outcome(rnd, [10, 20], 1) == 5 - 30 + 60


def test_the_bots_names_apart_from_the_bots_are_the_bots_own():
    from allfives.bots.names import LEVELS as NAMED_LEVELS
    from allfives.bots.names import NAMES

    assert tuple(BOTS) == NAMES and LEVELS == NAMED_LEVELS
