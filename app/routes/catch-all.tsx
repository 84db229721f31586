import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell } from "~/components/app-shell";
import { SignedInErrorContent } from "~/components/error-page";
import { getCurrentSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { LandingPage } from "~/modules/marketing/landing";
import { landingPageData } from "~/modules/marketing/landing.server";
import { currentArea, labelOf } from "~/modules/navigation/areas";
import { areaName, isSignedInPath } from "~/modules/navigation/route-sets";

/**
 * The spec's route sets for every path without a screen of its own:
 * signed out, a signed-in page sends to /auth and anything else shows the sales page;
 * signed in, a known area not built yet says so, and anything else is a 404 page.
 * Outside the signed-in layout because a signed-out visitor gets the sales page here, not /auth;
 * the signed-in 404 shows the same content as the layout's error page.
 */
export const handle = { i18n: ["landing", "help"] };

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const session = await getCurrentSession(args);
  const known = isSignedInPath(url.pathname);
  if (!session) {
    if (known) throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    return data({ kind: "sales" as const, user: null, path: url.pathname, ...landingPageData(args) }, 404);
  }
  const user = toPublicUser(session);
  if (known) return { kind: "pending" as const, user, path: url.pathname };
  return data({ kind: "not-found" as const, user, path: url.pathname }, 404);
}

export default function CatchAll() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation(["common", "help"]);
  if (page.kind === "sales") return <LandingPage supportEmail={page.supportEmail} salesPhone={page.salesPhone} />;
  const { kind, user, path } = page;
  const area = currentArea(path);
  const label = area ? labelOf(area.labelKey) : null;
  const name = label ? t(label.key, { ns: label.ns }) : areaName(path);
  return (
    <AppShell user={user} needsWorkspace={kind === "pending"}>
      {kind === "pending" ? (
        <section>
          <h1 className="mt-0 text-2xl">{t("comingSoon.title", { area: name })}</h1>
          <p className="text-muted-foreground">{t("comingSoon.body")}</p>
        </section>
      ) : (
        <SignedInErrorContent status={404} sentence={t("notFound.body", { path })} reference={null} />
      )}
    </AppShell>
  );
}
