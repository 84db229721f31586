import type { PlatformProxy } from "wrangler";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Per-request CSP nonce, set by the Worker (or the vite dev proxy) and used by entry.server.tsx. */
    cspNonce: string;
  }
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Used by the vite dev server; the production Worker builds the same context in workers/app.ts. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }) {
  return { cloudflare: context.cloudflare, cspNonce: createNonce() };
}
