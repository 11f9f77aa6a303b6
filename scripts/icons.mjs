// Render static/icon.svg to the app's PNG icons (allfives/site/icons.py
// lists them; scripts/vendor.py runs this). resvg as WebAssembly
// (@resvg/resvg-wasm, pinned in package.json): no native binary, so the same
// pixels on any machine Node.js runs on.
//
//   node scripts/icons.mjs SOURCE.svg OUT_DIR '[["icon-192.png",192,"any"],...]' SCALE
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { crc32, deflateSync, inflateSync } from "node:zlib";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const [source, out, list, maskableScale] = process.argv.slice(2);
const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));

const svg = readFileSync(source, "utf8");
// A maskable icon: the whole square filled with the icon's own background,
// the drawing shrunk into the safe zone in the middle.
function maskable(text, scale) {
  const viewBox = /viewBox="([^"]+)"/.exec(text)[1].split(/\s+/).map(Number);
  const [x, y, w, h] = viewBox;
  const fill = /<rect[^>]*fill="([^"]+)"/.exec(text)[1];
  const inner = text.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  const dx = x + (w * (1 - scale)) / 2, dy = y + (h * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox.join(" ")}">` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>` +
    `<g transform="translate(${dx} ${dy}) scale(${scale})">${inner}</g></svg>`;
}

// The PNG with its pixels deflated at zlib's highest level: resvg uses the
// default, and a first visit keeps all three icons for offline use (37.7 kB
// as rendered, 33.2 kB so).
function deflatedBest(png) {
  const chunks = [];
  const pixels = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === "IDAT") pixels.push(data);
    else chunks.push([type, data]);
    at += 12 + length;
  }
  const idat = deflateSync(inflateSync(Buffer.concat(pixels)), { level: 9 });
  chunks.splice(chunks.findIndex(([type]) => type === "IEND"), 0, ["IDAT", idat]);
  return Buffer.concat([png.subarray(0, 8), ...chunks.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, "latin1");
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, sum]);
  })]);
}

mkdirSync(out, { recursive: true });
for (const [name, size, purpose] of JSON.parse(list)) {
  const drawing = purpose === "maskable" ? maskable(svg, Number(maskableScale)) : svg;
  const png = new Resvg(drawing, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(join(out, name), deflatedBest(Buffer.from(png)));
}
