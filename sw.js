// The service worker that keeps All Fives playable offline, and makes every
// file travel once.
//
// Network first, the kept copy as the fallback: online, every file is asked
// of the server (so a new deploy or a local edit is never hidden by an old
// copy), but a file already kept is asked for only if it changed (its
// ETag / Last-Modified): an unchanged file costs a "304 Not Modified" and is
// answered from the kept copy, so the 10 MB of Pyodide are not downloaded
// again by the bots' worker, the snapshot maker or the next visit. Offline,
// the kept copy answers.
//
// The page registers it once the game has started (static/offline.js), so
// that a first visit's Python starts undisturbed, and reports every file it
// loaded by then; those are kept from the browser's HTTP cache once the
// server says they are current, not downloaded again. It takes control at
// once: what the bots' worker and the snapshot maker download next passes
// through here and is kept as it passes. ALSO_KEEP is what the page may not
// have loaded by then.
//
// It lives at the top of the site so its scope is the page's folder (under
// GitHub Pages that is /REPO/); every path here is relative to that scope.

const VERSION = 6; // bump when what is kept, or how, changes
const PREFIX = "allfives-v";
const CACHE = `${PREFIX}${VERSION} ${self.registration.scope}`;
const ALSO_KEEP = [
  "./index.html",
  "./static/style.css",
  "./static/theme.js",
  "./static/progress.js",
  "./static/offline.js",
  "./static/boot.mjs",
  "./static/packed.mjs",
  "./static/vendor/fzstd.mjs",
  "./static/main.mjs",
  "./static/page-worker.mjs",
  "./static/snapshot-keeper.mjs",
  "./static/bots.mjs",
  "./static/bots-worker.mjs",
  "./static/snapshot-maker.js",
  "./static/icon.svg",
  "./static/manifest.webmanifest",
  "./static/vendor/manifests/de.webmanifest",
  "./static/vendor/manifests/nl.webmanifest",
  "./static/vendor/manifests/sk.webmanifest",
  "./static/vendor/manifests/hi.webmanifest",
  "./static/vendor/icons/icon-192.png",
  "./static/vendor/icons/icon-512.png",
  "./static/vendor/icons/icon-maskable-512.png",
  "./static/vendor/pyodide/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/stdlib.zip.zst",
  "./static/vendor/pyodide/pyodide-lock.json",
  "./static/vendor/allfives.zip.zst",
  "./allfives/web/app.py",
  "./allfives/web/worker.py",
];

// Responses being kept, by URL: a file the page reports may still be on its way in.
const keeping = new Map();

addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

addEventListener("message", (event) => {
  const { type, page, urls } = event.data ?? {};
  if (type === "loaded" && Array.isArray(urls)) {
    const files = [...ALSO_KEEP, ...urls.filter(inScope)].map((url) => {
      const href = new URL(url, self.registration.scope).href;
      return [href, href];
    });
    if (typeof page === "string" && inScope(page)) files.push([page, pageKey(page)]);
    event.waitUntil(keepMissing(files));
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
  return request.mode === "navigate" ? pageKey(request.url) : request.url;
}

function pageKey(url) {
  const page = new URL(url);
  page.search = "";
  return page.href;
}

async function networkFirst(event) {
  const { request } = event;
  const key = cacheKey(request);
  const kept = await caches.match(key, { cacheName: CACHE });
  let response;
  try {
    response = await fetch(revalidating(request, kept));
  } catch (offline) {
    if (kept) return kept;
    throw offline;
  }
  if (response.status === 304 && kept) return kept;
  if (response.ok && !response.redirected) keep(event, key, response.clone());
  return response;
}

// The request, made conditional on the kept copy's validators when there is
// one (a page itself is small, and a navigation cannot be rebuilt: it is
// asked for as it is).
function revalidating(request, kept) {
  if (!kept || request.mode === "navigate") return request;
  const headers = new Headers(request.headers);
  const etag = kept.headers.get("etag");
  const modified = kept.headers.get("last-modified");
  if (etag) headers.set("if-none-match", etag);
  else if (modified) headers.set("if-modified-since", modified);
  else return request;
  return new Request(request.url, { headers, credentials: "same-origin" });
}

function keep(event, key, response) {
  const put = caches.open(CACHE).then((cache) => cache.put(key, response))
    .catch(() => {}) // storage full or denied: the game still plays online
    .finally(() => keeping.delete(key));
  keeping.set(key, put);
  event.waitUntil(put);
}

// Keep each file not kept yet ([url, key] pairs: a page with a query is
// kept without it), from the HTTP cache when it is there and still current
// (the page has just loaded it: the server answers 304); one that fails (a
// 404 the page shrugged off) must not stop the others being kept.
async function keepMissing(files) {
  const cache = await caches.open(CACHE);
  const urlOf = new Map(files.map(([url, key]) => [key, url])); // the last url for a key wins
  await Promise.allSettled([...urlOf].map(async ([key, url]) => {
    await keeping.get(key);
    if (await cache.match(key)) return;
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok && !response.redirected) await cache.put(key, response);
  }));
}

async function dropOldCaches() {
  const mine = (name) => name.startsWith(PREFIX) && name.endsWith(` ${self.registration.scope}`);
  const names = await caches.keys();
  await Promise.all(names.filter((n) => mine(n) && n !== CACHE).map((n) => caches.delete(n)));
}
