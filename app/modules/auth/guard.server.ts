import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { jsonResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import { loadSession, type CurrentSession } from "./session.server";

interface Args {
  request: Request;
  context: AppLoadContext;
}

// Keyed by the request itself, so only that request's own loaders ever await the pending read (ADR 0044).
// eslint-disable-next-line no-restricted-syntax
const cache = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The session the Worker already read for this request (the signed-in page cache, ADR 0043): loaders reuse it. */
export function rememberSession(request: Request, pending: Promise<CurrentSession | null>) {
  cache.set(request, pending);
}

/** The caller's session, resolved once per request however many loaders ask. */
export function getCurrentSession({ request, context }: Args): Promise<CurrentSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSession(getRequestContext(request, context).db, request);
    cache.set(request, pending);
  }
  return pending;
}

/** Where a person whose workspace requires a second factor sets one up; the page they are led to until they do. */
export const SECOND_FACTOR_SETUP_PATH = "/profile";
/**
 * What such a person may still call: their own account (sign-out, sessions, display choices, the factors
 * themselves under /api/auth/) and the switch to another workspace. Nothing that reads the workspace.
 */
const SETUP_ALLOWED_APIS = ["/api/auth/", "/api/logout", "/api/sessions", "/api/preferences", "/api/workspaces/switch"];

/** Signed-in pages: the server sends a signed-out visitor to /auth and brings them back afterwards. */
export async function requireSession(args: Args): Promise<CurrentSession> {
  const session = await getCurrentSession(args);
  const url = new URL(args.request.url);
  if (!session) {
    const back = url.pathname + url.search;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  if (session.secondFactorSetupFor && url.pathname !== SECOND_FACTOR_SETUP_PATH) {
    throw redirect(`${SECOND_FACTOR_SETUP_PATH}?secondFactor=required#second-factor`);
  }
  return session;
}

/** JSON endpoints answer 401 `{"message":"Unauthorized"}` (spec section 7) instead of redirecting. */
export async function requireApiSession(args: Args): Promise<CurrentSession> {
  const session = await getCurrentSession(args);
  if (!session) throw jsonResponse({ message: "Unauthorized" }, { status: 401 });
  const path = new URL(args.request.url).pathname;
  if (session.secondFactorSetupFor && !SETUP_ALLOWED_APIS.some((allowed) => path === allowed || path.startsWith(allowed))) {
    const t = getRequestContext(args.request, args.context).t;
    const error = t("secondFactor.errors.setupRequired", { workspace: session.secondFactorSetupFor.name });
    throw jsonResponse({ success: false, error, secondFactorSetupRequired: true }, { status: 403 });
  }
  return session;
}

export { safeRedirect } from "./safe-redirect";
