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

// While `run` runs, a fetch of one of `urls` (packed files) is answered by
// `answer(response, url)`: the file unpacked (by default, `unpacked`).
// Pyodide fetches its standard library itself (loadPyodide's stdLibURL) and
// has no option to be handed its bytes.
export async function answeringUnpacked(urls, run, answer = unpacked) {
  const plain = globalThis.fetch;
  globalThis.fetch = async (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    const response = await plain(resource, init);
    if (!urls.includes(url) || !response.ok) return response;
    return answer(response, url);
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = plain;
  }
}

// A fetched zip's response, unpacked.
export async function unpacked(response, url) {
  return zipResponse(unpack(await response.arrayBuffer(), url));
}

export function zipResponse(bytes) {
  return new Response(bytes, { headers: { "content-type": "application/zip" } });
}
