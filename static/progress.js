// Fills the static shell's loading bar with PyScript's steps until Python
// takes over. No words: the page's language is Python's to choose, and its
// texts stay hidden until it has (static/style.css, html[data-language]).
const bar = document.getElementById("progress");
const steps = ["Loading Pyodide", "Loading interpreter", "Loading files"];
addEventListener("py:progress", ({ detail }) => {
  const step = steps.indexOf(detail);
  if (bar && step >= 0) bar.style.setProperty("--loaded", String((step + 1) / (steps.length + 1)));
});
