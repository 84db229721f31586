import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { getCurrentSession } from "~/modules/auth/guard.server";
import { logout } from "~/modules/auth/service.server";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { getRequestContext } from "~/platform/request-context.server";

/** Ends the server session, clears the cookie and returns to the landing page. */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const session = await getCurrentSession(args);
  if (session) {
    await logout(ctx, { sessionId: session.sessionId, userId: session.user.id, workspaceId: session.workspace?.id });
  }
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(ctx.secure), "Cache-Control": "no-store" } });
}
