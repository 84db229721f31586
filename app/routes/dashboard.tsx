import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { requireSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { Dashboard } from "~/modules/dashboard/dashboard";

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  return { user: toPublicUser(session), trialEndsAt: session.workspace?.trialEndsAt?.toISOString() ?? null };
}

export default function DashboardRoute() {
  const { user, trialEndsAt } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Dashboard user={user} trialEndsAt={trialEndsAt} />
    </AppShell>
  );
}
