import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { formatMinor } from "~/modules/banking/money";
import { useLanguage } from "~/modules/preferences/display";
import { Button } from "~/components/ui/button";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { complianceAccess, requireReadAll } from "../access.server";
import { ComplianceAnswer } from "../components/answer";
import { ConflictsRegister } from "../components/conflicts-register";
import { useDay } from "../components/dates";
import { EthicsFlagsPanel } from "../components/ethics-flags";
import { ethicsCommands } from "../ethics-commands.server";
import { ethicalCompliancePage } from "../ethics-page.server";
import { complianceT } from "../i18n.server";
import { runPageCommand } from "../page-action.server";

export const handle = { i18n: ["compliance"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Ethical Compliance · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = complianceT(args.request);
  try {
    const year = Number(new URL(args.request.url).searchParams.get("year"));
    const valid = Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : undefined;
    return await ethicalCompliancePage(ctx.db, session, requireReadAll(complianceAccess(session)), valid, t);
  } catch (error) {
    throwAsResponse(error, t);
  }
}

export const action = (args: ActionFunctionArgs) => runPageCommand(args, ethicsCommands);

export default function EthicalCompliancePage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("compliance");
  const day = useDay();
  const { language } = useLanguage();
  const pay = page.compensation;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("ethics.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("ethics.subtitle")}</p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          {t("ethics.year")}
          <select name="year" defaultValue={page.year} className="rounded-md border border-solid border-input bg-background p-1.5">
            {page.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm" variant="outline">
          {t("ethics.show")}
        </Button>
      </Form>
      <EthicsFlagsPanel flags={page.flags} canManage={page.access.manage} evidence={page.evidence} year={page.year} />
      {page.attestation ? (
        <section aria-labelledby="attest-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-5">
          <h2 id="attest-heading" className="m-0 text-lg">
            {t("ethics.attest.heading")}
          </h2>
          <p className="m-0 text-sm" data-testid="my-attestation">
            {page.attestation.last
              ? t(page.attestation.due ? "ethics.register.attestedLongAgo" : "ethics.register.attestedOn", { on: day(page.attestation.last.at) })
              : t("ethics.register.neverAttested")}
          </p>
          <ComplianceAnswer intents={["attest"]} />
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="attest" />
            <label className="flex items-start gap-2">
              <input type="checkbox" name="confirm" required className="mt-1" />
              <span>{page.attestation.statement}</span>
            </label>
            <label className="grid gap-1 text-sm">
              {t("ethics.attest.note")}
              <input name="note" maxLength={2000} className="rounded-md border border-solid border-input bg-background p-1.5" />
            </label>
            <div>
              <Button type="submit">{t("ethics.attest.submit")}</Button>
            </div>
          </Form>
        </section>
      ) : null}
      <ConflictsRegister register={page.register} canManage={page.access.manage} evidence={page.evidence} />
      <section aria-labelledby="pay-heading" className="grid gap-2 rounded-lg border border-solid border-border bg-card p-5">
        <h2 id="pay-heading" className="m-0 text-lg">
          {t("ethics.pay.heading")}
        </h2>
        <p className="m-0" data-testid="compensation-terms">
          {t(`ethics.pay.${pay.kind}`, {
            percent: pay.percentPerYear ?? "",
            amount: pay.fixedCentsPerYear !== undefined ? formatMinor(pay.fixedCentsPerYear, page.currency, language) : "",
          })}
        </p>
        {pay.sourceText ? (
          <blockquote className="m-0 border-0 border-l-4 border-solid border-border pl-3 text-sm text-muted-foreground">
            {pay.sourceText}
            {pay.documentId ? (
              <>
                {" "}
                <a href={`/documents/${pay.documentId}`}>{t("ethics.pay.openInstrument")}</a>
              </>
            ) : null}
          </blockquote>
        ) : null}
      </section>
    </div>
  );
}
