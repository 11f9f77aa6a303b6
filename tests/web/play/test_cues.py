"""The page's sounds (``allfives.web.play.cues``): which sound each move of a whole
game makes, driven through the controller as the page drives it, the notes
each sound is made of, and what the page's thread is sent to play them."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from allfives.moves import DRAW, PASS
from allfives.tiles import NAMES
from allfives.web.bots.decide import decide
from allfives.web.paint.parts import Effect, effects_from_json, effects_to_json
from allfives.web.play.controller import Controller
from allfives.web.play.cues import SOUNDS, cue, sound_effect
from allfives.web.play.steps import Played
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table


@pytest.mark.parametrize("preset", ["standard", "cribbage", "muggins"])
def test_every_move_of_a_game_makes_the_sound_it_should(preset):
    ctl = Controller(Table.new(Setup(preset=preset, players=3, target=40), seed=11),
                     Settings(bot_pause=0))
    heard: Counter[str | None] = Counter()
    rounds = 0
    while True:
        rnd = ctl.table.game.round
        if rnd.over:
            if ctl.table.game.over:
                break
            ctl.next_round()
            continue
        seat = rnd.turn
        move = decide(ctl.table.bot_request(seat, "medium"))
        played = ctl.play(move)
        assert isinstance(played, Played)
        phase = ctl.status().phase
        sound = cue(played, phase)
        heard[sound] += 1
        if ctl.table.game.round.over:
            rounds += 1
            assert sound == ("game" if ctl.table.game.over else "round")
        elif played.points:
            assert sound == "score"
        elif move in (DRAW, PASS):
            assert sound is None
        else:
            assert sound == "click"
    assert heard["game"] == 1 and heard["round"] == rounds - 1
    assert heard["click"] and heard["score"] and heard[None]


def test_the_round_end_outsounds_the_score_that_makes_it():
    scored = Played(0, NAMES.index("5-5"), 10, 0.0)
    assert cue(scored, "bot") == "score" and cue(scored, "human") == "score"
    assert cue(scored, "round-over") == "round" and cue(scored, "game-over") == "game"
    assert cue(Played(1, None, 0, 0.4), "human") is None


def test_each_sound_is_a_few_short_quiet_notes():
    assert set(SOUNDS) == {"click", "score", "round", "game"}
    for name, notes in SOUNDS.items():
        assert notes, name
        assert all(0 < n.volume <= 0.25 and 20 <= n.pitch <= 5000 and 0 < n.length
                   and n.at >= 0 for n in notes), name
        assert max(n.at + n.length for n in notes) <= 1.5, name  # over before the next move
    assert max(n.at + n.length for n in SOUNDS["click"]) < 0.1


def test_the_page_is_sent_each_sound_by_name_and_notes():
    click = sound_effect("click", muted=False)
    assert click == Effect("sound", "#mute", '{"name":"click","notes":'
                           '[[0,2200,0.03,"triangle",0.22],[0,880,0.05,"sine",0.18]]}')
    for name, notes in SOUNDS.items():
        effect = sound_effect(name, muted=False)
        assert effect is not None and (effect.kind, effect.target) == ("sound", "#mute")
        sent = json.loads(effect.text)
        assert sent == {"name": name, "notes": [[n.at, n.pitch, n.length, n.wave, n.volume]
                                                for n in notes]}
        assert effects_from_json(effects_to_json([effect])) == [effect]  # it crosses as JSON
    assert len(json.loads(sound_effect("game", muted=False).text)["notes"]) == 6


def test_muted_or_a_silent_move_sends_nothing():
    assert sound_effect("score", muted=True) is None
    assert sound_effect(None, muted=False) is None and sound_effect(None, muted=True) is None
