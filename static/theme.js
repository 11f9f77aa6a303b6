// The look kept in the settings, shown before anything is painted: a classic
// script in <head>, run as the page is parsed (the CSP allows no inline one).
// It reads the settings the page keeps (localStorage "allfives.settings",
// written by allfives/web/table/settings.py), as tolerantly as
// Settings.from_json: anything missing, unknown or unreadable is the default.
// On <html>: data-theme (the choice: system, light, dark, contrast),
// data-faces (pips, colour, numerals), data-large (true, false), and
// data-scheme, the colours shown (light, dark, contrast), which
// static/style.css keys on: for "system" what the device prefers
// (prefers-contrast: more, else prefers-color-scheme), following it live.
// <meta name="theme-color"> follows data-scheme. Python sets data-theme and
// the others when the settings change (allfives/web/play/looks_page.py);
// the scheme and the meta follow here.
(function () {
  "use strict";
  var THEMES = ["system", "light", "dark", "contrast"]; // allfives/web/table/looks.py THEMES
  var FACES = ["pips", "colour", "numerals"]; // allfives/web/table/looks.py FACES
  var BAR = { light: "#f7f3e8", dark: "#0c1410", contrast: "#000000" }; // style.css --bar
  var root = document.documentElement;
  var kept = {};
  try {
    var value = JSON.parse(window.localStorage.getItem("allfives.settings") || "{}");
    if (value && typeof value === "object" && !Array.isArray(value)) kept = value;
  } catch (e) {
    kept = {}; // storage switched off, or not JSON: the defaults
  }
  function oneOf(value, allowed) {
    return typeof value === "string" && allowed.indexOf(value) >= 0 ? value : allowed[0];
  }
  root.setAttribute("data-theme", oneOf(kept.theme, THEMES));
  root.setAttribute("data-faces", oneOf(kept.faces, FACES));
  root.setAttribute("data-large", kept.large_tiles === true ? "true" : "false");

  var media = window.matchMedia ? window.matchMedia.bind(window) : null;
  var dark = media && media("(prefers-color-scheme: dark)");
  var more = media && media("(prefers-contrast: more)");
  function scheme() {
    var theme = root.getAttribute("data-theme");
    if (theme === "light" || theme === "dark" || theme === "contrast") return theme;
    if (more && more.matches) return "contrast";
    return dark && dark.matches ? "dark" : "light";
  }
  function show() {
    var now = scheme();
    if (root.getAttribute("data-scheme") !== now) root.setAttribute("data-scheme", now);
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta && meta.getAttribute("content") !== BAR[now]) meta.setAttribute("content", BAR[now]);
  }
  show();
  [dark, more].forEach(function (query) {
    if (query && query.addEventListener) query.addEventListener("change", show);
  });
  new MutationObserver(show).observe(root, { attributes: true, attributeFilter: ["data-theme"] });
})();
