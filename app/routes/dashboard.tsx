import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { Dashboard } from "~/modules/dashboard/dashboard";
import { dashboardPageData } from "~/modules/dashboard/loader.server";
import { PortalLeadCard } from "~/modules/portal/components/dashboard-lead";
import { portalLead } from "~/modules/portal/portal.server";
import { getRequestContext } from "~/platform/request-context.server";
import { DASHBOARD_NAMESPACES } from "~/modules/registry";
import { useSignedInUser } from "~/routes/_app";

export const handle = { i18n: ["dashboard", "documents", "portal", ...DASHBOARD_NAMESPACES] };
export const meta: MetaFunction = () => [{ title: "Dashboard · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  // A beneficiary's dashboard leads to her portal first (issue 19); other roles' dashboards are unchanged.
  const [page, lead] = await Promise.all([dashboardPageData(args, session), portalLead(getRequestContext(args.request, args.context).db, session)]);
  return { ...page, lead };
}

export default function DashboardRoute() {
  const { data, trialEndsAt, lead } = useLoaderData<typeof loader>();
  const user = useSignedInUser();
  return <Dashboard user={user} data={data} trialEndsAt={trialEndsAt} lead={lead ? <PortalLeadCard lead={lead} /> : null} />;
}
