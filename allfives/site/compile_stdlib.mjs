// The standard library the game's Pyodide starts with (static/vendor/stdlib.zip,
// made by scripts/vendor.py): Pyodide's python_stdlib.zip holds sources only,
// so every start compiles the ~150 modules Pyodide and the game import (about
// two thirds of Python's start-up in the page). Here, run by Node.js with the
// pinned Pyodide, those modules are compiled once, to the page's own Python
// version's bytecode (unchecked hash: no timestamp, the same zip every build;
// no column tables, PYTHONNODEBUGRANGES). The other modules stay sources, as
// Pyodide ships them, so nothing a rarer path imports is missing; what no
// page can use (the REPL, debuggers, test runners, mail clients, servers,
// processes, XML, the text codecs of other scripts than Latin and Unicode) is
// left out, which more than pays for the bytecode's extra bytes.
//
//     node allfives/site/compile_stdlib.mjs OUT.zip GAME.zip
//
// GAME.zip is the package the page unpacks (allfives.zip): its modules are
// imported to find what the game needs.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [out, game] = process.argv.slice(2);
const pyodideDir = path.dirname(createRequire(import.meta.url).resolve("pyodide"));
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/stdlib.zip", fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));
pyodide.FS.writeFile("/tmp/game.zip", fs.readFileSync(game));
const scope = pyodide.toPy({});
pyodide.runPython(`
import importlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

LEFT_OUT = ("_pyrepl/", "pdb.py", "doctest.py", "pydoc.py", "pydoc_data/", "unittest/",
            "idlelib/", "turtle.py", "turtledemo/", "xmlrpc/", "wsgiref/", "imaplib.py",
            "smtplib.py", "poplib.py", "ftplib.py", "mailbox.py", "__phello__/", "test/",
            "multiprocessing/", "xml/")  # no processes in a page; nothing here reads XML
# Text codecs kept besides those imported: Unicode, Latin-1 and the byte codecs.
CODECS = ("encodings/ascii.py", "encodings/latin_1.py", "encodings/utf_", "encodings/idna.py",
          "encodings/punycode.py", "encodings/raw_unicode_escape.py",
          "encodings/unicode_escape.py", "encodings/charmap.py", "encodings/base64_codec.py",
          "encodings/hex_codec.py", "encodings/cp1252.py", "encodings/cp437.py",
          "encodings/iso8859_1.py", "encodings/iso8859_15.py")

# What Pyodide's start and the game import: the game's modules that import
# without a page (those that need one import the same engine and stdlib).
zipfile.ZipFile("/tmp/game.zip").extractall("/tmp/game")
sys.path.insert(0, "/tmp/game")
for name in ["asyncio", "json", "gettext", "pyodide.ffi", "pyodide.http", "pyodide.webloop"] + [
        n[:-4].replace("/", ".").removesuffix(".__init__")
        for n in zipfile.ZipFile("/tmp/game.zip").namelist() if n.endswith(".pyc")]:
    try:
        importlib.import_module(name)
    except Exception:
        pass
stdlib = "/lib/python314.zip/"
hot = {m.__file__.removeprefix(stdlib) for m in list(sys.modules.values())
       if (getattr(m, "__file__", None) or "").startswith(stdlib)}

src = zipfile.ZipFile("/tmp/stdlib.zip")
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as dst:
    for info in src.infolist():
        name, data = info.filename, src.read(info)
        if name.startswith(LEFT_OUT) or (name.startswith("encodings/") and name not in hot
                                         and name.endswith(".py") and not name.startswith(CODECS)):
            continue
        if name in hot:
            code = compile(data, name, "exec", dont_inherit=True)
            data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            name += "c"
        entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(entry, data)
`, { globals: scope });
scope.destroy();
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
