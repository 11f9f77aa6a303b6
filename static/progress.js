// The loading line on the felt (#progress), from the first paint until Python
// has drawn the table and hides it (allfives/web/app.py): what is happening,
// in words, and a bar that the steps of the page's worker fill (static/main.mjs). A classic script in <head>,
// run before anything is painted (the CSP allows no inline one): it cannot
// reach #progress yet, so it hands the words to the style sheet on <html>
// (--loading-words, a CSS string shown by .progress:empty::before) and the
// bar's share (--loaded), then writes them into #progress as its text once
// the page is parsed; a start that fails writes its sentence there instead.
//
// The words are in the visit's language, chosen as catalogs.choose does
// (allfives/web/i18n/catalogs.py): ?lang=, the language kept in the settings
// (localStorage "allfives.settings"), the browser's preferred languages,
// else English; <html lang> and dir say so from the first paint, until Python
// sets them (the same), and static/page-language.js puts the page's own words
// in it. The build writes them from the catalogs into
// static/vendor/page-words.js (allfives/web/i18n/page_text.py LOADING): the
// first before Python starts, then one per step of STEPS.
(function () {
  "use strict";
  var STEPS = ["Loading Pyodide", "Loading interpreter", "Loading files"]; // static/page-worker.mjs
  var WORDS = self.ALLFIVES_PAGE_WORDS || {};
  var root = document.documentElement;

  function supported(tag) { // catalogs.supported
    if (typeof tag !== "string" || !tag) return null;
    var code = tag.trim().replace(/_/g, "-").split("-")[0].toLowerCase();
    return Object.prototype.hasOwnProperty.call(WORDS, code) ? code : null;
  }
  function kept() {
    try {
      var settings = JSON.parse(window.localStorage.getItem("allfives.settings") || "{}");
      return settings && typeof settings === "object" ? settings.language : null;
    } catch (e) {
      return null; // storage switched off, or not JSON: no kept choice
    }
  }
  function choose() {
    var asked = new URLSearchParams(window.location.search).get("lang");
    var preferred = navigator.languages && navigator.languages.length
      ? Array.prototype.slice.call(navigator.languages) : [navigator.language];
    var tags = [asked, kept()].concat(preferred);
    for (var i = 0; i < tags.length; i++) {
      var code = supported(tags[i]);
      if (code) return code;
    }
    return "en";
  }

  var code = choose();
  var said = (WORDS[code] || {}).loading || [];
  var now = 0;
  function show(step) {
    now = step;
    root.style.setProperty("--loading-words", JSON.stringify(said[step] || ""));
    root.style.setProperty("--loaded", String((step + 1) / (STEPS.length + 2)));
    write();
  }
  // ... and, once #progress is parsed, its text (its hook: docs/DOM_HOOKS.md),
  // which takes the place of the style sheet's copy in the same box; never
  // over the words that the game could not start (./main.mjs: data-failed)
  function write() {
    var line = document.getElementById("progress");
    if (line && !line.hasAttribute("hidden") && !line.hasAttribute("data-failed")) {
      line.textContent = said[now] || "";
    }
  }
  root.lang = code;
  root.dir = "ltr"; // every language of the page's (language_frame)
  show(0);
  document.addEventListener("DOMContentLoaded", write);
  // The language's own font (Hindi's Devanagari is served by us, static/fonts.css),
  // both weights, asked for now: the texts Python writes are laid out in it
  // from the start, not moved when it arrives. Until it has arrived (at most
  // FONT_WAIT ms, as a font's own block period), html[data-fonts=loading] keeps
  // the page's words hidden (static/style.css), which would move their
  // buttons as they take its sizes.
  var FONT_WAIT = 3000;
  if (document.fonts && document.fonts.load) {
    var family = getComputedStyle(root).fontFamily;
    var sample = said.join("");
    var loads = [];
    ["400", "700"].forEach(function (weight) {
      var font = weight + " 1em " + family;
      if (!document.fonts.check(font, sample)) loads.push(document.fonts.load(font, sample));
    });
    if (loads.length) {
      var arrived = function () { root.removeAttribute("data-fonts"); };
      root.setAttribute("data-fonts", "loading");
      Promise.all(loads).then(arrived, arrived);
      setTimeout(arrived, FONT_WAIT);
    }
  }
  addEventListener("allfives:progress", function (event) {
    var step = STEPS.indexOf(event.detail);
    // once Python has chosen the language, the page is its own
    if (step >= 0 && !root.hasAttribute("data-language")) show(step + 1);
  });
})();
