// The page's sounds through Web Audio, on the page's thread (a worker has no
// audio): the page's Python decides which sound and of what notes
// (allfives/web/play/cues.py) and sends them as the writer's "sound" effect,
// which static/paint.mjs hands to play() here. No sound files.
//
// Browsers let a page make sound only after the person has touched it, so
// the audio context is made here at the first pointerdown or key (or resumed
// when a gesture that did not count, such as Escape, made it). Sound is a
// nicety: where audio is missing, refused or broken nothing is heard, and
// nothing is thrown or logged as an error (the console gets a warning once).
//
// A running context keeps the device's audio output awake, rendering
// silence, for as long as the page is open: once its last note has ended
// it rests (suspended, REST seconds later), and the next sound wakes it.
//
// index.html loads it as a module before Python starts.

const ATTACK = 0.005; // seconds from silence to a note's peak: no click at its start
const SILENT = 0.0001; // exponential ramps cannot reach 0
const REST = 1; // seconds of silence after the last note before the context rests

let context = null;
let failed = false;
let resting = false; // suspended here, not by the browser: the next sound resumes it
let restTimer = null;

function giveUp(error) {
  failed = true;
  context = null;
  console.warn(`allfives: no sound: ${error?.name ?? "Error"}: ${error?.message ?? error}`);
}

// Inside the person's gesture: the audio context made, or a suspended one
// resumed (a resting one waits for its next sound).
function wake() {
  if (failed) return;
  try {
    if (context === null) {
      context = new AudioContext();
      restAfter(0);
    } else if (context.state === "suspended" && !resting) {
      context.resume().catch(() => {}); // refused: no error
    }
  } catch (error) {
    giveUp(error);
  }
}

// The context rests REST seconds after `seconds` from now (its last note's end).
function restAfter(seconds) {
  clearTimeout(restTimer);
  restTimer = setTimeout(() => {
    if (context === null || context.state !== "running") return;
    resting = true;
    Promise.resolve().then(() => context.suspend()).catch(() => {}); // refused: it runs on
  }, (seconds + REST) * 1000);
}

// Plays notes ([at, pitch, length, wave, volume], as cues.Note: seconds, Hz,
// seconds, an oscillator type, a gain): whether they were played (not before
// the person's first touch, nor where audio does not work).
export function play(notes) {
  if (context === null || (context.state !== "running" && !resting)) return false;
  try {
    if (resting) {
      resting = false;
      context.resume().catch(() => {}); // the notes sound once it runs (refused: at a touch)
    }
    const start = context.currentTime;
    for (const [at, pitch, length, wave, volume] of notes) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = wave;
      osc.frequency.value = pitch;
      const from = start + at;
      const end = from + length;
      gain.gain.setValueAtTime(SILENT, from);
      gain.gain.exponentialRampToValueAtTime(volume, from + ATTACK);
      gain.gain.exponentialRampToValueAtTime(SILENT, end);
      osc.connect(gain);
      gain.connect(context.destination);
      osc.start(from);
      osc.stop(end);
    }
    restAfter(Math.max(0, ...notes.map(([at, , length]) => at + length)));
  } catch (error) {
    giveUp(error);
    return false;
  }
  return true;
}

for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, wake);

globalThis.allfivesSound = { play };
