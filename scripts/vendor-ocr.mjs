// Copies what in-browser OCR needs (tesseract.js worker, its WebAssembly core and the English
// language data) from node_modules into public/vendor/tesseract, so the browser loads it from us,
// never from a CDN. Run by `npm run build`; the folder is generated, not committed.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const target = "public/vendor/tesseract";
const copies = [
  ["node_modules/tesseract.js/dist/worker.min.js", join(target, "worker.min.js")],
  // The LSTM engine cores (plain, SIMD and relaxed SIMD); tesseract.js picks the one the browser supports.
  ...readdirSync("node_modules/tesseract.js-core")
    .filter((name) => /-lstm\.wasm\.js$/.test(name))
    .map((name) => [join("node_modules/tesseract.js-core", name), join(target, "core", name)]),
  ["node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz", join(target, "lang", "eng.traineddata.gz")],
];

let copied = 0;
for (const [from, to] of copies) {
  mkdirSync(join(to, ".."), { recursive: true });
  if (existsSync(to) && statSync(to).size === statSync(from).size && statSync(to).mtimeMs >= statSync(from).mtimeMs) continue;
  copyFileSync(from, to);
  copied++;
}
console.log(`OCR files in ${target}: ${copies.length} (${copied} copied)`);
