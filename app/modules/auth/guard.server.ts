import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { jsonResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import { loadSession, type CurrentSession } from "./session.server";

interface Args {
  request: Request;
  context: AppLoadContext;
}

const cache = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The caller's session, resolved once per request however many loaders ask. */
export function getCurrentSession({ request, context }: Args): Promise<CurrentSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSession(getRequestContext(request, context).db, request);
    cache.set(request, pending);
  }
  return pending;
}

/** Signed-in pages: the server sends a signed-out visitor to /auth and brings them back afterwards. */
export async function requireSession(args: Args): Promise<CurrentSession> {
  const session = await getCurrentSession(args);
  if (!session) {
    const url = new URL(args.request.url);
    const back = url.pathname + url.search;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  return session;
}

/** JSON endpoints answer 401 `{"message":"Unauthorized"}` (spec section 7) instead of redirecting. */
export async function requireApiSession(args: Args): Promise<CurrentSession> {
  const session = await getCurrentSession(args);
  if (!session) throw jsonResponse({ message: "Unauthorized" }, { status: 401 });
  return session;
}

export { safeRedirect } from "./safe-redirect";
