import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { EventsPanel } from "../components/events-panel";
import { ItemList, ItemsTruncated } from "../components/item-list";
import { ProfilePanel } from "../components/profile-panel";
import { complianceT } from "../i18n.server";
import { runPageCommand } from "../page-action.server";
import { trustAdministrationCommands } from "../page-commands.server";
import { trustAdministrationPage } from "../page.server";

export const handle = { i18n: ["compliance", "tax"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Trust Administration · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    return await trustAdministrationPage(ctx.db, session);
  } catch (error) {
    throwAsResponse(error, complianceT(args.request));
  }
}

export const action = (args: ActionFunctionArgs) => runPageCommand(args, trustAdministrationCommands);

export default function TrustAdministrationPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("compliance");
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("trustAdmin.title")}</h1>
        <p className="m-0 text-muted-foreground">{page.profile ? t("trustAdmin.subtitle") : t("trustAdmin.subtitleMember")}</p>
      </header>
      {page.unknownJurisdictions.length > 0 ? (
        <p role="status" className="m-0 rounded-md border border-solid border-amber-500 p-3 text-sm" data-testid="unknown-jurisdictions">
          {t("rules.noPack", { codes: page.unknownJurisdictions.join(", ") })}
        </p>
      ) : null}
      {page.profile ? <ProfilePanel profile={page.profile} canManage={page.access.manage} /> : null}
      {page.profile ? <EventsPanel events={page.profile.events} canManage={page.access.manage} /> : null}
      <section
        aria-labelledby="duties-heading"
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="duties-heading" className="m-0 text-lg">
            {t("duties.heading")}
          </h2>
          <Link to="/multi-jurisdiction-compliance" className="text-sm">
            {t("duties.whichRules")}
          </Link>
        </div>
        <p className="m-0 text-sm text-muted-foreground">{t("duties.help")}</p>
        {page.truncated ? <ItemsTruncated limit={page.limit} /> : null}
        <ItemList items={page.items} canManage={page.access.manage} evidence={page.evidence} empty={t("duties.none")} testId="duty-checklist" />
        {page.undated.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="m-0 text-base">{t("duties.ongoing")}</h3>
            <ul className="m-0 grid gap-2 pl-5" data-testid="ongoing-duties">
              {page.undated.map((duty) => (
                <li key={duty.sourceText ?? duty.duty}>
                  {duty.duty}
                  {duty.reference ? <span className="text-sm text-muted-foreground"> · {duty.reference}</span> : null}
                  {duty.due ? <span className="block text-sm text-muted-foreground">{duty.due}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </div>
  );
}
