// index.html's own words in the visit's language before the first paint: a
// classic script just before #page-end, the element rendering waits for
// (<link rel="expect" blocking="render">), so it runs once every marked
// element is parsed and before anything is painted (the CSP allows no inline
// script). The language is the one static/progress.js chose in <head> (as
// catalogs.choose does) and put on <html lang>; the words are the build's,
// from the catalogs (static/vendor/page-words.js, allfives/web/i18n/page_text.py
// page_words).
//
// It leaves the marks exactly as Python's first pass would
// (allfives/web/home/language_frame.py): the English kept in data-i18n-en,
// what it wrote in data-i18n-shown, data-i18n-html on a text with markup;
// when Python runs, it finds the page already in its language and writes
// nothing again. Every later language change is Python's. html[data-words]
// says the static words are in the page's language: until then the style
// sheet hides them (if this script could not run, until Python has).
(function () {
  "use strict";
  var root = document.documentElement;
  var all = self.ALLFIVES_PAGE_WORDS;
  if (!all || !all.en || !all[root.lang]) return; // Python will do it
  var words = all[root.lang];
  var index = {};
  all.en.page.forEach(function (msgid, i) { index[msgid] = i; });

  function normalize(text) { // page_text.normalize
    return text.replace(/[ \t\n\r\f]+/g, " ").trim();
  }
  function translated(english) {
    var i = index[english];
    return i === undefined ? english : words.page[i];
  }

  var texts = document.querySelectorAll("[data-i18n]");
  for (var t = 0; t < texts.length; t++) {
    var node = texts[t];
    var markup = node.childElementCount > 0;
    var english = normalize(markup ? node.innerHTML : node.textContent);
    var text = translated(english);
    node.setAttribute("data-i18n-en", english);
    if (markup) node.setAttribute("data-i18n-html", "");
    if (text !== english) {
      if (markup) node.innerHTML = text;
      else node.textContent = text;
    }
    node.setAttribute("data-i18n-shown", normalize(markup ? node.innerHTML : node.textContent));
  }
  var marked = document.querySelectorAll("[data-i18n-attr]");
  for (var m = 0; m < marked.length; m++) {
    var names = marked[m].getAttribute("data-i18n-attr").split(/\s+/);
    for (var n = 0; n < names.length; n++) {
      var name = names[n];
      if (!name || !marked[m].hasAttribute(name)) continue;
      var original = normalize(marked[m].getAttribute(name));
      var said = translated(original);
      marked[m].setAttribute("data-i18n-en-" + name, original);
      marked[m].setAttribute(name, said);
      marked[m].setAttribute("data-i18n-shown-" + name, said);
    }
  }
  var manifest = document.querySelector("link[rel=manifest]");
  if (manifest) manifest.setAttribute("href", words.manifest);
  root.setAttribute("data-words", root.lang);
})();
