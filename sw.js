// The service worker that keeps All Fives playable offline once it has loaded.
//
// Network first, the cache as the fallback: online, every file comes from the
// server (so a new deploy or a local edit is never hidden by an old copy) and
// the copy kept is refreshed when it changed; offline, the kept copy answers.
// What is kept: PRECACHE on install, then every file the page reports it
// loaded (static/offline.js sends them; they include PyScript's hashed
// chunks, whose names change with its version), then whatever passes by.
//
// It lives at the top of the site so its scope is the page's folder (under
// GitHub Pages that is /REPO/); every path here is relative to that scope.

const VERSION = 2; // bump when what is kept, or how, changes
const PREFIX = "allfives-v";
const CACHE = `${PREFIX}${VERSION} ${self.registration.scope}`;
const PRECACHE = [
  "./index.html",
  "./pyscript.toml",
  "./static/style.css",
  "./static/progress.js",
  "./static/offline.js",
  "./static/boot.mjs",
  "./static/snapshot-maker.js",
  "./static/icon.svg",
  "./static/manifest.webmanifest",
  "./static/vendor/pyscript/core.js",
  "./static/vendor/pyscript/core.css",
  "./static/vendor/pyodide/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/pyodide/python_stdlib.zip",
  "./static/vendor/pyodide/pyodide-lock.json",
  "./static/vendor/allfives.zip",
  "./allfives/web/app.py",
  "./allfives/web/worker.py",
];

addEventListener("install", (event) => {
  event.waitUntil(keepMissing(PRECACHE).then(() => self.skipWaiting()));
});

addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches());
});

addEventListener("message", (event) => {
  if (event.data?.type === "loaded" && Array.isArray(event.data.urls)) {
    event.waitUntil(keepMissing(event.data.urls.filter(inScope)));
  }
});

addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method === "GET" && inScope(request.url)) {
    event.respondWith(networkFirst(event));
  }
});

function inScope(url) {
  return new URL(url, self.registration.scope).href.startsWith(self.registration.scope);
}

// A page is kept once, whatever its query (?seed=7 deals a known game).
function cacheKey(request) {
  if (request.mode !== "navigate") return request;
  const url = new URL(request.url);
  url.search = "";
  return url.href;
}

async function networkFirst(event) {
  const { request } = event;
  const key = cacheKey(request);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) {
      event.waitUntil(refresh(key, response.clone()));
    }
    return response;
  } catch (offline) {
    const kept = await caches.match(key, { cacheName: CACHE });
    if (kept) return kept;
    throw offline;
  }
}

// Keep a fresh response unless the kept copy is the same file (same
// validators): that saves rewriting the 10 MB of Pyodide on every load.
async function refresh(key, response) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (kept && sameFile(kept, response)) {
    await response.body?.cancel();
    return;
  }
  await cache.put(key, response);
}

function sameFile(a, b) {
  const validators = ["etag", "last-modified"].filter((h) => b.headers.has(h));
  return validators.length > 0 &&
    [...validators, "content-length"].every((h) => a.headers.get(h) === b.headers.get(h));
}

// Fetch and keep each URL not kept yet; one that fails (a 404 the page
// shrugged off) must not stop the others being kept.
async function keepMissing(urls) {
  const cache = await caches.open(CACHE);
  const unique = new Set(urls.map((url) => new URL(url, self.registration.scope).href));
  await Promise.allSettled([...unique].map(async (url) => {
    if (!(await cache.match(url))) await cache.add(url);
  }));
}

async function dropOldCaches() {
  const mine = (name) => name.startsWith(PREFIX) && name.endsWith(` ${self.registration.scope}`);
  const names = await caches.keys();
  await Promise.all(names.filter((n) => mine(n) && n !== CACHE).map((n) => caches.delete(n)));
}
