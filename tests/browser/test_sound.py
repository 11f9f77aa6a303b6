"""The page's sounds, played on the page's thread (``static/sound.mjs``) from
the notes the page's Python sends (``play.cues.sound_effect``): a move's
sound is heard note for note as ``cues`` has it and marks ``#mute``
(``data-sound``); between sounds the audio context rests; muted, nothing
is played; where Web Audio is broken the
page stays silent, warns once in the console and says nothing wrong."""

from __future__ import annotations

from allfives.web.play.cues import SOUNDS

from .browser_helpers import TURN_OR_ROUND_OVER, open_game, take_turn

# Web Audio as a recorder: each note started, as [wave, pitch, seconds after
# the sound began], and the context's states as set (suspend, resume);
# `broken` makes every note fail.
FAKE_AUDIO = """(() => {
  window.played = [];
  window.states = [];
  window.AudioContext = class {
    constructor() { this.state = "running"; this.currentTime = 10; this.destination = {}; }
    resume() { this.state = "running"; window.states.push(this.state); return Promise.resolve(); }
    suspend() {
      this.state = "suspended"; window.states.push(this.state); return Promise.resolve();
    }
    createOscillator() {
      if (window.broken) throw new Error("the device went away");
      const osc = { type: "", frequency: { value: 0 }, connect() {}, stop() {} };
      osc.start = (at) => window.played.push([osc.type, osc.frequency.value, at - 10]);
      return osc;
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
    }
  };
})();"""

# The sound #mute names and the notes heard, read in one go (a bot's move may follow).
HEARD = "() => [document.getElementById('mute').dataset.sound ?? null, window.played.slice()]"


def notes(sound: str) -> list[list[object]]:
    return [[n.wave, n.pitch, round(n.at, 6)] for n in SOUNDS[sound]]


def rounded(played: list[list[object]]) -> list[list[object]]:
    return [[wave, pitch, round(at, 6)] for wave, pitch, at in played]


def warnings(page: object) -> list[str]:
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text) if m.type == "warning" else None)
    return said


def a_few_turns(page) -> None:
    """Up to three of the person's turns, while the round lasts."""
    for _ in range(3):
        page.wait_for_selector(TURN_OR_ROUND_OVER)
        if page.get_attribute("#status", "data-phase") != "human":
            break
        take_turn(page)


def test_a_move_is_heard_note_for_note_and_muted_nothing_is(page, server):
    page.add_init_script(FAKE_AUDIO)
    open_game(page, server, "?seed=3")
    assert page.evaluate(HEARD) == [None, []]  # nothing before a move
    take_turn(page)
    page.wait_for_selector("#mute[data-sound]")
    sound, played = page.evaluate(HEARD)
    assert sound in ("click", "score", "round")
    assert rounded(played[-len(notes(sound)):]) == notes(sound)
    # a second after its last note the context rests (the device's audio
    # output need not stay awake); the next sound wakes it and is heard
    page.wait_for_function("() => window.states.at(-1) === 'suspended'")
    page.evaluate("window.played = []; window.states = [];"
                  " delete document.getElementById('mute').dataset.sound")
    page.wait_for_selector("#status[data-phase=human]")
    take_turn(page)
    page.wait_for_selector("#mute[data-sound]")
    sound, played = page.evaluate(HEARD)
    assert rounded(played[-len(notes(sound)):]) == notes(sound)
    assert page.evaluate("window.states")[0] == "running"  # resumed for it
    page.click("#mute")
    page.wait_for_selector("#mute[aria-pressed=true]")
    page.evaluate("window.played = []; delete document.getElementById('mute').dataset.sound")
    a_few_turns(page)
    assert page.evaluate(HEARD) == [None, []]


def test_broken_audio_is_silent_warns_once_and_says_nothing_wrong(page, server):
    said = warnings(page)
    page.add_init_script(FAKE_AUDIO + "window.broken = true;")
    open_game(page, server, "?seed=3")
    a_few_turns(page)
    assert page.evaluate(HEARD) == [None, []]
    assert [w for w in said if w.startswith("allfives: no sound")] == [
        "allfives: no sound: Error: the device went away"]
