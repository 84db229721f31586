// The browser's source maps (ADR 0031, amended): the client build is written with hidden maps, but build/client is
// served to everyone, so this Vite plugin takes every chunk's map out of the bundle before it is written (no .map
// file reaches build/client, and hidden maps leave no sourceMappingURL comment in the code) and writes them, trimmed
// to our own sources as the server's are, as workers/generated/client-maps.js: keyed by the asset's path as the
// browser's frames name it (assets/route-abc123.js), and read by the Worker on the first browser report with a stack.
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { trimMap, writeMapsModule } from "./server-sourcemaps";

export const CLIENT_MAPS_FILE = "client-maps.js";

/** A Vite plugin for the client build only (build.sourcemap "hidden", vite.config.ts). */
export function clientSourceMaps(): Plugin {
  let ssr = false;
  let root = process.cwd();
  return {
    name: "trust-platform:client-sourcemaps",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      root = config.root;
    },
    // Before the bundle is written: the maps are dropped from it, never written then deleted.
    generateBundle(options, bundle) {
      if (ssr) return;
      const outDir = options.dir ?? join(root, "build/client");
      const maps: Record<string, ReturnType<typeof trimMap>> = {};
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type === "chunk" && item.map) maps[fileName] = trimMap(item.map, dirname(join(outDir, fileName)), root);
      }
      for (const fileName of Object.keys(bundle)) if (fileName.endsWith(".map")) delete bundle[fileName];
      // Chunks with none of our code left (the libraries' own) are not kept.
      for (const [fileName, map] of Object.entries(maps)) if (map.sources.length === 0) delete maps[fileName];
      writeMapsModule(root, CLIENT_MAPS_FILE, maps, "scripts/client-sourcemaps.ts");
    },
  };
}
