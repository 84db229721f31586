import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { getCurrentSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { Dashboard } from "~/modules/dashboard/dashboard";
import { LandingPage } from "~/modules/marketing/landing";

/** "/" is the dashboard when signed in and the sales page when signed out (spec section 2). */
export async function loader(args: LoaderFunctionArgs) {
  const session = await getCurrentSession(args);
  if (!session) return { user: null, trialEndsAt: null };
  return { user: toPublicUser(session), trialEndsAt: session.workspace?.trialEndsAt?.toISOString() ?? null };
}

export default function Home() {
  const { user, trialEndsAt } = useLoaderData<typeof loader>();
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <Dashboard user={user} trialEndsAt={trialEndsAt} />
    </AppShell>
  );
}
