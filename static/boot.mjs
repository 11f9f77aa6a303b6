// How the page's worker (./page-worker.mjs) and the bots' worker
// (./bots-worker.mjs) start Pyodide: the vendored one (scripts/vendor.py),
// never a CDN's.
//
// On a return visit it starts from a memory snapshot of a Pyodide that has
// already imported the game (the engine, the bots, the page's pure-Python
// modules), which skips Python's own start-up and those imports. The
// snapshot is made once, in a worker of its own (./snapshot-maker.js, which
// ./snapshot-keeper.mjs starts from the page once the first visit reached a
// playable table and the page is idle), and kept in Cache Storage without
// its pages that are all zeros (packSnapshot: ~14 MB of 31.5, read in ~60%
// of the time, with nothing to decompress; gzip would keep 6.8 MB, but
// decompressing made return visits ~130 ms slower; bench/load_time.py)
// under the exact build: Pyodide's version and the SHA-256 of the
// allfives.zip.zst it imported. A return visit hashes the allfives.zip.zst it
// is served (the same file the worker unpacks) while the snapshot is read, so
// a new deploy never restores an old snapshot.
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
import { answering, extractPackage, unpack, zipResponse } from "./packed.mjs";
import { loadPyodide as loadPyodideFromURLs, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

export const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// The game's package (scripts/vendor.py), which the workers unpack, packed
// (./packed.mjs).
const ZIP_URL = new URL("./vendor/allfives.zip.zst", import.meta.url).href;
// Pyodide's standard library with the modules it and the game import as
// bytecode (scripts/vendor.py, allfives/site/compile_stdlib.mjs): compiling
// them was about two thirds of Python's start. Packed too.
const STDLIB_URL = new URL("./vendor/stdlib.zip.zst", import.meta.url).href;
// Bump when what the snapshot holds, or how it is stored, changes.
const FORMAT = 4;
const CACHE = "allfives-snapshots";
// One snapshot per site (a GitHub Pages user site may hold several games).
const SLOT = new URL("./vendor/pyodide-snapshot", import.meta.url).href;
const LENGTH_HEADER = "x-allfives-snapshot-length";
const SUM_HEADER = "x-allfives-snapshot-sum";

// What the snapshot imports: every module the page itself has imported once
// it is playable (the engine, the bots, the page's pure-Python modules and
// the standard library they use) that can be imported without a browser.
// The maker refuses js and pyodide_js, so a module that needs them
// is left out (and named in the maker's answer): what is kept never depends
// on where it was made. These are imported even if the page cannot say.
export const SNAPSHOT_IMPORTS = ["allfives", "allfives.bots", "allfives.web.bots.decide", "asyncio",
                                 "json"];
const BROWSER_MODULES = ["js", "pyodide_js"];

const warn = (...args) => console.warn("allfives:", ...args);

// How Python started ("snapshot" or "normal"): the page's worker tells the
// page (<html data-boot>).
function said(how) {
  globalThis.allfivesBoot = how;
}

export const SNAPSHOT_CACHE = CACHE;

function slotURL(hash) {
  const url = new URL(SLOT);
  url.search = new URLSearchParams({ pyodide: version, allfives: hash, format: FORMAT });
  return url.href;
}

function canKeepSnapshots() {
  return typeof caches !== "undefined" && typeof crypto?.subtle?.digest === "function";
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchZip() {
  const response = await fetch(ZIP_URL);
  if (!response.ok) throw new Error(`${ZIP_URL}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Pyodide's standard library unpacked, kept (Cache Storage, where this
// browser keeps snapshots) under the SHA-256 of the packed file: every later
// start (the bots' worker, the snapshot's maker, a return visit) reads it
// instead of unpacking it again (85-100 ms of a worker's time on this
// machine, at every start). What is read is checked against the SHA-256
// kept with it; a copy that fails is dropped, and only this build's is kept.
const UNPACKED_CACHE = "allfives-unpacked";
const UNPACKED = new URL("./vendor/stdlib-unpacked", import.meta.url).href;
const UNPACKED_SUM = "x-allfives-unpacked-sha256";

async function keptUnpacked(packed) {
  let cache = null;
  let key = null;
  try {
    key = `${UNPACKED}?sha256=${await sha256(packed)}`;
    cache = await caches.open(UNPACKED_CACHE);
    const kept = await cache.match(key);
    if (kept) {
      const bytes = new Uint8Array(await kept.arrayBuffer());
      if ((await sha256(bytes)) === kept.headers.get(UNPACKED_SUM)) return bytes;
      await cache.delete(key);
    }
  } catch (error) {
    warn("the unpacked standard library is not kept:", error);
    cache = null;
  }
  const bytes = unpack(packed, STDLIB_URL);
  if (cache) keepUnpacked(cache, key, bytes);
  return bytes;
}

// Kept while Python starts (not awaited), the other builds' dropped.
function keepUnpacked(cache, key, bytes) {
  (async () => {
    await cache.put(key, new Response(bytes, { headers: { [UNPACKED_SUM]: await sha256(bytes) } }));
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
  })().catch((error) => warn("could not keep the unpacked standard library:", error));
}

// Pyodide's standard library unpacked (its bytes), asked for as a start
// begins, so that it arrives while the snapshot is looked up and read, not
// after Pyodide has asked for it; kept unpacked where this browser keeps
// snapshots (``keep``).
function standardLibrary(keep) {
  const library = (async () => {
    const response = await fetch(STDLIB_URL);
    if (!response.ok) throw new Error(`${STDLIB_URL}: HTTP ${response.status}`);
    const packed = await response.arrayBuffer();
    return keep && canKeepSnapshots() ? keptUnpacked(packed) : unpack(packed, STDLIB_URL);
  })();
  library.catch(() => {}); // awaited when Pyodide asks for it; not unhandled meanwhile
  return library;
}

// The vendored Pyodide, handed its standard library (``standardLibrary``)
// when it asks for it. A library that did not arrive fails the start with
// its own error; Pyodide is never handed one (it would go on without it,
// to a fatal Python error) and waits for good.
function loadVendored(options, library) {
  const never = new Promise(() => {});
  const loading = answering({ [STDLIB_URL]: () => library.then(zipResponse, () => never) }, () =>
    loadPyodideFromURLs({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, ...options }));
  return Promise.all([library, loading]).then(([, pyodide]) => pyodide);
}

// Where this build's snapshot is kept (a Cache Storage key): keyed by the
// game's package (``zip``, its bytes as the worker fetched them; fetched
// here when not given).
export async function currentSlot(zip = fetchZip()) {
  return slotURL(await sha256(await zip));
}

// A kept snapshot of another build (a new deploy): not restored, and left to
// be replaced by the one this build makes; not an error.
class Stale extends Error {}

// Whether a kept slot can be this build's before the zip is hashed: this
// Pyodide's, in this format.
function mayBeCurrent(url) {
  const slot = new URL(url);
  return slot.origin + slot.pathname === SLOT && slot.searchParams.get("pyodide") === version &&
    slot.searchParams.get("format") === String(FORMAT);
}

// The kept snapshot that may be this build's, as a Response, with a promise
// of whether it is (``zip``, the package's bytes, hashed while it is read),
// or null. No request at all while nothing is kept (a first visit).
async function keptSnapshot(zip) {
  if (!canKeepSnapshots() || !(await caches.has(CACHE))) return null;
  const cache = await caches.open(CACHE);
  const slot = (await cache.keys()).find((request) => mayBeCurrent(request.url));
  if (!slot) return null;
  // While the zip is fetched and hashed, fetch and compile Pyodide's module
  // (loadPyodide imports the same URL next).
  import(INDEX_URL + "pyodide.asm.mjs").catch(() => {});
  const current = currentSlot(zip).then((url) => url === slot.url, (error) => {
    warn("no snapshot:", error);
    return false;
  });
  const response = await cache.match(slot);
  return response ? { response, current } : null;
}

// A checksum (two 32-bit lanes over 32-bit words, as hex): ~10-20 ms for
// what is kept of a snapshot, against a SHA-256's ~80 for 31.5 MB on this
// machine. `seed` is the snapshot's length, so that a wrong kept length
// fails it too. summing(seed) takes words in order (.words(Uint32Array)),
// then the last bytes if they are not a whole word (.tail(Uint8Array)).
function summing(seed) {
  let a = 0x811c9dc5;
  let b = seed | 0;
  return {
    words(words) {
      let x = a;
      let y = b;
      for (let i = 0; i < words.length; i++) {
        const w = words[i];
        x = Math.imul(x ^ w, 0x01000193);
        y = (Math.imul(y, 31) + w) | 0;
      }
      a = x;
      b = y;
    },
    tail(bytes) {
      for (let i = 0; i < bytes.length; i++) a = Math.imul(a ^ bytes[i], 0x01000193);
    },
    hex() {
      return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
    },
  };
}

export function checksum(bytes, seed = bytes.byteLength) {
  const summed = summing(seed);
  const whole = bytes.byteLength >>> 2;
  summed.words(new Uint32Array(bytes.buffer, bytes.byteOffset, whole));
  summed.tail(bytes.subarray(whole * 4));
  return summed.hex();
}

// What is kept of a snapshot: its pages of 4 kB that are not all zeros
// (more than half of its 31.5 MB are: a third of them after the last page in
// use), after a map of them (a bit a page, padded to 8 bytes): ~14 MB to
// read instead of 31.5, and nothing to decompress. `length` is the
// snapshot's own, kept beside it.
const PAGE = 4096;

function mapLength(length) {
  return Math.ceil(Math.ceil(length / PAGE) / 64) * 8;
}

function packSnapshot(snapshot) {
  const pages = Math.ceil(snapshot.length / PAGE);
  const map = new Uint8Array(mapLength(snapshot.length));
  let size = map.length;
  for (let page = 0; page < pages; page++) {
    const end = Math.min(snapshot.length, (page + 1) * PAGE);
    for (let i = page * PAGE; i < end; i++) {
      if (snapshot[i] !== 0) {
        map[page >> 3] |= 1 << (page & 7);
        size += end - page * PAGE;
        break;
      }
    }
  }
  const packed = new Uint8Array(size);
  packed.set(map);
  let at = map.length;
  for (let page = 0; page < pages; page++) {
    if (map[page >> 3] & (1 << (page & 7))) {
      const content = snapshot.subarray(page * PAGE, (page + 1) * PAGE);
      packed.set(content, at);
      at += content.length;
    }
  }
  return packed;
}

// Pyodide wants the snapshot's bytes (their length sizes its memory) before
// it starts the wasm module, and reads them only once the module is
// running. So it is handed a zeroed buffer of the kept length at once, and
// the kept pages are put in place from Cache Storage while the wasm
// compiles (summed as they come); the module is not handed back until they
// all are, their checksum is the one kept and the snapshot is this build's
// (`current`). Throws if what is kept is shorter or longer than its map
// says, or has another checksum; Stale if it is another build's (its
// reading is then cancelled).
const MAX_SNAPSHOT = 1 << 30;

// The runs of pages a packed snapshot's map keeps: [from, to] in the
// snapshot, in order.
function runsOf(map, length) {
  const runs = [];
  for (let page = 0; page * PAGE < length; page++) {
    if (!(map[page >> 3] & (1 << (page & 7)))) continue;
    const from = page * PAGE;
    const to = Math.min(length, from + PAGE);
    const last = runs[runs.length - 1];
    if (last && last[1] === from) last[1] = to;
    else runs.push([from, to]);
  }
  return runs;
}

// Puts the packed snapshot that `reader` reads into `bytes` (zeroed, the
// snapshot's length) and gives its checksum.
async function unpackInto(reader, bytes) {
  const map = new Uint8Array(mapLength(bytes.length));
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  const summed = summing(bytes.length);
  let mapped = 0; // bytes of the map read
  let runs = null; // once the map is read
  let run = 0; // the run being filled: bytes[to, end)
  let to = 0;
  let end = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let i = 0;
    if (mapped < map.length) {
      i = Math.min(map.length - mapped, value.length);
      map.set(value.subarray(0, i), mapped);
      mapped += i;
      if (mapped < map.length) continue;
      summed.words(new Uint32Array(map.buffer));
      runs = runsOf(map, bytes.length);
      [to, end] = runs[0] ?? [0, 0];
    }
    while (i < value.length) {
      if (run >= runs.length) {
        reader.cancel().catch(() => {});
        throw new Error("snapshot longer than its map says");
      }
      const n = Math.min(end - to, value.length - i);
      bytes.set(value.subarray(i, i + n), to);
      summed.words(words.subarray(to >>> 2, (to + n) >>> 2)); // to is a whole word but at the end
      to += n;
      i += n;
      if (to === end) {
        summed.tail(bytes.subarray(end & ~3, end));
        run += 1;
        if (run < runs.length) [to, end] = runs[run];
      }
    }
  }
  if (!runs || run < runs.length) throw new Error("snapshot shorter than its map says");
  return summed.hex();
}

function snapshotBuffer(response, current) {
  const expected = Number(response.headers.get(LENGTH_HEADER));
  const sum = response.headers.get(SUM_HEADER);
  if (!Number.isSafeInteger(expected) || expected <= 0 || expected > MAX_SNAPSHOT || !sum) {
    throw new Error(`snapshot length ${response.headers.get(LENGTH_HEADER)}, checksum ${sum}`);
  }
  const bytes = new Uint8Array(expected);
  const reader = response.body.getReader();
  const read = (async () => {
    const started = performance.now();
    if ((await unpackInto(reader, bytes)) !== sum) throw new Error("snapshot checksum does not match");
    performance.measure?.("allfives:snapshot-read", { start: started });
  })();
  const ours = current.then((yes) => {
    if (yes) return;
    reader.cancel().catch(() => {});
    throw new Stale("the kept snapshot is another build's");
  });
  const filled = Promise.all([read, ours]);
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

// The kept snapshot, its buffer already filling ({ buffer }), or why it
// cannot be used ({ error }), or null.
async function lookUp(zip) {
  let kept = null;
  try {
    kept = await keptSnapshot(zip);
  } catch (error) {
    warn("no snapshot:", error);
  }
  if (!kept) return null;
  try {
    return { buffer: snapshotBuffer(kept.response, kept.current) };
  } catch (error) {
    return { error };
  }
}

// Pyodide restored from what lookUp() found (handed ``library``, its standard
// library), or null: nothing found, another build's snapshot, or a snapshot
// that did not restore (dropped).
async function restore(found, library, started) {
  if (!found) return null;
  try {
    if (found.error) throw found.error;
    const { bytes, filled } = found.buffer;
    const pyodide = await loadVendored({ _loadSnapshot: bytes,
                                         createPyodideModule: afterFilling(filled) }, library);
    release(bytes);
    afterRestore(pyodide);
    performance.measure?.("allfives:snapshot-restore", { start: started });
    performance.mark?.("allfives:pyodide-ready");
    said("snapshot");
    return pyodide;
  } catch (error) {
    if (error instanceof Stale) return null;
    warn("the kept snapshot did not restore; starting Python normally:", error);
    await dropSnapshots();
    return null;
  }
}

// Pyodide started from the kept snapshot when there is a good one (and
// ``snapshots``: the page lets this browser keep them), else normally
// (./page-worker.mjs, ./bots-worker.mjs). ``zip`` is the promise of the game's
// package (its bytes) that the caller fetched to unpack: the snapshot's key is
// its hash, so it is not fetched twice.
export async function loadPyodide(snapshots, { zip } = {}) {
  const library = standardLibrary(snapshots);
  const restored = snapshots ? await restore(await lookUp(zip), library, performance.now()) : null;
  if (restored) return restored;
  said("normal");
  const pyodide = await loadVendored({}, library);
  performance.mark?.("allfives:pyodide-ready"); // bench/load_time.py's boot timeline
  return pyodide;
}

// -- making the snapshot (worker side) ------------------------------------------

// Start a Pyodide as ./page-worker.mjs does, unpack allfives.zip where it
// does (Python's working directory), import the game, take
// the memory snapshot and keep it. Runs in ./snapshot-maker.js.
export async function makeSnapshot(modules = [], whenQuiet = async () => {}) {
  const timings = {};
  const zip = await fetchZip();
  const slot = await currentSlot(zip); // keyed by the zip it imports
  const cache = await caches.open(CACHE);
  if (await cache.match(slot)) return { ok: true, kept: true };
  await whenQuiet();
  let t = performance.now();
  const pyodide = await loadVendored({ _makeSnapshot: true }, standardLibrary(true));
  timings.load = performance.now() - t;
  await whenQuiet();
  t = performance.now();
  extractPackage(pyodide, zip, ZIP_URL);
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
  const packed = packSnapshot(snapshot);
  const sum = checksum(packed, snapshot.length);
  timings.pack = performance.now() - t;
  t = performance.now();
  await cache.put(slot, new Response(packed, { headers: {
    "content-type": "application/octet-stream",
    [LENGTH_HEADER]: String(snapshot.length),
    [SUM_HEADER]: sum,
  } }));
  await dropSnapshots(slot);
  timings.store = performance.now() - t;
  return { ok: true, bytes: snapshot.length, packed: packed.length, timings, skipped };
}
