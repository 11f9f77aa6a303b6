// The page's thread's side of the page's Python (issue 40): the Python runs
// in a worker (./page-worker.mjs), started here as soon as this module has
// arrived (it imports nothing, so nothing waits for it), and this is the one
// place that speaks with it.
//
// The worker is handed what only the page knows (the page's facts and the
// storage's game keys: ./page.mjs, ./storage.mjs) and calls the page
// thread's globals by message: the one writer's hand (./paint.mjs), where
// to listen (./events.mjs), a value to keep (./storage.mjs); what a person
// does goes back as events. It says how far its start has come (the
// loading line, ./progress.js), its performance marks (bench/load_time.py
// reads them here), how Python started (<html data-boot>), that the game has
// started (./offline.js, and a memory snapshot made once it is playable:
// ./snapshot-keeper.mjs) or that it could not.

const worker = new Worker(new URL("./page-worker.mjs", import.meta.url),
                          { type: "module", name: "page" });
// Whether Python may start from a kept memory snapshot: where this browser can
// keep one (as ./snapshot-keeper.mjs asks), told at once, before the page is parsed.
worker.postMessage({ snapshots: typeof caches !== "undefined" &&
                     typeof crypto?.subtle?.digest === "function" });

// How many of the events sent the Python has not answered yet (its handlers
// have not run): tests wait for none (allfivesPython.waiting()).
let waiting = 0;
globalThis.allfivesPython = { waiting: () => waiting };

// The page thread's globals are defined by its other scripts (index.html
// loads this module first, before its style sheets and other scripts, so
// the worker starts at once; they have all run by DOMContentLoaded, which
// what is done here for the page waits for).
const parsed = new Promise((resolve) => {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", resolve, { once: true });
  } else {
    resolve();
  }
});

// The loading line and the status say so, in the visit's language (the
// build's words: allfives/web/i18n/page_text.py NOT_STARTED).
function failed(why) {
  console.warn(`allfives: the game could not start (${why})`);
  parsed.then(() => {
    const [line, status] = globalThis.ALLFIVES_PAGE_WORDS?.[document.documentElement.lang]?.failed ??
      ["The game could not start in this browser. Reloading the page may help.", "Not started."];
    const progress = document.getElementById("progress");
    if (progress) {
      progress.hidden = false;
      progress.textContent = line;
      progress.dataset.failed = "";
    }
    const said = document.getElementById("status");
    if (said) said.textContent = status;
  });
}

worker.addEventListener("error", (event) => { // its script could not load, or threw
  event.preventDefault();
  failed(event.message || "its worker could not load");
});

let modulesAsked = null; // the resolve of a promise of the Python's modules

// One thing the worker said (page-worker.mjs lists them).
function heard(data) {
  if ("answered" in data) waiting -= 1;
  if ("mark" in data) performance.mark(data.mark);
  for (const [name, at, duration] of data.measures ?? []) { // the worker's (at: since the epoch)
    performance.measure(name, { start: at - performance.timeOrigin, duration });
  }
  if ("boot" in data) document.documentElement.dataset.boot = data.boot;
  if ("progress" in data) { // to ./progress.js, which listens once it has run (this runs first)
    parsed.then(() => dispatchEvent(new CustomEvent("allfives:progress", { detail: data.progress })));
  }
  if ("modules" in data) modulesAsked?.(data.modules);
  if ("failed" in data) failed(data.failed);
  if ("started" in data) {
    dispatchEvent(new Event("allfives:started"));
    if (document.documentElement.dataset.boot !== "normal") return; // restored: one is kept
    import("./snapshot-keeper.mjs").then(({ keepSnapshot }) => keepSnapshot(() => {
      worker.postMessage({ modules: true });
      return new Promise((resolve) => { modulesAsked = resolve; });
    })).catch((error) => console.warn("allfives: no snapshot:", error));
  }
  if ("call" in data) {
    const [name, fn, args] = data.call;
    parsed.then(() => globalThis[name][fn](...args));
  }
}

worker.addEventListener("message", ({ data }) => data.forEach(heard));

parsed.then(() => {
  globalThis.allfivesEvents.connect((text) => {
    waiting += 1;
    worker.postMessage({ event: text });
  });
  worker.postMessage({ facts: globalThis.allfivesPage.facts(),
                       held: globalThis.allfivesStorage.held() });
});
