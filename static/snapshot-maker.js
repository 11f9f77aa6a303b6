// The worker that makes the Pyodide memory snapshot (started by ./boot.mjs
// once the first visit is playable and idle). It is sent {modules: [the
// names the page has imported]}; before each heavy step it asks
// {type: "wait"} and goes on when told {type: "go"} (the bots are resting);
// it answers once, with {ok: true, bytes, timings, skipped} or
// {ok: false, error}.
import { makeSnapshot } from "./boot.mjs";

function whenQuiet() {
  return new Promise((resolve) => {
    addEventListener("message", function go({ data }) {
      if (data?.type !== "go") return;
      removeEventListener("message", go);
      resolve();
    });
    postMessage({ type: "wait" });
  });
}

addEventListener("message", ({ data }) => {
  makeSnapshot(Array.isArray(data?.modules) ? data.modules : [], whenQuiet).then(
    (result) => postMessage(result),
    (error) => postMessage({ ok: false, error: String(error?.stack || error) }),
  );
}, { once: true });
