"""The page's sounds, decided in plain Python: which sound a move makes, and
each sound as a few notes for the page's thread to play with Web Audio
(``static/sound.mjs``, sent as the writer's ``sound`` effect: no sound
files). A laid tile clicks, a score chimes, and the end of a round or of the
game plays a short phrase; draws and passes are silent."""

from __future__ import annotations

import json
from dataclasses import astuple, dataclass
from typing import Literal

from ..paint.parts import Effect
from .steps import Phase, Played

Sound = Literal["click", "score", "round", "game"]


@dataclass(frozen=True)
class Note:
    """One tone: ``at`` seconds after the sound starts, ``pitch`` in Hz, dying
    away over ``length`` seconds from a peak ``volume`` (a gain, 0 to 1)."""

    at: float
    pitch: float
    length: float
    wave: Literal["sine", "triangle"]
    volume: float


# Pitches of the notes used (equal temperament, A4 = 440 Hz).
C5, E5, G5, C6, E6, G6, B6 = 523.25, 659.26, 783.99, 1046.5, 1318.51, 1567.98, 1975.53

SOUNDS: dict[Sound, tuple[Note, ...]] = {
    # a tile knocking on the table: a short high tick over a softer body
    "click": (Note(0, 2200, 0.03, "triangle", 0.22), Note(0, 880, 0.05, "sine", 0.18)),
    # two bell tones, the second a fifth above
    "score": (Note(0, E6, 0.5, "sine", 0.2), Note(0.08, B6, 0.6, "sine", 0.14)),
    # a rising arpeggio
    "round": tuple(Note(0.11 * i, p, 0.3, "triangle", 0.16) for i, p in
                   enumerate((C5, E5, G5, C6))),
    # the arpeggio higher, its last note held
    "game": tuple(Note(0.11 * i, p, 0.8 if p == G6 else 0.3, "triangle", 0.16) for i, p in
                  enumerate((C5, E5, G5, C6, E6, G6))),
}


def cue(played: Played, phase: Phase) -> Sound | None:
    """The sound for a move just made; ``phase`` is the status after it (the
    move that ends a round or the game plays its phrase, not its chime)."""
    if phase == "game-over":
        return "game"
    if phase == "round-over":
        return "round"
    if played.points > 0:
        return "score"
    return "click" if played.tile is not None else None


MARKED = "#mute"  # the element marked with the last sound heard (``data-sound``)


def sound_effect(sound: Sound | None, muted: bool) -> Effect | None:
    """What the page's thread is sent to play ``sound``: its name and notes
    (each ``[at, pitch, length, wave, volume]``); none when muted or silent."""
    if sound is None or muted:
        return None
    notes = [list(astuple(note)) for note in SOUNDS[sound]]
    return Effect("sound", MARKED, json.dumps({"name": sound, "notes": notes},
                                              separators=(",", ":")))
