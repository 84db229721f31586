import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell } from "~/components/app-shell";
import { requireSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { PRODUCT_MODULES } from "~/modules/help/topics";

export const handle = { i18n: ["help"] };
export const meta: MetaFunction = () => [{ title: "Modules · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  return { user: toPublicUser(await requireSession(args)) };
}

/** /modules: every area of the product with its route, and whether its screen is available yet. */
export default function ModulesRoute() {
  const { user } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return (
    <AppShell user={user} needsWorkspace={false}>
      <h1 className="m-0 text-2xl">{t("modules.title")}</h1>
      <p className="text-muted-foreground">{t("modules.intro")}</p>
      <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3" data-testid="module-list">
        {PRODUCT_MODULES.map((m) => (
          <li key={m.path} className="flex flex-col gap-1 rounded-lg border border-solid border-border bg-card p-4">
            <Link to={m.path} className="font-semibold">
              {t(`module.${m.id}`)}
            </Link>
            <code className="text-xs text-muted-foreground">{m.path}</code>
            <span className="text-xs">{m.ready ? t("modules.ready") : t("modules.building")}</span>
          </li>
        ))}
      </ul>
    </AppShell>
  );
}
