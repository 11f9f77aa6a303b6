// The bots' worker, started and spoken to for the page's Python
// (allfives/web/bots/client_page.py): a module worker of our own
// (./bots-worker.mjs). A request is a call's name and a text;
// its answer a promise of text, rejected with the worker's own error. The
// worker says once whether it could start (``started``: "" when it could,
// else why not), and beats while it works ("beat"). Nothing here decides
// when to give the worker up: the Python does, by how long the worker has
// been silent (``quiet``: no answer, no beat), and ends it (``end``).
//
// The page's worker (./page-worker.mjs) imports it: the bots' worker is a
// worker of that worker, and the Python calls globalThis.allfivesBots.start().

const WORKER_URL = new URL("./bots-worker.mjs", import.meta.url);

function link() {
  const waiting = new Map(); // request number -> its promise's resolve and reject
  let asked = 0;
  let heard = performance.now(); // the worker's last message: an answer, a beat
  let says;
  const started = new Promise((resolve) => { says = resolve; });
  let worker;
  try {
    worker = new Worker(WORKER_URL, { type: "module", name: "bots" });
  } catch (error) { // refused at once (a Content-Security-Policy)
    says(`refused (${error.name})`);
    return { started, call: () => Promise.reject(new Error("no worker")), end() {} };
  }
  // a module that cannot load, or a policy that refuses the worker
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    says(`could not load (${event.message || "error"})`);
  });
  worker.addEventListener("message", ({ data }) => {
    heard = performance.now();
    if (data === "beat") return;
    if ("started" in data) {
      says(data.started);
      return;
    }
    const answer = waiting.get(data.id);
    waiting.delete(data.id);
    if (!answer) return;
    if ("error" in data) answer.reject(new Error(data.error));
    else answer.resolve(data.value);
  });
  return {
    started,
    worker, // ended by the tests as a dying worker ends
    call(name, text) {
      asked += 1;
      const id = asked;
      worker.postMessage({ id, call: name, text });
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    // Seconds since the worker's last message.
    quiet: () => (performance.now() - heard) / 1000,
    // A worker stuck in a move, or still loading, would go on using a core.
    end() {
      worker.terminate();
      for (const answer of waiting.values()) answer.reject(new Error("the worker was ended"));
      waiting.clear();
    },
  };
}

// The bots' worker now.
export const bots = { running: null, start() { bots.running = link(); return bots.running; } };

globalThis.allfivesBots = bots;
