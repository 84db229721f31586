import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { HttpError, readFormData, Refusal, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { bankingAccess } from "../access.server";
import { createAccount, listAccounts } from "../accounts.server";
import { bankingCharts } from "../charts.server";
import { BankingCharts } from "../components/charts/banking-charts";
import { AccountForm } from "../components/account-form";
import { AccountList } from "../components/account-list";
import { SharingPanel } from "../components/sharing-panel";
import { StatementImport } from "../components/statement-import";
import { RulesPanel } from "../components/rules-panel";
import { bankingT } from "../i18n.server";
import { rulesPanelData } from "../rules.server";
import { bankingSharing } from "../sharing.server";
import { accountFormSchema } from "../validation";

export const handle = { i18n: ["banking"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Trust Banking · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = bankingT(args.request);
  try {
    const access = await bankingAccess(ctx.db, session);
    const [accounts, sharing, rules, charts] = await Promise.all([
      listAccounts(ctx.db, access),
      access.manage ? bankingSharing(ctx, access) : null,
      rulesPanelData(ctx, session, access),
      bankingCharts(ctx.db, access),
    ]);
    return { accounts, canManage: access.manage, sharing, isOwner: session.workspace?.role === "owner", rules, charts, chartsOwnOnly: !access.readAll };
  } catch (error) {
    throwAsResponse(error, t);
  }
}

/** The "Add account" form (statements are imported through the API, with a progress bar). */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = bankingT(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: accountFormSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null, createdId: null }, 400);
  try {
    const { id } = await createAccount(ctx, await bankingAccess(ctx.db, session), submission.value);
    return { result: submission.reply({ resetForm: true }), error: null, createdId: id };
  } catch (error) {
    const refusal = error instanceof Refusal ? error.in(t) : error instanceof HttpError ? error : null;
    if (refusal) return data({ result: submission.reply(), error: refusal.message, createdId: null }, refusal.status);
    throw error;
  }
}

export default function TrustBankingPage() {
  const { accounts, canManage, sharing, isOwner, rules, charts, chartsOwnOnly } = useLoaderData<typeof loader>();
  const { t } = useTranslation("banking");
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("banking.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("banking.subtitle")}</p>
      </header>
      <AccountList accounts={accounts} />
      <BankingCharts charts={charts} ownOnly={chartsOwnOnly} />
      {canManage && accounts.length > 0 ? <StatementImport accounts={accounts} /> : null}
      {canManage ? <AccountForm /> : null}
      {rules ? <RulesPanel rules={rules.rules} members={rules.members} accounts={accounts} canManage={canManage} /> : null}
      {sharing ? <SharingPanel sharing={sharing} isOwner={isOwner} /> : null}
    </div>
  );
}
