"""The page's sounds (thin): the sound ``cues`` gives for a move, sent to the
page's thread as the writer's ``sound`` effect; ``static/sound.mjs`` plays
its notes with Web Audio there (a worker has no audio). Browsers let a page
make sound only after the person has touched it, so sound.mjs makes its
audio context at the first pointerdown or key. Sound is a nicety: where
audio is missing, refused or broken nothing is heard, and nothing is raised
or logged as an error (the console gets a warning once); ``#mute`` is marked
(``data-sound``) only with a sound heard."""

from __future__ import annotations

from ..paint.writer_page import page
from .cues import Sound, sound_effect


def play(sound: Sound | None, muted: bool) -> None:
    effect = sound_effect(sound, muted)
    if effect is not None:
        page.write({}, [effect])
