// Offline once loaded: when the game has started, register the service worker
// (./sw.js: its scope is this page's folder, also under a GitHub Pages project
// path) and tell it every file this page loaded, so it can keep them. Waiting
// for the game keeps the first load as fast as it was without one.
const started = new Promise((resolve) => addEventListener("py:all-done", resolve, { once: true }));

async function keepOffline() {
  await started;
  await navigator.serviceWorker.register("./sw.js");
  const { active } = await navigator.serviceWorker.ready;
  const page = new URL(location.href);
  page.search = "";
  page.hash = "";
  const files = performance.getEntriesByType("resource").map((entry) => entry.name);
  active.postMessage({ type: "loaded", urls: [page.href, ...files] });
}

if ("serviceWorker" in navigator) {
  keepOffline().catch((error) => console.warn("allfives: no offline copy:", error));
}
