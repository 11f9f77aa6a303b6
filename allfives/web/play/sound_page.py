"""The page's sounds through Web Audio: plays the notes ``cues`` gives for a
sound. Browsers let a page make sound only after the person has touched it,
so the audio context is made at the first click or key. Sound is a nicety:
where audio is missing, refused or broken nothing is heard, and nothing is
raised or logged as an error (the console gets a warning once)."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document

from ..dom import el, on
from .cues import SOUNDS, Sound

ATTACK = 0.005  # seconds from silence to a note's peak: no click at its start
SILENT = 0.0001  # exponential ramps cannot reach 0


class Player:
    def __init__(self) -> None:
        self.context: Any = None
        self.failed = False
        self.ignore = create_proxy(lambda _e: None)  # a refused resume is no error

    def bind(self) -> None:
        for kind in ("pointerdown", "keydown"):
            on(document, kind, lambda _e: self.wake())

    def wake(self) -> None:
        """Make the audio context inside the person's gesture (or resume one
        made by a gesture that did not count, such as Escape)."""
        if self.failed:
            return
        try:
            if self.context is None:
                self.context = js.AudioContext.new()
            elif str(self.context.state) == "suspended":
                self.context.resume().catch(self.ignore)
        except Exception as e:  # noqa: BLE001 - no Web Audio here: the page stays silent
            self.give_up(e)

    def give_up(self, error: Exception) -> None:
        self.failed = True
        self.context = None
        js.console.warn(f"allfives: no sound: {type(error).__name__}: {error}")

    def play(self, sound: Sound | None, muted: bool) -> None:
        context = self.context
        if sound is None or muted or context is None or str(context.state) != "running":
            return
        try:
            start = float(context.currentTime)
            for note in SOUNDS[sound]:
                osc, gain = context.createOscillator(), context.createGain()
                osc.type = note.wave
                osc.frequency.value = note.pitch
                at, end = start + note.at, start + note.at + note.length
                gain.gain.setValueAtTime(SILENT, at)
                gain.gain.exponentialRampToValueAtTime(note.volume, at + ATTACK)
                gain.gain.exponentialRampToValueAtTime(SILENT, end)
                osc.connect(gain)
                gain.connect(context.destination)
                osc.start(at)
                osc.stop(end)
        except Exception as e:  # noqa: BLE001
            self.give_up(e)
            return
        el("mute").dataset.sound = sound  # the last sound played, for tests
