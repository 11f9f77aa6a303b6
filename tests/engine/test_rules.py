from dataclasses import replace

import pytest

from allfives.rules import HAND_SIZE_CHOICES, PRESETS, Rules, RulesError

PRESET_TABLE = {
    # name: (hand sizes 2/3/4, spinners, spinner_counts, round_end, targets 2/3/4, divisor)
    "standard": ((9, 7, 5), "first", "until_sides", "subtract", (250, 200, 200), 1),
    "winner_takes": ((9, 7, 5), "first", "until_sides", "winner_takes", (250, 200, 200), 1),
    "cribbage": ((9, 7, 5), "first", "until_sides", "subtract", (61, 61, 61), 5),
    "punt": ((7, 5, 5), "first", "until_closed", "blocked_bonus", (250, 200, 200), 1),
    "muggins": ((9, 7, 5), "none", "until_sides", "winner_takes", (250, 200, 200), 1),
    "five_up": ((9, 7, 5), "all", "until_sides", "subtract", (250, 200, 200), 1),
}


@pytest.mark.parametrize("name", sorted(PRESET_TABLE))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_presets_match_rules_md_section_8(name, players):
    sizes, spinners, counts, round_end, targets, divisor = PRESET_TABLE[name]
    r = Rules.make(name, players=players)
    assert (r.hand_size, r.spinners, r.spinner_counts, r.round_end, r.target, r.divisor) == (
        sizes[players - 2], spinners, counts, round_end, targets[players - 2], divisor)
    assert r.partnership == (players == 4)
    assert r.preset == name


def test_exactly_six_presets_each_described():
    assert sorted(PRESETS) == sorted(PRESET_TABLE)
    assert all(p.description for p in PRESETS.values())


def test_options_override_the_preset():
    r = Rules.make("punt", players=4, partnership=False, hand_size=7, target=100)
    assert (r.partnership, r.hand_size, r.target, r.round_end) == (False, 7, 100, "blocked_bonus")
    assert r.sides == 4 and r.side_of(3) == 3


def test_partnership_sides():
    r = Rules.make("standard", players=4)
    assert r.sides == 2
    assert [r.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert r.seats_of(1) == (1, 3)


def test_every_hand_size_that_fits_is_allowed():
    for players in (2, 3, 4):
        for size in range(1, 28 // players + 1):
            assert Rules.make("standard", players=players, hand_size=size).hand_size == size
    assert Rules.make("standard", players=4, hand_size=7).hand_size == 7  # no boneyard
    assert HAND_SIZE_CHOICES[4] == (5, 7)


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, "2, 3 or 4 players"),
    ({"players": 1}, "2, 3 or 4 players"),
    ({"players": 3, "hand_size": 10}, "hand size 10 does not fit: 3 players can hold 1 to 9"),
    ({"players": 2, "hand_size": 0}, "hand size 0 does not fit"),
    ({"players": 3, "partnership": True}, "partnerships need 4 players, not 3"),
    ({"spinners": "some"}, "spinners must be one of none, first, all"),
    ({"spinner_counts": "forever"}, "spinner_counts must be one of"),
    ({"round_end": "nobody"}, "round_end must be one of"),
    ({"divisor": 3}, "divisor must be 1 or 5"),
    ({"round_end": "blocked_bonus", "divisor": 5},
     "divisor 5 combines with subtract and winner_takes only"),
    ({"target": 0}, "target must be a positive"),
    ({"colour": "red"}, "unknown rule option 'colour'"),
])
def test_invalid_combinations_are_refused_clearly(options, message):
    with pytest.raises(RulesError, match=message):
        Rules.make("standard", **options)


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, "2, 3 or 4 players"),
    ({"players": 3, "hand_size": 10}, "hand size 10 does not fit: 3 players can hold 1 to 9"),
    ({"players": 3, "partnership": True}, "partnerships need 4 players, not 3"),
    ({"spinners": "some"}, "spinners must be one of none, first, all"),
    ({"round_end": "blocked_bonus", "divisor": 5},
     "divisor 5 combines with subtract and winner_takes only"),
    ({"target": 0}, "target must be a positive"),
    ({"preset": "dominoes"}, "unknown preset 'dominoes'"),
])
def test_rules_are_checked_however_they_are_built(options, message):
    with pytest.raises(RulesError, match=message):
        Rules(**options)
    with pytest.raises(RulesError, match=message):
        replace(Rules.make("standard"), **options)
    assert Rules() == Rules.make("standard")


def test_unknown_preset():
    with pytest.raises(RulesError, match="unknown preset 'dominoes'"):
        Rules.make("dominoes")


def test_dict_round_trip_keeps_only_overrides():
    r = Rules.make("cribbage", players=3, target=121)
    assert r.to_dict() == {"preset": "cribbage", "players": 3, "target": 121}
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict({"preset": "standard"}) == Rules.make("standard", players=2)


def test_a_stored_muggins_rules_object_keeps_the_round_end_it_was_written_with():
    # docs/RULES.md section 9: rules objects written while muggins subtracted
    # the hands say only {"preset": "muggins", ...}, and still mean subtract;
    # a muggins game now writes its round end.
    old = Rules.from_dict({"preset": "muggins", "players": 4})
    assert old == Rules.make("muggins", players=4, round_end="subtract")
    assert old.to_dict() == {"preset": "muggins", "players": 4}
    new = Rules.make("muggins", players=4)
    assert new.to_dict() == {"preset": "muggins", "players": 4, "round_end": "winner_takes"}
    assert Rules.from_dict(new.to_dict()) == new
    assert Rules.from_dict({"preset": "standard", "players": 2}) == Rules.make("standard")
