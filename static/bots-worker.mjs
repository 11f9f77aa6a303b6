// The bots' worker: Pyodide as the page starts it (./boot.mjs: from the
// kept snapshot where there is one), the game's package (allfives.zip), and
// allfives/web/worker.py run; then each request names one of the functions
// that script exports (its __export__) and brings their one text, and the answer (or the error) goes back
// with the request's number. A function may be a coroutine: the analyses
// pause every slice, so the page's next call is taken meanwhile. While
// Python works it beats (allfives/bots/pulse.py): each beat is posted as
// "beat", so the page can tell a busy worker from a dead one.
import { loadPyodide } from "./boot.mjs";
import { extractPackage } from "./packed.mjs";

const ZIP_URL = new URL("./vendor/allfives.zip.zst", import.meta.url); // packed
const SCRIPT_URL = new URL("../allfives/web/worker.py", import.meta.url);

async function fetched(url, read) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: status ${response.status}`);
  return read(response);
}

const ready = (async () => {
  const zip = fetched(ZIP_URL, (r) => r.arrayBuffer());
  zip.catch(() => {}); // awaited below, once Python has started; not unhandled meanwhile
  const [pyodide, script] = await Promise.all([
    loadPyodide(true, { zip }),
    fetched(SCRIPT_URL, (r) => r.text()),
  ]);
  extractPackage(pyodide, await zip, ZIP_URL); // where Python starts: its imports find the package
  const pulse = pyodide.pyimport("allfives.bots.pulse");
  pulse.listen(() => postMessage("beat"));
  pulse.destroy();
  const scope = pyodide.globals.get("dict")();
  await pyodide.runPythonAsync(script, { globals: scope, filename: "worker.py" });
  return scope;
})();

ready.then(() => postMessage({ started: "" }), (error) => {
  console.warn(`allfives: the bots' worker could not start: ${error}`); // the details; the page says it
  const last = String(error).trim().split("\n").at(-1); // a Python error's own line
  postMessage({ started: `could not start (${last})` });
});

onmessage = async ({ data: { id, call, text } }) => {
  try {
    const scope = await ready;
    const exported = scope.get("__export__");
    const known = exported ? exported.toJs() : [];
    exported?.destroy();
    if (!known.includes(call)) throw new Error(`the worker has no ${call}`);
    const asked = scope.get(call);
    try {
      postMessage({ id, value: String(await asked(text)) });
    } finally {
      asked.destroy();
    }
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
