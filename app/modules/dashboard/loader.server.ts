import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { CurrentSession } from "~/modules/auth/session.server";
import { getRequestContext } from "~/platform/request-context.server";
import { loadDashboard } from "./service.server";

/** What the dashboard route (at / and /dashboard) hands to the page. */
export async function dashboardPageData(args: LoaderFunctionArgs, session: CurrentSession) {
  const data = await loadDashboard(getRequestContext(args.request, args.context), session);
  return {
    data,
    trialEndsAt: session.workspace?.trialEndsAt?.toISOString() ?? null,
  };
}
