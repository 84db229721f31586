import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { listMembers } from "~/modules/workspaces/service.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { bankingAccess } from "../access.server";
import { listAccounts } from "../accounts.server";
import { ReconcilePanel } from "../components/reconcile-panel";
import { ExportLink, PageLinks } from "../components/page-links";
import { TransactionFilters } from "../components/transaction-filters";
import { ThreeWayPanel } from "../components/three-way-panel";
import { TransactionTable } from "../components/transaction-table";
import { bankingT } from "../i18n.server";
import { listReconciliations, proposedClosing } from "../reconciliations.server";
import { computeThreeWay } from "../three-way.server";
import { filterFromQuery } from "../transaction-query";
import { listTransactions } from "../transactions.server";

export const handle = { i18n: ["banking"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Transaction Reconciliation · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = bankingT(args.request);
  const query = new URL(args.request.url).searchParams;
  try {
    const access = await bankingAccess(ctx.db, session);
    const accounts = await listAccounts(ctx.db, access);
    const accountId = query.get("account") && accounts.some((a) => a.id === query.get("account")) ? query.get("account")! : accounts[0]?.id;
    const { filter: read } = filterFromQuery(query, false);
    // The page shows a page of PAGE_SIZE; `limit` is for API clients.
    const filter = { ...read, limit: undefined, page: read.page ?? 1 };
    const reconciles = accountId && access.readAll;
    const [list, members, reconciliations, proposed] = await Promise.all([
      accountId ? listTransactions(ctx.db, access, accountId, filter) : null,
      listMembers(ctx, session),
      reconciles ? listReconciliations(ctx.db, access, accountId) : [],
      reconciles ? proposedClosing(ctx.db, accountId) : undefined,
    ]);
    // The period a three-way reconciliation speaks of: the newest locked one, else the one in progress.
    const period = reconciliations.find((r) => r.status === "locked") ?? reconciliations[0];
    const threeWay = period ? await computeThreeWay(ctx.db, access, period.id, period) : null;
    return {
      threeWay,
      accounts,
      accountId: accountId ?? null,
      filter,
      transactions: list?.transactions ?? [],
      balanceMinor: list?.balanceMinor ?? null,
      page: list?.page ?? 1,
      more: list?.more ?? false,
      members: members.map((m) => ({ userId: m.userId, name: m.name, role: m.role })),
      access: { manage: access.manage, annotate: access.annotate, readAll: access.readAll },
      reconciliations,
      proposed: proposed ?? null,
      canUnlock: session.workspace?.role === "owner" || session.workspace?.role === "trustee",
    };
  } catch (error) {
    throwAsResponse(error, t);
  }
}

export default function TransactionReconciliationPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("banking");
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("reconciliation.title")}</h1>
        <p className="m-0 text-muted-foreground">{t(data.access.readAll ? "reconciliation.subtitle" : "reconciliation.subtitleOwn")}</p>
      </header>
      {data.accounts.length === 0 ? (
        <p className="m-0 rounded-lg border border-dashed border-border p-6 text-muted-foreground">{t("accounts.empty")}</p>
      ) : (
        <>
          {data.accountId && data.access.readAll ? (
            <ReconcilePanel
              key={`reconcile-${data.accountId}`}
              accountId={data.accountId}
              currency={data.accounts.find((a) => a.id === data.accountId)?.currency ?? "USD"}
              reconciliations={data.reconciliations}
              proposed={data.proposed}
              canManage={data.access.manage}
              canUnlock={data.canUnlock}
            />
          ) : null}
          {data.threeWay ? <ThreeWayPanel key={`three-way-${data.threeWay.reconciliationId}`} view={data.threeWay} canSignOff={data.access.manage} /> : null}
          <TransactionFilters accounts={data.accounts} accountId={data.accountId} filter={data.filter} members={data.members} />
          {data.accountId ? <ExportLink accountId={data.accountId} /> : null}
          <TransactionTable
            key={data.accountId}
            transactions={data.transactions}
            members={data.members}
            canEdit={data.access.manage}
            canAnnotate={data.access.annotate}
          />
          <PageLinks page={data.page} more={data.more} />
        </>
      )}
    </div>
  );
}
