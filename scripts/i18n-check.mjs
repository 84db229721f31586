// Lists translation keys that English has and a fully translated language lacks (and stale extras).
// Usage: node scripts/i18n-check.mjs [lng…]   Exit code 1 when anything is missing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const FULL = ["es", "fr", "de", "ja", "zh"];
const root = "public/locales";
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : FULL;
const placeholders = (s) =>
  [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");
let problems = 0;
for (const file of readdirSync(join(root, "en")).sort()) {
  const en = JSON.parse(readFileSync(join(root, "en", file), "utf8"));
  for (const lng of wanted) {
    const path = join(root, lng, file);
    const other = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
    const missing = Object.keys(en).filter((k) => typeof other[k] !== "string" || other[k].trim() === "");
    const extra = Object.keys(other).filter((k) => !(k in en));
    const badPlaceholders = Object.keys(en).filter((k) => typeof other[k] === "string" && placeholders(other[k]) !== placeholders(en[k]));
    for (const [label, keys] of [
      ["missing", missing],
      ["extra", extra],
      ["placeholders differ", badPlaceholders],
    ]) {
      if (keys.length) {
        problems += keys.length;
        console.log(`${lng}/${file}: ${keys.length} ${label}: ${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", …" : ""}`);
      }
    }
  }
}
if (problems) process.exit(1);
console.log(`All ${wanted.join(", ")} translations are complete.`);
