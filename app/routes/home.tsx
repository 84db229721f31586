import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { getCurrentSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { Dashboard } from "~/modules/dashboard/dashboard";
import { dashboardPageData } from "~/modules/dashboard/loader.server";
import { LandingPage } from "~/modules/marketing/landing";
import { landingPageData } from "~/modules/marketing/landing.server";

export const handle = { i18n: ["dashboard", "landing", "documents", "help"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.kind === "landing" ? "Legal Document Platform · Family trust administration" : "Dashboard · Legal Document Platform" },
];

/**
 * "/" is the dashboard when signed in and the sales page when signed out (spec section 2), so it is not
 * under the signed-in layout and draws the shell itself.
 */
export async function loader(args: LoaderFunctionArgs) {
  const session = await getCurrentSession(args);
  if (!session) return { kind: "landing" as const, ...landingPageData(args) };
  return { kind: "dashboard" as const, user: toPublicUser(session), ...(await dashboardPageData(args, session)) };
}

export default function Home() {
  const page = useLoaderData<typeof loader>();
  if (page.kind === "landing") return <LandingPage {...page} />;
  return (
    <AppShell user={page.user}>
      <Dashboard user={page.user} data={page.data} trialEndsAt={page.trialEndsAt} />
    </AppShell>
  );
}
