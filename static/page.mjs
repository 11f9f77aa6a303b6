// What the page's Python is told about the page when it starts: what the
// address asks (its query), the visit's language (static/progress.js
// chose it and put it on <html lang>) and the browser's preferred languages,
// best first. The Python reads no window of its own, so it can run in a
// worker (issue 40), whose location is its own script's.
//
// index.html loads this module; static/main.mjs hands its facts to the
// page's worker, where the Python reads them (allfives/web/dom.py FACTS).

// navigator.languages, or the one navigator.language where a browser has no list.
function preferred() {
  if (navigator.languages?.length) return [...navigator.languages];
  return typeof navigator.language === "string" ? [navigator.language] : [];
}

export function facts() {
  return JSON.stringify({
    search: location.search,
    site: new URL(".", location.href).href, // the page's folder: the site's files are fetched from it
    lang: document.documentElement.lang || "en",
    languages: preferred(),
  });
}

globalThis.allfivesPage = { facts };
