// What the page's Python is told about the page when it starts: what the
// address asks (its query), the table's board's box, the visit's language
// (static/progress.js chose it and put it on <html lang>) and the browser's
// preferred languages, best first. The Python reads no window of its own, so it can run in a
// worker (issue 40), whose location is its own script's.
//
// index.html loads this module; static/main.mjs hands its facts to the
// page's worker, where the Python reads them (allfives/web/dom.py FACTS).

// navigator.languages, or the one navigator.language where a browser has no list.
function preferred() {
  if (navigator.languages?.length) return [...navigator.languages];
  return typeof navigator.language === "string" ? [navigator.language] : [];
}

// An element's box as a size event has it (./events.mjs), or null.
function box(selector) {
  const element = document.querySelector(selector);
  if (!element) return null;
  const { width, height } = element.getBoundingClientRect();
  return [width, height, element.clientWidth, element.clientHeight];
}

export function facts() {
  return JSON.stringify({
    // the table's board as the shell lays it out (it reserves the table's
    // layout: tests/browser/test_layout_shift.py), so the first frame the
    // Python writes has its board, not one a size event later
    board: box("#board"),
    search: location.search,
    site: new URL(".", location.href).href, // the page's folder: the site's files are fetched from it
    lang: document.documentElement.lang || "en",
    languages: preferred(),
  });
}

globalThis.allfivesPage = { facts };
