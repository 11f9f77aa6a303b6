// The browser's storage for the page's Python (allfives/web/storage/mirror.py):
// every key with the game's prefix handed over once at the start, and each
// write done here. So the Python reads its storage from memory and never
// touches localStorage itself, which a worker cannot (issue 40).
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

// Keep value under key (null: keep nothing there); whether the browser took it
// (a full or switched-off storage refuses).
export function keep(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

globalThis.allfivesStorage = { held, keep };
