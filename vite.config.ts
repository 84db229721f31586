import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getLoadContext } from "./app/platform/load-context";
import { clientSourceMaps } from "./scripts/client-sourcemaps";
import { nodePrefixedBuiltins, serverSourceMaps } from "./scripts/server-sourcemaps";

/** A short hash of every translation file: the cache-busting query of /locales requests. */
function localesVersion(): string {
  const hash = createHash("sha256");
  const root = "public/locales";
  for (const lng of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, lng)).sort()) hash.update(`${lng}/${file}`).update(readFileSync(join(root, lng, file)));
  }
  return hash.digest("hex").slice(0, 10);
}

/** The build's id for error reports (issue 21): RELEASE if given, else the git commit, else the build's time. */
function releaseId(): string {
  if (process.env.RELEASE) return process.env.RELEASE.slice(0, 64);
  try {
    return execSync("git rev-parse --short=12 HEAD", { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return `build-${Date.now().toString(36)}`;
  }
}

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  define: {
    __LOCALES_VERSION__: JSON.stringify(localesVersion()),
    __RELEASE__: JSON.stringify(releaseId()),
    // The libraries bundled into the server build pick their production code (wrangler's bundling used to say so).
    ...(isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify(mode === "production" ? "production" : "development") } : {}),
  },
  plugins: [
    UnoCSS(),
    // Only the dev server needs wrangler's platform proxy; starting it during a build is wasted work.
    command === "serve" ? cloudflareDevProxyVitePlugin({ getLoadContext }) : null,
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    serverSourceMaps(),
    clientSourceMaps(),
    nodePrefixedBuiltins(),
  ],
  ssr: {
    // The server build is one self-contained module (its libraries included) that wrangler uploads unchanged, so
    // its source map holds for the runtime's stacks (scripts/server-sourcemaps.ts, ADR 0031).
    noExternal: command === "build" ? true : undefined,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    // The browser's code is minified; the Worker's keeps its names (its stacks group by function). Both have hidden
    // maps (no sourceMappingURL comment): the server's are written to build/server, the client's are taken out of the
    // bundle before it reaches the public build/client (scripts/client-sourcemaps.ts); both are trimmed into the
    // Worker's own modules. Remix's "Source maps are enabled in production" warning is about maps in build/client.
    minify: !isSsrBuild,
    sourcemap: "hidden",
    // The runtime's own modules (cloudflare:workers, for partyserver) stay imports in the self-contained server build.
    rollupOptions: isSsrBuild ? { external: [/^cloudflare:/] } : undefined,
  },
}));
