// Shows PyScript's loading steps in the static shell until Python takes over.
const line = document.getElementById("progress");
const steps = {
  "Loading Pyodide": "Loading Python…",
  "Loading interpreter": "Starting Python…",
  "Loading files": "Loading the game…",
};
addEventListener("py:progress", ({ detail }) => {
  if (line && !line.hidden && steps[detail]) line.textContent = steps[detail];
});
