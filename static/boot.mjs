// How the page and the bots' worker start Pyodide (pyscript.json, their
// PyScript config, names this module as the interpreter; PyScript calls its
// loadPyodide(options)). Without that line PyScript would fetch Pyodide from a
// CDN. The config is JSON, not TOML, so that PyScript need not fetch its TOML
// parser first (a serial step of ~70 ms on every visit). Its "files" has
// PyScript unpack allfives.zip (scripts/vendor.py) where the page runs.
//
// Pyodide is the vendored one (scripts/vendor.py). On a return visit it
// starts from a memory snapshot of a Pyodide that has already imported the
// game (the engine, the bots, the page's pure-Python modules), which skips
// Python's own start-up and those imports. The snapshot is made once, in a
// worker of its own (./snapshot-maker.js), after the first visit reached a
// playable table and the page is idle, and kept in Cache Storage (as it is:
// gzip would keep 6.8 MB instead of 31.5, but decompressing made return
// visits ~130 ms slower; bench/load_time.py) under the exact build: Pyodide's version and the SHA-256 of the
// allfives.zip it imported. A return visit hashes the allfives.zip it is
// served (68 kB, the same file PyScript unpacks), so a new deploy never
// restores an old snapshot.
//
// It can never make things worse: no snapshot, a stale, truncated or corrupt
// one (its length and a checksum are kept with it), a browser without Cache
// Storage or crypto.subtle, storage that is full or denied, a restore that
// throws: each boots Pyodide normally and drops a bad snapshot, with at most
// a console warning.
//
// Pyodide's snapshot options (_loadSnapshot, _makeSnapshot,
// makeMemorySnapshot) are experimental; the version is pinned exactly in
// package-lock.json and a snapshot carries Pyodide's build id, which
// Pyodide checks on restore.
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

export const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// The package, as pyscript.json's files name it (relative to the page).
const ZIP_URL = new URL("./vendor/allfives.zip", import.meta.url).href;
// Pyodide's standard library with the modules it and the game import as
// bytecode (scripts/vendor.py, allfives/site/compile_stdlib.mjs): compiling
// them was about two thirds of Python's start.
const STDLIB_URL = new URL("./vendor/stdlib.zip", import.meta.url).href;
// Bump when what the snapshot holds, or how it is stored, changes.
const FORMAT = 3;
const CACHE = "allfives-snapshots";
// One snapshot per site (a GitHub Pages user site may hold several games).
const SLOT = new URL("./vendor/pyodide-snapshot", import.meta.url).href;
const LENGTH_HEADER = "x-allfives-snapshot-length";
const SUM_HEADER = "x-allfives-snapshot-sum";

// What the snapshot imports: every module the page itself has imported once
// it is playable (the engine, the bots, the page's pure-Python modules and
// the standard library they use) that can be imported without a browser.
// The maker refuses js, pyscript and their kin, so a module that needs them
// is left out (and named in the maker's answer): what is kept never depends
// on where it was made. These are imported even if the page cannot say.
export const SNAPSHOT_IMPORTS = ["allfives", "allfives.bots", "allfives.web.bots.decide", "asyncio",
                                 "json"];
const BROWSER_MODULES = ["js", "pyodide_js", "pyscript", "_pyscript", "polyscript"];

const warn = (...args) => console.warn("allfives:", ...args);

// In the page, <html data-boot> says how Python started ("snapshot" or
// "normal") and <html data-snapshot> how making one went ("off": this
// browser cannot keep one, "making", "made", "failed"). In a worker,
// globalThis.allfivesBoot says how it started.
function say(key, value) {
  if (key === "boot") globalThis.allfivesBoot = value;
  if (typeof document !== "undefined") document.documentElement.dataset[key] = value;
}

export const SNAPSHOT_CACHE = CACHE;

function slotURL(hash) {
  const url = new URL(SLOT);
  url.search = new URLSearchParams({ pyodide: version, allfives: hash, format: FORMAT });
  return url.href;
}

export function canKeepSnapshots() {
  return typeof caches !== "undefined" && typeof crypto?.subtle?.digest === "function";
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchZip() {
  const response = await fetch(ZIP_URL);
  if (!response.ok) throw new Error(`${ZIP_URL}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Where this build's snapshot is kept (a Cache Storage key).
export async function currentSlot() {
  return slotURL(await sha256(await fetchZip()));
}

// The kept snapshot for this build, as a Response, or null. No request at
// all while nothing is kept (a first visit).
async function keptSnapshot() {
  if (!canKeepSnapshots() || !(await caches.has(CACHE))) return null;
  const cache = await caches.open(CACHE);
  if (!(await cache.keys()).length) return null;
  // While the zip is fetched and hashed, fetch and compile Pyodide's module
  // (loadPyodide imports the same URL next).
  import(INDEX_URL + "pyodide.asm.mjs").catch(() => {});
  return (await cache.match(await currentSlot())) ?? null;
}

// A checksum of the snapshot (two 32-bit lanes over its 32-bit words, as
// hex): ~20-40 ms for 31.5 MB, against a SHA-256's ~80 on this machine.
export function checksum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  let a = 0x811c9dc5;
  let b = bytes.byteLength | 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    a = Math.imul(a ^ w, 0x01000193);
    b = (Math.imul(b, 31) + w) | 0;
  }
  for (let i = words.length * 4; i < bytes.byteLength; i++) a = Math.imul(a ^ bytes[i], 0x01000193);
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

// Pyodide wants the snapshot's bytes (their length sizes its memory) before
// it starts the wasm module, and reads them only once the module is
// running. So it is handed a buffer of the kept length at once, filled from
// Cache Storage while the wasm compiles; the module is not handed back
// until the buffer is full and its checksum is the one kept. Throws if the
// kept bytes are fewer or more than the kept length, or another checksum.
const MAX_SNAPSHOT = 1 << 30;

function snapshotBuffer(response) {
  const expected = Number(response.headers.get(LENGTH_HEADER));
  const sum = response.headers.get(SUM_HEADER);
  if (!Number.isSafeInteger(expected) || expected <= 0 || expected > MAX_SNAPSHOT || !sum) {
    throw new Error(`snapshot length ${response.headers.get(LENGTH_HEADER)}, checksum ${sum}`);
  }
  const bytes = new Uint8Array(expected);
  const filled = (async () => {
    const started = performance.now();
    const reader = response.body.getReader();
    let at = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.length > expected) throw new Error(`snapshot longer than ${expected} bytes`);
      bytes.set(value, at);
      at += value.length;
    }
    if (at !== expected) throw new Error(`snapshot is ${at} bytes, expected ${expected}`);
    if (checksum(bytes) !== sum) throw new Error("snapshot checksum does not match");
    performance.measure?.("allfives:snapshot-read", { start: started });
  })();
  filled.catch(() => {}); // awaited below, with the module; not unhandled meanwhile
  return { bytes, filled };
}

// Pyodide's config keeps what _loadSnapshot was, so once restored the 31.5 MB
// are let go by detaching their buffer.
function release(bytes) {
  try {
    if (typeof bytes.buffer.transfer === "function") bytes.buffer.transfer(0);
    else structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  } catch {
    // kept a little longer: only memory
  }
}

// Pyodide's module factory (its createPyodideModule option), finishing only
// once the snapshot buffer is full.
function afterFilling(filled) {
  const factory = import(INDEX_URL + "pyodide.asm.mjs").then((module) => module.default);
  return async (settings) => {
    const [module] = await Promise.all([factory.then((create) => create(settings)), filled]);
    return module;
  };
}

export async function dropSnapshots(except = null) {
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url.startsWith(SLOT + "?") && request.url !== except) await cache.delete(request);
    }
  } catch (error) {
    warn("could not drop a snapshot:", error);
  }
}

// After a restore: a snapshot freezes the state of Python's random module,
// so every visit would deal the same games; seed it afresh. Then check that
// the restored Python holds the game.
function afterRestore(pyodide) {
  const scope = pyodide.toPy({}); // not __main__: the page's script runs there
  try {
    pyodide.runPython(
      "import random, sys\nrandom.seed()\n" +
      "assert 'allfives' in sys.modules, 'the snapshot does not hold allfives'",
      { globals: scope });
  } finally {
    scope.destroy();
  }
}

// PyScript's interpreter hook: Pyodide started from the kept snapshot when
// there is a good one, else normally.
export async function loadPyodide(options = {}) {
  const base = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  const started = performance.now();
  let kept = null;
  try {
    kept = await keptSnapshot();
  } catch (error) {
    warn("no snapshot:", error);
  }
  if (kept) {
    try {
      const { bytes, filled } = snapshotBuffer(kept);
      const pyodide = await loadVendored({ ...base, _loadSnapshot: bytes,
                                           createPyodideModule: afterFilling(filled) });
      release(bytes);
      afterRestore(pyodide);
      performance.measure?.("allfives:snapshot-restore", { start: started });
      performance.mark?.("allfives:pyodide-ready");
      say("boot", "snapshot");
      return pyodide;
    } catch (error) {
      warn("the kept snapshot did not restore; starting Python normally:", error);
      await dropSnapshots();
    }
  }
  say("boot", "normal");
  if (typeof document !== "undefined") preloadTheGame();
  const pyodide = await loadVendored(base);
  performance.mark?.("allfives:pyodide-ready"); // bench/load_time.py's boot timeline
  if (typeof document !== "undefined") whenIdleMakeSnapshot(pyodide);
  return pyodide;
}

// PyScript asks for the game's files (allfives.zip, then the page's script)
// only once Python has started, 0.6 s after Pyodide's wasm arrived here (a
// second or more on a slow phone), and the main thread is busy starting
// Python all that time. Ask for them now, at low priority (after Pyodide's own files),
// so they wait in the page's preload cache, where PyScript's requests find
// them. Nothing waits for the service worker: what passes it by is kept later
// from the HTTP cache (./offline.js tells it what the page loaded).
function preloadTheGame() {
  const files = [ZIP_URL, document.querySelector("script[type=py][src]")?.src].filter(Boolean);
  for (const href of files) {
    document.head.append(Object.assign(document.createElement("link"), {
      rel: "preload", as: "fetch", crossOrigin: "anonymous", fetchPriority: "low", href }));
  }
}

// -- making the snapshot (page side) -------------------------------------------

const PLAYABLE = "allfives:human-can-play";
// If the page never says (a hook renamed), the snapshot is made anyway.
const PATIENCE_MS = 60000;

function playable() {
  return new Promise((resolve) => {
    if (performance.getEntriesByName(PLAYABLE).length) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(PLAYABLE).length) done();
    });
    const timer = setTimeout(done, PATIENCE_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: "mark", buffered: true });
  });
}

// The bots' worker has started (or given up): body[data-bots] leaves "loading".
function botsSettled() {
  return new Promise((resolve) => {
    const settled = () => ["worker", "page"].includes(document.body?.dataset.bots);
    if (settled()) return resolve();
    const observer = new MutationObserver(() => settled() && done());
    const timer = setTimeout(done, PATIENCE_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(document.documentElement, { attributes: true, subtree: true,
                                                 attributeFilter: ["data-bots"] });
  });
}

function idle() {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(resolve, { timeout: 5000 });
    else setTimeout(resolve, 1000);
  });
}

let making = null;

// After the first visit reached a playable table and the bots' worker has
// started, when the page is idle: make the snapshot in a worker of its own.
export function whenIdleMakeSnapshot(pyodide) {
  if (making) return making;
  if (!canKeepSnapshots() || typeof Worker !== "function") {
    say("snapshot", "off");
    return null;
  }
  watchTheBots();
  making = (async () => {
    await playable();
    await botsSettled();
    await idle();
    say("snapshot", "making");
    return makeInWorker(importedModules(pyodide));
  })().catch((error) => {
    say("snapshot", "failed");
    warn("no snapshot made:", error);
    return null;
  });
  return making;
}

// The modules the page's Python has imported (names), or [].
function importedModules(pyodide) {
  try {
    const scope = pyodide.toPy({});
    const names = pyodide.runPython("import sys\nsorted(sys.modules)", { globals: scope });
    const list = names.toJs();
    names.destroy();
    scope.destroy();
    return list;
  } catch (error) {
    warn("could not list the page's modules:", error);
    return [];
  }
}

// When the maker may take a core: at the start of the person's turn (the
// bots have just finished and will not think again until the person has
// moved: a second or more), or once no bot has thought for REST_MS (the
// person is away); whatever happens, after MAX_WAIT_MS. #status[data-phase]
// is "bot" while a bot thinks or plays.
const FRESH_MS = 300;
const REST_MS = 5000;
const MAX_WAIT_MS = 30000;
let restingSince = performance.now();

function watchTheBots() {
  const status = document.getElementById("status");
  if (!status) return;
  let thinking = status.dataset.phase === "bot";
  new MutationObserver(() => {
    const now = status.dataset.phase === "bot";
    if (thinking && !now) restingSince = performance.now();
    thinking = now;
  }).observe(status, { attributes: true, attributeFilter: ["data-phase"] });
}

function botsResting() {
  return new Promise((resolve) => {
    const status = document.getElementById("status");
    const started = performance.now();
    const ready = () => {
      if (!status || performance.now() - started > MAX_WAIT_MS) return true;
      if (status.dataset.phase === "bot") return false;
      const rested = performance.now() - restingSince;
      return rested < FRESH_MS || rested >= REST_MS;
    };
    const timer = setInterval(() => ready() && (clearInterval(timer), resolve()), 50);
  });
}

// The maker asks before each of its heavy steps ({type: "wait"}) and is let
// go ({type: "go"}) when the bots are resting, so that the bots' worker
// keeps its core while the person waits for it.
function makeInWorker(modules) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-maker.js", import.meta.url), {
      type: "module", name: "allfives-snapshot" });
    worker.postMessage({ modules });
    const started = performance.now();
    worker.onmessage = ({ data }) => {
      if (data?.type === "wait") {
        botsResting().then(() => worker.postMessage({ type: "go" }));
        return;
      }
      worker.terminate();
      if (data?.ok) {
        performance.measure?.("allfives:snapshot-made", { start: started, detail: data });
        say("snapshot", "made");
        resolve(data);
      } else {
        reject(new Error(data?.error || "the snapshot worker failed"));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault?.();
      reject(new Error(event.message || "the snapshot worker failed to start"));
    };
  });
}

// -- making the snapshot (worker side) ------------------------------------------

// Start a Pyodide as PyScript would, unpack allfives.zip where PyScript does
// ([files] "./static/vendor/allfives.zip" = "./*"), import the game, take
// the memory snapshot and keep it. Runs in ./snapshot-maker.js.
export async function makeSnapshot(modules = [], whenQuiet = async () => {}) {
  const timings = {};
  const zip = await fetchZip();
  const slot = slotURL(await sha256(zip)); // keyed by the zip it imports
  const cache = await caches.open(CACHE);
  if (await cache.match(slot)) return { ok: true, kept: true };
  await whenQuiet();
  let t = performance.now();
  const pyodide = await loadVendored({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL,
                                      _makeSnapshot: true });
  timings.load = performance.now() - t;
  await whenQuiet();
  t = performance.now();
  pyodide.unpackArchive(zip, "zip", { extractDir: "./" });
  const wanted = [...new Set([...SNAPSHOT_IMPORTS, ...modules])]
    .filter((name) => typeof name === "string" && /^[A-Za-z_][\w.]*$/.test(name) &&
      name !== "__main__" && !BROWSER_MODULES.includes(name.split(".")[0]));
  const scope = pyodide.toPy({ wanted, blocked: BROWSER_MODULES });
  // Python runs in a scope of its own, not __main__: the page's script runs there.
  const result = pyodide.runPython(`
import importlib, sys

class NoBrowser:
    """Refuses the browser's modules while the snapshot's imports run."""
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ImportError(f"{name} needs a page")
        return None

refuse = NoBrowser()
sys.meta_path.insert(0, refuse)
skipped = []
try:
    for name in wanted:
        try:
            importlib.import_module(name)
        except Exception as e:
            skipped.append(f"{name}: {type(e).__name__}: {e}")
finally:
    sys.meta_path.remove(refuse)
skipped`, { globals: scope });
  const skipped = result.toJs();
  result.destroy();
  scope.destroy();
  timings.imports = performance.now() - t;
  await whenQuiet();
  t = performance.now();
  const snapshot = pyodide.makeMemorySnapshot();
  timings.snapshot = performance.now() - t;
  t = performance.now();
  const sum = checksum(snapshot);
  timings.checksum = performance.now() - t;
  t = performance.now();
  await cache.put(slot, new Response(snapshot, { headers: {
    "content-type": "application/octet-stream",
    [LENGTH_HEADER]: String(snapshot.length),
    [SUM_HEADER]: sum,
  } }));
  await dropSnapshots(slot);
  timings.store = performance.now() - t;
  return { ok: true, bytes: snapshot.length, timings, skipped };
}
