// The page's Python, in a worker of its own, so that nothing it does blocks
// the page (issue 40): Pyodide as ./boot.mjs starts it (from the kept
// snapshot where there is one), the game's package (allfives.zip) unpacked,
// and allfives/web/app.py run. ./main.mjs starts this worker and is its only
// correspondent.
//
// The Python calls the page thread's globals (allfivesPaint, allfivesEvents,
// allfivesStorage, allfivesPage) as it would beside the page; here each is a
// message to ./main.mjs, which calls the real one: one way, in order. What
// the page thread must answer is handed over at the start (the page's facts,
// the storage's game keys) or comes back as an event (./events.mjs). The
// bots' worker is started from here (./bots.mjs: a worker of this worker).
//
// Messages to main.mjs, in lists (send): {call: [global, function, args]},
// {progress: step}, {mark: name}, {measures: [[name, start, ms], ...]} (start
// in ms since the epoch: the worker's clock has another origin), {boot: how},
// {answered: true} (an event's handlers have run), {modules: [...]},
// {failed: why}, {started: true}. From it: {snapshots: bool} (whether this
// browser may keep a memory snapshot: the page's thread decides) at once,
// {facts, held} once the page is parsed, then {event: text} and {modules: true}.

// The game's package, packed (./packed.mjs: unpacked once Pyodide is loaded).
const ZIP_URL = new URL("./vendor/allfives.zip.zst", import.meta.url);
const APP_URL = new URL("../allfives/web/app.py", import.meta.url);

function fetched(url, read) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url.pathname}: status ${response.status}`);
    return read(response);
  });
}

// Asked at once: ./boot.mjs with every module it imports (one round of
// requests, not one for each level of imports), and while Pyodide loads,
// the package and the page's script.
const boot = import("./boot.mjs");
const packed = import("./packed.mjs");
for (const module of ["./vendor/fzstd.mjs", "./vendor/pyodide/pyodide.mjs",
                      "./vendor/pyodide/pyodide.asm.mjs"]) {
  import(module).catch(() => {}); // a failure shows where it is imported
}
const zip = fetched(ZIP_URL, (r) => r.arrayBuffer());
const script = fetched(APP_URL, (r) => r.text());
zip.catch(() => {});
script.catch(() => {});
const bots = import("./bots.mjs"); // globalThis.allfivesBots, for the Python

// Everything said to the page while Python answers one event (or runs one
// step of a task) goes as one message: the page applies it in one task, so
// neither a person nor a test sees half of what one answer wrote.
let said = [];

function send(message) {
  said.push(message);
  if (said.length === 1) {
    queueMicrotask(() => {
      postMessage(said);
      said = [];
    });
  }
}

const relay = (global, fn) => (...args) => { send({ call: [global, fn, args] }); };

let deliver = () => {};

// The next message of main.mjs's first two (see above).
function next() {
  return new Promise((resolve) => {
    addEventListener("message", function first({ data }) {
      removeEventListener("message", first);
      resolve(data);
    });
  });
}

const snapshots = next();
const given = snapshots.then(next);

function pageGlobals({ facts, held }) {
  globalThis.allfivesPaint = { paint: relay("allfivesPaint", "paint") };
  globalThis.allfivesEvents = {
    connect(fn) { deliver = fn; },
    listen: relay("allfivesEvents", "listen"),
  };
  globalThis.allfivesStorage = {
    held: () => held,
    keep: relay("allfivesStorage", "keep"), // one way: a write not done comes back as an event
  };
  globalThis.allfivesPage = { facts: () => facts, mark: (name) => send({ mark: name }) };
}

// The modules the Python has imported (for the snapshot's maker).
function listModules(pyodide) {
  const scope = pyodide.toPy({});
  const names = pyodide.runPython("import sys\nsorted(sys.modules)", { globals: scope });
  try {
    return names.toJs();
  } finally {
    names.destroy();
    scope.destroy();
  }
}

async function start() {
  send({ progress: "Loading Pyodide" });
  const [{ loadPyodide }, { extractPackage }] = await Promise.all([boot, packed]);
  send({ progress: "Loading interpreter" });
  const pyodide = await loadPyodide((await snapshots).snapshots, { zip });
  const measures = performance.getEntriesByType("measure")
    .filter((m) => m.name.startsWith("allfives:"))
    .map((m) => [m.name, performance.timeOrigin + m.startTime, m.duration]);
  send({ boot: globalThis.allfivesBoot, mark: "allfives:pyodide-ready", measures });
  send({ progress: "Loading files" });
  extractPackage(pyodide, await zip, ZIP_URL);
  pageGlobals(await given);
  addEventListener("message", ({ data }) => {
    if ("event" in data) {
      deliver(data.event);
      send({ answered: true });
    } else if ("modules" in data) {
      send({ modules: listModules(pyodide) });
    }
  });
  await bots;
  await pyodide.runPythonAsync(await script, { filename: "app.py" });
  send({ started: true });
}

start().catch((error) => {
  console.error(`allfives: the game could not start: ${error}`);
  send({ failed: String(error).trim().split("\n").at(-1) });
});
