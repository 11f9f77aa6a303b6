// The worker that makes the Pyodide memory snapshot (started by ./boot.mjs
// once the first visit is playable and idle): it answers one message with
// {ok: true, bytes, gzipped, timings} or {ok: false, error}.
import { makeSnapshot } from "./boot.mjs";

makeSnapshot().then(
  (result) => postMessage(result),
  (error) => postMessage({ ok: false, error: String(error?.stack || error) }),
);
