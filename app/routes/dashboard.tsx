import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { Dashboard } from "~/modules/dashboard/dashboard";
import { dashboardPageData } from "~/modules/dashboard/loader.server";
import { DASHBOARD_NAMESPACES } from "~/modules/registry";
import { useSignedInUser } from "~/routes/_app";

export const handle = { i18n: ["dashboard", "documents", ...DASHBOARD_NAMESPACES] };
export const meta: MetaFunction = () => [{ title: "Dashboard · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  return dashboardPageData(args, await requireSession(args));
}

export default function DashboardRoute() {
  const { data, trialEndsAt } = useLoaderData<typeof loader>();
  const user = useSignedInUser();
  return <Dashboard user={user} data={data} trialEndsAt={trialEndsAt} />;
}
