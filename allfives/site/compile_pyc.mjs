// Compile the package's Python to bytecode with the Python the page runs:
// the pinned Pyodide from node_modules/, started in Node.js. Read by
// allfives/site/bundle.py: stdin is a JSON object {zip name: source}, stdout
// the same names with their .pyc as base64. The bytecode is the page's own
// Python version's (a .pyc of another version would not load), written
// without a timestamp (unchecked hash), so the same sources give the same zip.
// Smaller than by default, as the page's bytes count: no docstrings and no
// asserts (optimize=2; nothing in the package reads a docstring), and no
// column table (PYTHONNODEBUGRANGES: a traceback keeps its lines, not the
// ^^^ under the failing part of one).
import { loadPyodide } from "pyodide";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const sources = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const scope = pyodide.toPy({ sources });
const compiled = pyodide.runPython(`
import base64, os, py_compile

out = {}
for name, source in sources.items():
    path = "/tmp/src/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    pyc = py_compile.compile(path, cfile=path + "c", dfile=name, doraise=True, optimize=2,
                             invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(pyc, "rb") as f:
        out[name] = base64.b64encode(f.read()).decode("ascii")
out
`, { globals: scope });
process.stdout.write(JSON.stringify(compiled.toJs({ dict_converter: Object.fromEntries })));
compiled.destroy();
scope.destroy();
