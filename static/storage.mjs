// The browser's storage for the page's Python (allfives/web/storage/mirror.py):
// every key with the game's prefix handed over once at the start, and each
// write done here, one-way (a worker's message has no answer): only over what
// the Python believed the key held, a write not done told back as an event.
// So the Python reads its storage from memory and never touches localStorage
// itself, which a worker cannot (issue 40).
//
// index.html loads this module; static/main.mjs hands what it holds to the
// page's worker and calls keep for the Python there.

const PREFIX = "allfives.";

// The game's keys and values as JSON, or null where storage cannot be read
// (switched off, or refused to this page).
export function held() {
  try {
    const out = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key !== null && key.startsWith(PREFIX)) out[key] = localStorage.getItem(key);
    }
    return JSON.stringify(out);
  } catch {
    return null;
  }
}

// A write not done, told as the window's event "allfives-refused" (static/
// events.mjs sends it on to the Python like any other): the key, what the
// storage holds there as it is told (null: nothing; read then, so that a
// write the Python made meanwhile is not taken back), and whether the browser
// refused it (full: true) rather than another window having written first.
// Told a moment later, as a worker would hear it: never inside the write's call.
function refused(key, full) {
  queueMicrotask(() => {
    let value = null;
    try {
      value = localStorage.getItem(key);
    } catch { /* storage that cannot be read holds nothing for the page */ }
    dispatchEvent(new CustomEvent("allfives-refused", { detail: { key, value, full } }));
  });
}

// Keep value under key (null: keep nothing there), only if the storage still
// holds was there (null: nothing): else another window wrote meanwhile, and
// its storage event may not have reached the Python yet. No answer (from a
// worker there can be none): a write not done is told (refused).
export function keep(key, value, was) {
  let now = null;
  try {
    now = localStorage.getItem(key);
  } catch {
    refused(key, true);
    return;
  }
  if (now !== (was ?? null)) {
    refused(key, false);
    return;
  }
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    refused(key, true);
  }
}

globalThis.allfivesStorage = { held, keep };
