// Offline, and every file downloaded once: register the service worker
// (./sw.js: its scope is this page's folder, also under a GitHub Pages
// project path) as soon as the page opens; it takes control at once, so the
// files the game downloads pass through it and are kept. When the game has
// started, tell it every file this page loaded, so it can also keep the
// ones that went past before it took control (from the HTTP cache).
const started = new Promise((resolve) => addEventListener("py:all-done", resolve, { once: true }));

async function keepOffline() {
  await navigator.serviceWorker.register("./sw.js");
  await started;
  const { active } = await navigator.serviceWorker.ready;
  const page = new URL(location.href);
  page.hash = "";
  const files = performance.getEntriesByType("resource").map((entry) => entry.name);
  active.postMessage({ type: "loaded", page: page.href, urls: files });
}

if ("serviceWorker" in navigator) {
  keepOffline().catch((error) => console.warn("allfives: no offline copy:", error));
}
