import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_MODULES } from "~/modules/help/topics";
import { labelOf } from "~/modules/navigation/areas";
import type { SignedInPageHandle } from "~/routes/_app";

export const handle = { i18n: ["help"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Modules · Legal Document Platform" }];

/** /modules: every area of the product with its route, and whether its screen is available yet. */
export default function ModulesRoute() {
  const { t } = useTranslation("help");
  return (
    <>
      <h1 className="m-0 text-2xl">{t("modules.title")}</h1>
      <p className="text-muted-foreground">{t("modules.intro")}</p>
      <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3" data-testid="module-list">
        {PRODUCT_MODULES.map((m) => (
          <li key={m.path} className="flex flex-col gap-1 rounded-lg border border-solid border-border bg-card p-4">
            <Link to={m.path} className="font-semibold">
              {t(labelOf(m.labelKey).key, { ns: labelOf(m.labelKey).ns })}
            </Link>
            <code className="text-xs text-muted-foreground">{m.path}</code>
            <span className="text-xs">{m.ready ? t("modules.ready") : t("modules.building")}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
