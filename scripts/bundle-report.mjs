// The JavaScript each route makes a browser download up front (issue 25), read from the built Remix manifest
// (build/client/assets/manifest-*.js): the entry module and its imports, then the route module and its imports for
// the route and every parent (root first), de-duplicated, each file gzipped. Dynamic imports (lazy parts) are not in
// it: they load when used. Inline scripts (the manifest, the loader data, the theme script; 2-4 KB) are not counted
// here; scripts/bench.mjs measures them with the page's HTML.
//
//   node scripts/bundle-report.mjs                 every route with a browser module, heaviest first
//   node scripts/bundle-report.mjs root/auth routes/dashboard --files   the named routes, with their files
//   node scripts/bundle-report.mjs --json          the same as JSON
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const CLIENT_DIR = "build/client";

/** The built manifest: { entry: { module, imports }, routes: { [id]: { module, imports, parentId } } }. */
export function readManifest(clientDir = CLIENT_DIR) {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No Remix manifest in ${assets}: build first (npm run build)`);
  const text = readFileSync(join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The route and its parents, root first. */
function chain(manifest, id) {
  const ids = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) ids.unshift(route.id);
  return ids;
}

/** The files a page of this route loads up front, in order, without repeats. */
export function routeFiles(manifest, id) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const routeId of chain(manifest, id)) {
    const route = manifest.routes[routeId];
    if (!route.module) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Per route: its files with their gzipped sizes, and the total in KB. */
export function bundleReport({ clientDir = CLIENT_DIR, routes } = {}) {
  const manifest = readManifest(clientDir);
  const sizes = new Map();
  const gzipped = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(clientDir, file))).length);
    return sizes.get(file);
  };
  // Resource routes (the API under /api) never render a page.
  const ids = routes ?? Object.keys(manifest.routes).filter((id) => !/^api(\/|$)/.test(manifest.routes[id].path ?? ""));
  return ids.map((id) => {
    if (!manifest.routes[id]) throw new Error(`No route "${id}" in the manifest (ids look like root, routes/dashboard)`);
    const files = routeFiles(manifest, id).map((file) => ({ file, gzipBytes: gzipped(file) }));
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { route: id, path: manifest.routes[id].path ?? "", files, gzipKB: Number((gzipBytes / 1024).toFixed(1)) };
  });
}

/** The report as lines of text, heaviest first; with files, each route's files too. */
export function formatReport(report, { files = false } = {}) {
  const lines = [];
  for (const r of [...report].sort((a, b) => b.gzipKB - a.gzipKB)) {
    lines.push(`${String(r.gzipKB).padStart(6)} KB gz  ${String(r.files.length).padStart(3)} files  ${r.route}`);
    if (files)
      for (const f of [...r.files].sort((a, b) => b.gzipBytes - a.gzipBytes))
        lines.push(`          ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const routes = args.filter((a) => !a.startsWith("--"));
  const report = bundleReport({ routes: routes.length ? routes : undefined });
  if (args.includes("--json")) console.log(JSON.stringify(report, null, 2));
  else console.log(formatReport(report, { files: args.includes("--files") }));
}
