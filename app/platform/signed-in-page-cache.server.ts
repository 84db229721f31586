import { rememberSession } from "~/modules/auth/guard.server";
import { loadSession, readSessionToken, sessionCookieName } from "~/modules/auth/session.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import type { Db } from "./db.server";
import { KeptPages } from "./kept-pages.server";

/**
 * The signed-in pages a family opens most, kept rendered in the isolate (ADR 0043). A kept answer is served only to
 * the same session, in the same workspace, while the workspace's data_version and the person's are what they were
 * when it was rendered: D1 triggers raise them on every write to the workspace's rows, the person's memberships or
 * the workspace itself (migration 0029), whoever wrote it. The versions come with the session lookup every request
 * makes anyway, so a kept page costs one query. What changes with time alone (due dates, "3 minutes ago") is at most
 * SIGNED_IN_PAGE_TTL_MS old.
 */
export const SIGNED_IN_PAGE_PATHS: ReadonlySet<string> = new Set([
  // The dashboard, signed in at / and /dashboard, as a document and as a client navigation's data.
  "/",
  "/_root.data",
  "/dashboard",
  "/dashboard.data",
  "/api/legal/documents/recent",
]);
export const SIGNED_IN_PAGE_TTL_MS = 30_000;

const kept = new KeptPages({
  ttlMs: SIGNED_IN_PAGE_TTL_MS,
  maxEntries: 256,
  maxBytes: 24 * 1024 * 1024,
  types: ["text/html", "text/x-script", "application/json"],
});

/**
 * The key this request's answer is kept under, or null when it is not one we keep. Reads the session (and hands it
 * to the loaders, so a render reads it once).
 */
export async function signedInPageKey(request: Request, db: Db): Promise<string | null> {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!SIGNED_IN_PAGE_PATHS.has(url.pathname) || !readSessionToken(request)) return null;
  const pending = loadSession(db, request);
  rememberSession(request, pending);
  const session = await pending;
  if (!session?.workspace || session.workspaceDataVersion === undefined) return null;
  return [
    url.pathname + url.search,
    session.sessionId,
    session.user.id,
    session.user.dataVersion,
    session.workspace.id,
    session.workspace.role,
    session.workspaceDataVersion,
    session.hasSecondFactor ? "2fa" : "",
    JSON.stringify(resolveDisplayPreferences(request, session.user)),
    // Any other cookie (a dismissed tip, a theme) may change the page; the session's own is stood for by its id.
    otherCookies(request, sessionCookieName(url.protocol === "https:")),
  ].join("\n");
}

export function serveSignedInPage(key: string, nonce: string, now = Date.now()): Response | null {
  return kept.serve(key, nonce, now);
}

export function keepSignedInPage(key: string, response: Response, nonce: string, now = Date.now()): Promise<Response> {
  return kept.keep(key, response, nonce, now);
}

function otherCookies(request: Request, sessionCookie: string): string {
  const header = request.headers.get("Cookie") ?? "";
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair && pair.slice(0, pair.indexOf("=")) !== sessionCookie)
    .sort()
    .join(";");
}
