// The standard library the game's Pyodide starts with (static/vendor/stdlib.zip,
// made by scripts/vendor.py): only the modules the page imports, each as
// bytecode for the page's own Python version (compiling them in the page was
// about two thirds of Python's start), without docstrings. Pyodide's
// python_stdlib.zip (2.5 MB, sources only) stays beside it, unused.
//
// What the page imports is the union of two ways of finding it:
// - a static closure (Python's modulefinder, run by the pinned Pyodide): from
//   Pyodide's own start (its sys.modules once loaded here), every module of
//   allfives.zip and the workers' scripts, through
//   every import statement at every depth (imports inside functions too),
//   closed over the standard library's own, but not into NEVER below;
// - what a real page imported (SEEN.txt: recorded in Chromium after a puzzle,
//   the stats, a backup, a game and its Review, in the page and in the bots'
//   worker, by tests/browser/test_stdlib_imports.py, which fails if the page
//   imports a module this zip lacks): it adds modules imported by a computed
//   name (text codecs) or by Pyodide's own Python at run time.
// Modules Pyodide has frozen into its binary are left out: they are never read.
//
// Docstrings are dropped from the syntax tree before compiling (-OO would also
// drop asserts and `if __debug__:` code, which the standard library may rely
// on): 18% fewer bytes (1.22 MB -> 1.00 MB deflated; -OO: 2.6 kB less again).
// The zip stores its files: scripts/vendor.py packs it whole (stdlib.zip.zst,
// 0.73 MB). Only
// Pyodide's help texts read docstrings, and they take a missing one.
//
//     node allfives/site/compile_stdlib.mjs OUT.zip GAME.zip SEEN.txt MODULE=PATH...
//
// GAME.zip is the package the page unpacks (allfives.zip); each MODULE=PATH is
// Python the page runs besides it (a file, or a package's folder), e.g.
// allfives.web.app=allfives/web/app.py.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [out, game, seen, ...scripts] = process.argv.slice(2);
const pyodideDir = path.dirname(createRequire(import.meta.url).resolve("pyodide"));
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const FS = pyodide.FS;
FS.writeFile("/tmp/stdlib.zip", fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));
FS.writeFile("/tmp/game.zip", fs.readFileSync(game));
FS.writeFile("/tmp/seen.txt", fs.readFileSync(seen));
const modules = [];
for (const script of scripts) {
  const [name, from] = script.split("=");
  const to = "/tmp/page/" + name.replaceAll(".", "/");
  if (fs.statSync(from).isDirectory()) {
    FS.mkdirTree(to);
    for (const file of fs.readdirSync(from).filter((f) => f.endsWith(".py"))) {
      FS.writeFile(`${to}/${file}`, fs.readFileSync(path.join(from, file)));
      modules.push(file === "__init__.py" ? name : `${name}.${file.slice(0, -3)}`);
    }
  } else {
    FS.mkdirTree(path.posix.dirname(to));
    FS.writeFile(to + ".py", fs.readFileSync(from));
    modules.push(name);
  }
}
// What Pyodide's own start imported from its standard library.
const started = pyodide.runPython(`
import sys
sorted(name for name, module in list(sys.modules.items())
       if (getattr(getattr(module, "__spec__", None), "origin", None) or "")
       .startswith(sys._stdlib_dir + "/"))
`).toJs();
const scope = pyodide.toPy({ started, scripts: modules });
pyodide.runPython(`
import _imp, _thread, ast, importlib.util, modulefinder, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# Where the walk stops: modules no page runs, reached only by a path of
# another module that a page never takes (named with that path).
NEVER = (
    # nothing to debug, test or type at in a page: pdb, doctest, help(), the REPL
    "pdb", "doctest", "pydoc", "pydoc_data", "unittest", "_pyrepl", "rlcompleter", "idlelib",
    "turtle", "turtledemo", "test", "__phello__",
    # the modules' command lines (inspect._main, pickle._main, base64.main, ...)
    "argparse", "getopt",
    # a page asks no other host: no mail, web or XML-RPC clients, nor what only
    # they use (pathlib.Path.as_uri imports urllib.request)
    "urllib.request", "urllib.response", "urllib.error", "http", "email", "mimetypes",
    "xmlrpc", "wsgiref", "imaplib", "smtplib", "poplib", "ftplib", "mailbox", "xml",
    # nor Node.js's sockets (pyodide.webloop.create_connection)
    "pyodide._nodesock_transport",
    # no packages installed: wheels, archives, their metadata (pyodide._package_loader,
    # shutil's archives, importlib's resource readers)
    "tarfile", "importlib.metadata", "importlib.resources", "importlib.readers", "py_compile",
    # no processes, threads or subinterpreters (concurrent.futures' executors)
    "multiprocessing", "concurrent.futures.process", "concurrent.futures.thread",
    "concurrent.futures.interpreter", "concurrent.interpreters", "queue",
    # no Windows (asyncio and encodings import these on Windows only)
    "asyncio.windows_events", "asyncio.windows_utils", "asyncio.proactor_events",
    "encodings._win_cp_codecs",
    # pure-Python stand-ins for what Pyodide builds in (asserted below)
    "_pydatetime", "_py_abc", "_threading_local",
    # imported where a failure is caught: tracemalloc by a warning's message
    # (and pickle by tracemalloc, or to refuse pickling a logger), difflib by
    # a syntax error's keyword suggestion
    "tracemalloc", "pickle", "difflib",
)
assert "_datetime" in sys.builtin_module_names and "_abc" in sys.builtin_module_names
assert hasattr(_thread, "_local")
# Text codecs a rare path looks up by name (json.loads of bytes detects
# UTF-8 with a BOM, UTF-16 or UTF-32; a text file opened as ASCII or Latin-1).
CODECS = ["encodings." + name for name in (
    "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le", "utf_32",
    "utf_32_be", "utf_32_le")]

stock = zipfile.ZipFile("/tmp/stdlib.zip")
stock.extractall("/tmp/lib")
with zipfile.ZipFile("/tmp/game.zip") as packed:
    packed.extractall("/tmp/page")
    game = [n[:-4].replace("/", ".").removesuffix(".__init__")
            for n in packed.namelist() if n.endswith(".pyc")]
seen = [line.strip() for line in open("/tmp/seen.txt").read().splitlines()
        if line.strip() and not line.startswith("#")]

stopped = [name for name in seen if any(name == n or name.startswith(n + ".") for n in NEVER)]
assert not stopped, f"the page imported these, which NEVER names: {stopped}"
# The page's script awaits at its top (static/page-worker.mjs runs it so): compiled as such.
modulefinder.compile = lambda source, path, mode: compile(
    source, path, mode, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
finder = modulefinder.ModuleFinder(path=["/tmp/page", "/tmp/lib"], excludes=list(NEVER))
for name in sorted({*started, *game, *scripts, *seen, *CODECS}):
    finder.import_hook(name)
files = {m.__file__.removeprefix("/tmp/lib/") for m in finder.modules.values()
         if (m.__file__ or "").startswith("/tmp/lib/")}
# Frozen into Pyodide: importlib's bootstrap goes by other names there.
frozen = {name for name in finder.modules if _imp.is_frozen(name)} | {
    name for name, module in sys.modules.items()
    if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"}
files -= {finder.modules[name].__file__.removeprefix("/tmp/lib/")
          for name in frozen if name in finder.modules}


def is_string(statement):
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


class Docstrings(ast.NodeTransformer):
    """Drops the docstring of every module, class and function."""

    def generic_visit(self, node):
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and is_string(body[0])):
            rest = body[1:]
            # a body left empty, or a string next that would become the docstring
            if not rest or is_string(rest[0]):
                rest.insert(0, ast.copy_location(ast.Pass(), body[0]))
            node.body = rest
        return node


with zipfile.ZipFile("/tmp/out.zip", "w") as dst:
    for name in sorted(files):
        source = stock.read(name)
        tree = Docstrings().visit(ast.parse(source, name))
        code = compile(tree, name, "exec", dont_inherit=True)
        # stored: the site sends the zip packed whole (allfives/site/pack.mjs)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        dst.writestr(zipfile.ZipInfo(name + "c", (1980, 1, 1, 0, 0, 0)), pyc)
`, { globals: scope });
scope.destroy();
fs.writeFileSync(out, FS.readFile("/tmp/out.zip"));

// Every module of the zip imports in a Pyodide that starts with it: NEVER cut
// no import a kept module makes when it is imported.
const check = await loadPyodide({ stdLibURL: path.resolve(out) });
const failed = check.runPython(`
import importlib, sys, zipfile
failed = []
for name in zipfile.ZipFile(sys._stdlib_dir).namelist():
    try:
        importlib.import_module(
            name.removesuffix(".pyc").replace("/", ".").removesuffix(".__init__"))
    except Exception as e:
        failed.append(f"{name}: {e!r}")
failed
`).toJs();
if (failed.length) {
  fs.rmSync(out);
  throw new Error(`${out} is no good: ${failed.join("; ")}`);
}
