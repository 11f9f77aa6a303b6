// The files the site sends packed (allfives/site/pack.mjs: Zstandard), as
// the page's workers unpack them: the game's package (allfives.zip.zst) and
// the standard library Pyodide starts with (stdlib.zip.zst), zips that no
// host would compress (0.44 MB less to send than zips deflating each file).
// The decoder is fzstd (static/vendor/fzstd.mjs, MIT, pinned in package.json).
import { decompress } from "./vendor/fzstd.mjs";

// A packed file's bytes unpacked; an Error naming `url` if they are not one.
export function unpack(bytes, url) {
  try {
    return decompress(new Uint8Array(bytes));
  } catch (error) {
    throw new Error(`${url} could not be unpacked (${error.message ?? error})`);
  }
}

// While `run` runs, a fetch of one of `answers`' URLs is answered by its
// function (a promise of a Response), not the network. Pyodide fetches its
// standard library itself (loadPyodide's stdLibURL) and has no option to be
// handed its bytes.
export async function answering(answers, run) {
  const plain = globalThis.fetch;
  globalThis.fetch = (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    return Object.hasOwn(answers, url) ? answers[url]() : plain(resource, init);
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = plain;
  }
}

export function zipResponse(bytes) {
  return new Response(bytes, { headers: { "content-type": "application/zip" } });
}

// The game's package, packed (allfives.zip.zst), written into Python's
// working directory, where its imports find it: what
// pyodide.unpackArchive(zip, "zip", { extractDir: "./" }) does, without the
// Python it runs for it (shutil and zipfile imported, each file copied
// through a temporary file), 45-65 ms of a return visit here. The zip stores
// its files (allfives/site/bundle.py), so they are read in place; a zip
// that does not, or names a file outside the directory, is an Error naming `url`.
export function extractPackage(pyodide, packed, url) {
  const { FS } = pyodide;
  const cwd = FS.cwd();
  const made = new Set();
  for (const [name, bytes] of storedFiles(unpack(packed, url), url)) {
    const path = `${cwd}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    if (!name.endsWith("/")) FS.writeFile(path, bytes);
  }
}

// A zip's entries ([name, bytes]), each stored (method 0), read from its
// central directory (APPNOTE.TXT 4.3: the end record, then a header per entry).
function storedFiles(zip, url) {
  const fail = (why) => new Error(`${url}: ${why}`);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22; // the end record, with no comment after it
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw fail("not a zip");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw fail("a broken zip");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0 || size !== view.getUint32(at + 24, true)) throw fail(`${name} is not stored`);
    if (name.startsWith("/") || name.split("/").includes("..")) throw fail(`${name} is outside`);
    if (local + 30 > end || view.getUint32(local, true) !== 0x04034b50) throw fail("a broken zip");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > end) throw fail("a broken zip");
    files.push([name, zip.subarray(start, start + size)]);
    at += 46 + skip;
  }
  return files;
}
