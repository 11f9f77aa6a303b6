// The worker that makes the Pyodide memory snapshot (started by ./boot.mjs
// once the first visit is playable and idle): it is sent {modules: [names
// the page has imported]} and answers once, with {ok: true, bytes, gzipped,
// timings, skipped} or {ok: false, error}.
import { makeSnapshot } from "./boot.mjs";

addEventListener("message", ({ data }) => {
  makeSnapshot(Array.isArray(data?.modules) ? data.modules : []).then(
    (result) => postMessage(result),
    (error) => postMessage({ ok: false, error: String(error?.stack || error) }),
  );
}, { once: true });
