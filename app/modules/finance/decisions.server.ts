import { and, eq, inArray, sql } from "drizzle-orm";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { bankTransactions, bankTransactionSplits } from "~/modules/banking/schema";
import { formatMinor } from "~/modules/banking/money";
import { createDb, type Db } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditFinance, requireManage, type FinanceAccess } from "./access.server";
import { CONFIRM_CODES } from "./checks";
import { trusteeIds } from "~/modules/workspaces/trustees.server";
import { tellAboutDistribution } from "./distribution-notices.server";
import { currentWarnings, requireDistribution, type DistributionView } from "./distributions.server";
import { namedPeople, paidTo } from "./payee.server";
import { financeDistributionApprovals, financeDistributions } from "./schema";

export type DecisionCommand = "approve" | "reject" | "cancel";

/**
 * A trustee never decides or pays a distribution to herself: another trustee, or the family's vote, must. Herself
 * by her account, or by her name (or e-mail) typed as the payee (payee.server.ts): the view read for her says which.
 */
async function refuseOwn(ctx: RequestContext, access: FinanceAccess, d: DistributionView, action: string) {
  if (!d.ownPayee) return;
  const by = d.beneficiaryUserId === access.userId ? "account" : "name";
  await auditFinance(ctx, access, `finance.distribution_${action}_denied`, { type: "finance_distribution", id: d.id }, { reason: "own", by }, "denied");
  throw new Refusal(403, "errors.ownDistribution");
}

async function settle(db: Db, id: string, status: "approved" | "rejected" | "cancelled", by: string | null, note: string | null) {
  const [row] = await db
    .update(financeDistributions)
    .set({ status, decidedBy: by, decidedAt: new Date(), decisionNote: note, updatedAt: new Date() })
    .where(and(eq(financeDistributions.id, id), inArray(financeDistributions.status, status === "cancelled" ? ["requested", "approved"] : ["requested"])))
    .returning({ id: financeDistributions.id });
  if (!row) throw new Refusal(409, "errors.notPending");
}

/**
 * Approve, reject or cancel a request. A request put to the family's vote is settled by the poll; a trustee may
 * decide it by hand only once the poll has closed without a decision. Approving re-reads the cash: short cash
 * stops it, and a side's balance that is short must be confirmed.
 */
export async function decideDistribution(
  ctx: RequestContext,
  session: CurrentSession,
  access: FinanceAccess,
  id: string,
  command: DecisionCommand,
  input: { note?: string | null; confirmWarnings: boolean },
  language: string,
) {
  const d = await requireDistribution(ctx.db, access, id);
  const note = input.note ?? null;
  if (command === "cancel") {
    if (!access.manage && d.requestedBy?.id !== access.userId) throw new Refusal(403, "errors.onlyTrustees");
    if (d.status !== "requested" && d.status !== "approved") throw new Refusal(409, "errors.notPending");
    await settle(ctx.db, id, "cancelled", access.userId, note);
    await auditFinance(ctx, access, "finance.distribution_cancelled", { type: "finance_distribution", id });
    ctx.waitUntil(tellAboutDistribution(ctx, access, id, "distribution_decided").catch(() => {}));
    return { id, status: "cancelled" as const };
  }
  requireManage(access);
  await refuseOwn(ctx, access, d, command);
  if (d.status !== "requested") throw new Refusal(409, "errors.notPending");
  if (d.approvalMode === "poll" && d.poll?.status === "open") throw new Refusal(409, "errors.awaitingPoll");

  if (command === "approve") {
    const { cash, warnings } = await currentWarnings(ctx, session, { ...d, id: d.id }, language);
    if (d.amountMinor > cash.cashMinor) {
      throw new Refusal(422, "errors.cashShort", { cash: formatMinor(cash.cashMinor, d.currency, language) });
    }
    const toConfirm = warnings.filter((w) => CONFIRM_CODES.has(w.code));
    if (toConfirm.length && !input.confirmWarnings) throw new Refusal(409, "errors.confirmWarnings");
  }

  if (d.approvalMode === "all_trustees") {
    await ctx.db
      .insert(financeDistributionApprovals)
      .values({ distributionId: id, userId: access.userId, workspaceId: access.workspaceId, decision: command, createdAt: new Date() })
      .onConflictDoUpdate({
        target: [financeDistributionApprovals.distributionId, financeDistributionApprovals.userId],
        set: { decision: command, createdAt: new Date() },
      });
    if (command === "approve") {
      // Every trustee but the payee (by her account or by her name), who may not approve it.
      const trustees = await namedPeople(ctx.db, access.workspaceId, await trusteeIds(ctx.db, access.workspaceId));
      const needed = trustees.filter((trustee) => !paidTo(d, trustee)).map((trustee) => trustee.userId);
      const given = await ctx.db
        .select({ userId: financeDistributionApprovals.userId })
        .from(financeDistributionApprovals)
        .where(and(eq(financeDistributionApprovals.distributionId, id), eq(financeDistributionApprovals.decision, "approve")));
      const waiting = needed.filter((userId) => !given.some((g) => g.userId === userId));
      if (waiting.length > 0) {
        await auditFinance(ctx, access, "finance.distribution_approval_given", { type: "finance_distribution", id }, { waiting: waiting.length });
        return { id, status: "requested" as const, waitingFor: waiting.length };
      }
    }
  }
  const status = command === "approve" ? "approved" : "rejected";
  await settle(ctx.db, id, status, access.userId, note);
  await auditFinance(
    ctx,
    access,
    `finance.distribution_${status}`,
    { type: "finance_distribution", id },
    { amountMinor: d.amountMinor, beneficiary: d.beneficiaryName },
  );
  ctx.waitUntil(tellAboutDistribution(ctx, access, id, "distribution_decided").catch((error) => console.error("Could not tell about distribution", id, error)));
  return { id, status };
}

/** Transactions that could be the payment: the same amount out, in the same currency, not yet another payment's. */
export async function paymentCandidates(db: Db, access: FinanceAccess, id: string) {
  requireManage(access);
  const d = await requireDistribution(db, access, id);
  const around = d.neededBy ?? d.createdAt.slice(0, 10);
  const lastName = d.beneficiaryName.split(/\s+/).at(-1)?.toUpperCase() ?? "";
  const rows = await db
    .select({
      id: bankTransactions.id,
      postedOn: bankTransactions.postedOn,
      description: bankTransactions.description,
      payee: bankTransactions.payee,
      amountMinor: bankTransactions.amountMinor,
      status: bankTransactions.status,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, access.workspaceId),
        eq(bankTransactions.currency, d.currency),
        eq(bankTransactions.amountMinor, -d.amountMinor),
        sql`not exists (select 1 from finance_distributions f where f.transaction_id = ${bankTransactions.id} and f.id <> ${id})`,
      ),
    )
    .orderBy(sql`abs(julianday(${bankTransactions.postedOn}) - julianday(${around}))`)
    .limit(20);
  return rows
    .map((row) => ({ ...row, namesPayee: lastName.length > 1 && `${row.description} ${row.payee ?? ""}`.toUpperCase().includes(lastName) }))
    .sort((a, b) => Number(b.namesPayee) - Number(a.namesPayee))
    .slice(0, 5);
}

/**
 * Paid: the bank transaction that paid it is linked, and, unless its period is reconciled and locked, categorised
 * as this distribution (the side, and the beneficiary's sub-ledger when she is a member).
 */
export async function payDistribution(ctx: RequestContext, access: FinanceAccess, id: string, transactionId: string) {
  requireManage(access);
  const d = await requireDistribution(ctx.db, access, id);
  await refuseOwn(ctx, access, d, "pay");
  if (d.status !== "approved") throw new Refusal(409, "errors.notApproved");
  const tx = isUuid(transactionId)
    ? await ctx.db
        .select()
        .from(bankTransactions)
        .where(and(eq(bankTransactions.id, transactionId), eq(bankTransactions.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!tx) throw new Refusal(404, "errors.transactionNotFound", undefined, { transactionId: "errors.transactionNotFound" });
  if (tx.currency !== d.currency || tx.amountMinor !== -d.amountMinor) {
    throw new Refusal(422, "errors.paymentAmountDiffers", undefined, { transactionId: "errors.paymentAmountDiffers" });
  }
  const taken = await ctx.db
    .select({ id: financeDistributions.id })
    .from(financeDistributions)
    .where(and(eq(financeDistributions.transactionId, transactionId), sql`${financeDistributions.id} <> ${id}`))
    .get();
  if (taken) throw new Refusal(409, "errors.paymentUsed", undefined, { transactionId: "errors.paymentUsed" });
  const split = await ctx.db
    .select({ id: bankTransactionSplits.id })
    .from(bankTransactionSplits)
    .where(eq(bankTransactionSplits.transactionId, transactionId))
    .get();
  const editable = tx.status !== "reconciled" && !split;
  const [paid] = await ctx.db.batch([
    ctx.db
      .update(financeDistributions)
      .set({ status: "paid", transactionId, paidOn: tx.postedOn, updatedAt: new Date() })
      .where(and(eq(financeDistributions.id, id), eq(financeDistributions.status, "approved")))
      .returning({ id: financeDistributions.id }),
    ...(editable
      ? [
          ctx.db
            .update(bankTransactions)
            .set({
              category: "distribution",
              principalOrIncome: d.principalOrIncome,
              beneficiaryUserId: d.beneficiaryUserId,
              purpose: tx.purpose ?? d.purpose,
              status: tx.status === "unreviewed" ? "accounted" : tx.status,
              updatedAt: new Date(),
            })
            .where(eq(bankTransactions.id, transactionId)),
        ]
      : []),
  ]);
  if (paid.length === 0) throw new Refusal(409, "errors.notApproved");
  await auditFinance(
    ctx,
    access,
    "finance.distribution_paid",
    { type: "finance_distribution", id },
    { transactionId, paidOn: tx.postedOn, categorised: editable },
  );
  ctx.waitUntil(tellAboutDistribution(ctx, access, id, "distribution_paid").catch((error) => console.error("Could not tell about distribution", id, error)));
  return { id, status: "paid" as const, paidOn: tx.postedOn, categorised: editable };
}

/** The family's vote decided a request: its result approves or rejects it; an undecided vote leaves it to the trustees. */
export async function settleByPoll(env: Env, event: DomainEvents["poll.closed"]) {
  const db = createDb(env.DB);
  const d = await db
    .select({ id: financeDistributions.id })
    .from(financeDistributions)
    .where(
      and(eq(financeDistributions.pollId, event.pollId), eq(financeDistributions.workspaceId, event.workspaceId), eq(financeDistributions.status, "requested")),
    )
    .get();
  if (!d) return;
  if (event.outcome === "undecided") {
    await db.update(financeDistributions).set({ decisionNote: event.summary, updatedAt: new Date() }).where(eq(financeDistributions.id, d.id));
  } else {
    await db
      .update(financeDistributions)
      .set({ status: event.outcome, decidedBy: null, decidedAt: new Date(), decisionNote: event.summary, updatedAt: new Date() })
      .where(and(eq(financeDistributions.id, d.id), eq(financeDistributions.status, "requested")));
  }
  await db.insert(auditLog).values(
    auditRow({
      action: event.outcome === "undecided" ? "finance.distribution_vote_undecided" : `finance.distribution_${event.outcome}`,
      workspaceId: event.workspaceId,
      actorUserId: null,
      targetType: "finance_distribution",
      targetId: d.id,
      metadata: { by: "poll", pollId: event.pollId, summary: event.summary },
    }),
  );
  await tellAboutDistribution({ db, env }, { userId: null }, d.id, "distribution_decided");
}
