import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { STORAGE_KEYS } from "~/modules/preferences/storage-keys";
import { KeptPages } from "./kept-pages.server";

/**
 * The signed-out pages everyone sees alike (the landing page, the sign-in page), kept rendered for a minute in the
 * isolate (ADR 0042). A visit is served from it only when nothing about the visitor could change the page: a GET
 * with no cookie but the display preferences, which are part of the key with the address and the language the page is read in.
 */
export const PUBLIC_PAGE_PATHS: ReadonlySet<string> = new Set(["/", "/auth"]);
export const PUBLIC_PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 64; // pages × languages × themes × dark mode in use at once; the oldest goes first
const PREFERENCE_COOKIES: ReadonlySet<string> = new Set(Object.values(STORAGE_KEYS));

const kept = new KeptPages({ ttlMs: PUBLIC_PAGE_TTL_MS, maxEntries: MAX_ENTRIES, maxBytes: 8 * 1024 * 1024, types: ["text/html"] });

/** The key a visit's page is kept under, or null when the visit may see something of its own. */
export function publicPageKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!PUBLIC_PAGE_PATHS.has(url.pathname)) return null;
  const cookies = request.headers.get("Cookie");
  const preferences: string[] = [];
  for (const pair of cookies ? cookies.split(";") : []) {
    const equals = pair.indexOf("=");
    const name = (equals < 0 ? pair : pair.slice(0, equals)).trim();
    if (!name) continue;
    if (!PREFERENCE_COOKIES.has(name)) return null; // a session, a pending sign-in, anything else: rendered afresh
    preferences.push(pair.trim());
  }
  // Remix answers a client navigation's data request (?_data, .data) differently; those are not kept.
  if (url.searchParams.has("_data")) return null;
  // The language as the page will read it (Accept-Language has countless spellings of a few languages).
  return [url.pathname + url.search, preferences.sort().join(";"), resolveDisplayPreferences(request).language].join("\n");
}

/** The kept page with this answer's nonce, or null. */
export function servePublicPage(key: string, nonce: string, now = Date.now()): Response | null {
  return kept.serve(key, nonce, now);
}

/** Keeps a freshly rendered page when it is plain HTML for anyone (200, no cookie set), and answers with it. */
export function keepPublicPage(key: string, response: Response, nonce: string, now = Date.now()): Promise<Response> {
  return kept.keep(key, response, nonce, now);
}
