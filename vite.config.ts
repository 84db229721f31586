import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getLoadContext } from "./app/platform/load-context";

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

export default defineConfig(({ command }) => ({
  define: { __LOCALES_VERSION__: JSON.stringify(localesVersion()), __RELEASE__: JSON.stringify(releaseId()) },
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
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
  },
}));
