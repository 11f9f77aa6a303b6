// Offline, and every file downloaded once: register the service worker
// (./sw.js: its scope is this page's folder, also under a GitHub Pages
// project path) once the game has started, so that on a first visit it
// takes no time from Python's start; then tell it every file this page
// loaded, to keep them from the HTTP cache (the server answers 304). It
// takes control at once: what the bots' worker and the snapshot maker
// download next passes through it and is kept as it passes.
const started = new Promise((resolve) => addEventListener("allfives:started", resolve, { once: true }));

async function keepOffline() {
  await started;
  await navigator.serviceWorker.register("./sw.js");
  const { active } = await navigator.serviceWorker.ready;
  const page = new URL(location.href);
  page.hash = "";
  const files = performance.getEntriesByType("resource").map((entry) => entry.name);
  active.postMessage({ type: "loaded", page: page.href, urls: files });
}

if ("serviceWorker" in navigator) {
  keepOffline().catch((error) => console.warn("allfives: no offline copy:", error));
}
