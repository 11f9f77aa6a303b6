// Pack files as the site sends them: each FILE beside itself as FILE.zst,
// Zstandard at level 19, by the Python of the pinned Pyodide
// (compression.zstd; no other tool is needed than what compiles the
// bytecode). The page's workers unpack them with static/vendor/fzstd.mjs
// (static/packed.mjs).
//
//     node allfives/site/pack.mjs FILE...
//
// Why: the game's package and the standard library are zips of bytecode,
// which no host compresses again (GitHub Pages gzips text, JavaScript and
// wasm, not a zip). A zip that stores its files and is packed whole is
// 0.44 MB smaller than one deflating each file (stdlib.zip 0.98 MB -> 0.73,
// allfives.zip 0.48 -> 0.29): one compressor sees every file, with a window
// far wider than gzip's.
import { loadPyodide } from "pyodide";
import fs from "node:fs";

const LEVEL = 19; // zstd -19, the highest before "ultra" (whose wider windows gain nothing here)

const files = process.argv.slice(2);
const pyodide = await loadPyodide();
const scope = pyodide.toPy({ level: LEVEL });
try {
  for (const file of files) {
    pyodide.FS.writeFile("/tmp/in", fs.readFileSync(file));
    pyodide.runPython(`
from compression import zstd
with open("/tmp/in", "rb") as f:
    data = f.read()
with open("/tmp/out", "wb") as f:
    f.write(zstd.compress(data, level=level))
`, { globals: scope });
    fs.writeFileSync(`${file}.zst.tmp`, pyodide.FS.readFile("/tmp/out"));
    fs.renameSync(`${file}.zst.tmp`, `${file}.zst`);
  }
} finally {
  scope.destroy();
}
