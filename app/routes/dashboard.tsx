import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { requireSession } from "~/modules/auth/guard.server";
import { Dashboard } from "~/modules/dashboard/dashboard";
import { dashboardPageData } from "~/modules/dashboard/loader.server";

export const handle = { i18n: ["dashboard", "documents"] };
export const meta: MetaFunction = () => [{ title: "Dashboard · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  return dashboardPageData(args, await requireSession(args));
}

export default function DashboardRoute() {
  const { user, data, trialEndsAt } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Dashboard user={user} data={data} trialEndsAt={trialEndsAt} />
    </AppShell>
  );
}
