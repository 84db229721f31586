import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { useDay } from "../components/dates";
import { ItemList, ItemsTruncated } from "../components/item-list";
import { complianceT } from "../i18n.server";
import { runPageCommand } from "../page-action.server";
import { itemCommands } from "../page-commands.server";
import { multiJurisdictionPage } from "../page.server";

export const handle = { i18n: ["compliance", "tax"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Multi-Jurisdiction Compliance · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    return await multiJurisdictionPage(ctx.db, session);
  } catch (error) {
    throwAsResponse(error, complianceT(args.request));
  }
}

export const action = (args: ActionFunctionArgs) => runPageCommand(args, itemCommands);

const panel = "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5";

export default function MultiJurisdictionPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("compliance");
  // The engine's reasons carry codes and ISO days; people read the event's and the trust type's words and a date.
  const day = useDay();
  const readable = (params: Record<string, string | number>) =>
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => {
        if (name === "event") return [name, t(`events.types.${value}`, { defaultValue: String(value) })];
        if (name === "type") return [name, t(`trustTypes.${value}`, { defaultValue: String(value) })];
        if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return [name, day(value)];
        return [name, value];
      }),
    );

  const shown = [...new Set(["US", ...page.jurisdictions])].filter((code) => !page.unknownJurisdictions.includes(code));
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("multi.title")}</h1>
        <p className="m-0 text-muted-foreground">
          {t("multi.subtitle", { jurisdictions: shown.map((code) => t(`jurisdictions.${code}`, { defaultValue: code })).join(", ") })}{" "}
          <Link to="/trust-administration">{t("multi.changeJurisdictions")}</Link>
        </p>
      </header>
      {page.unknownJurisdictions.length > 0 ? (
        <p role="status" className="m-0 rounded-md border border-solid border-amber-500 p-3 text-sm" data-testid="unknown-jurisdictions">
          {t("rules.noPack", { codes: page.unknownJurisdictions.join(", ") })}
        </p>
      ) : null}
      {page.truncated ? <ItemsTruncated limit={page.limit} /> : null}
      {shown.map((code) => {
        const verdicts = page.verdicts.filter((v) => v.jurisdiction === code);
        const items = page.items.filter((item) => item.jurisdiction === code || item.also.some((a) => a.jurisdiction === code));
        return (
          <section key={code} aria-labelledby={`pack-${code}`} className={panel} data-testid={`pack-${code}`}>
            <h2 id={`pack-${code}`} className="m-0 text-lg">
              {t(`jurisdictions.${code}`, { defaultValue: code })}
            </h2>
            <ul className="m-0 grid list-none gap-2 p-0">
              {verdicts.map((verdict) => (
                <li
                  key={verdict.ruleId}
                  className="grid gap-0.5 rounded-md border border-solid border-border p-2"
                  data-testid="rule-verdict"
                  data-applies={verdict.applies}
                >
                  <span>
                    <strong>{verdict.applies ? t("multi.applies") : t("multi.notApplies")}</strong> · {t(verdict.titleKey)}
                  </span>
                  <span className="text-sm text-muted-foreground">{t(verdict.reasonKey, readable(verdict.reasonParams ?? {}))}</span>
                  <a href={verdict.sourceUrl} target="_blank" rel="noreferrer noopener" className="text-sm underline">
                    {verdict.citation}
                  </a>
                </li>
              ))}
            </ul>
            <h3 className="m-0 text-base">{t("multi.duties")}</h3>
            <ItemList items={items} canManage={page.access.manage} empty={t("multi.noDuties")} testId={`items-${code}`} />
          </section>
        );
      })}
    </div>
  );
}
