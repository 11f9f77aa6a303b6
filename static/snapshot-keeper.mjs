// Making the memory snapshot a return visit starts from (./boot.mjs keeps
// and restores it), seen to from the page's thread: once the first visit
// is playable (the page's "allfives:human-can-play" mark), the bots' worker
// has started and the page is idle, a worker of its own
// (./snapshot-maker.js) imports what the page's Python has imported and
// keeps the snapshot, taking a core only while the bots rest.
// <html data-snapshot> says how it went ("off": this browser cannot keep
// one, "making", "made", "failed"). ./main.mjs imports it once the game
// has started.

function say(how) {
  document.documentElement.dataset.snapshot = how;
}

// As ./boot.mjs's canKeepSnapshots (not imported: that would bring Pyodide's
// module to the page's thread).
function canKeepSnapshots() {
  return typeof caches !== "undefined" && typeof crypto?.subtle?.digest === "function";
}

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

// After the first visit reached a playable table and the bots' worker has
// started, when the page is idle: make the snapshot in a worker of its own,
// of the modules the page's Python has imported (``modules``: a promise of
// their names, asked of the page's worker then).
export async function keepSnapshot(modules) {
  if (!canKeepSnapshots() || typeof Worker !== "function") {
    say("off");
    return null;
  }
  watchTheBots();
  try {
    await playable();
    await botsSettled();
    await idle();
    say("making");
    return await makeInWorker(await modules());
  } catch (error) {
    say("failed");
    console.warn("allfives: no snapshot made:", error);
    return null;
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
        say("made");
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
