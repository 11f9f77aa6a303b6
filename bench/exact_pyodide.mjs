// Time the exact solver in the page's Python: the pinned Pyodide from
// node_modules/, started in Node.js (V8, the engine of Chromium's worker).
// Read by bench/exact_time.py --pyodide: stdin is a JSON object {sources:
// {path: source} of the engine, program: Python text defining
// solve_times(positions, budget, repeats), positions: [...], budget: N,
// repeats: N}; stdout what it returns (each solve's nodes and seconds), as
// JSON.
import { loadPyodide } from "pyodide";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const pyodide = await loadPyodide();
const scope = pyodide.toPy(job);
const seconds = pyodide.runPython(`
import json, os, sys

for name, source in sources.items():
    path = "/tmp/src/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
sys.path.insert(0, "/tmp/src")
exec(program)
json.dumps(solve_times(positions, budget, repeats))
`, { globals: scope });
process.stdout.write(seconds);
scope.destroy();
