import { aliasedTable, and, desc, eq, inArray, sql } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { formatMinor } from "~/modules/banking/money";
import { createPoll } from "~/modules/polls/service.server";
import { polls } from "~/modules/polls/schema";
import { memberships } from "~/modules/workspaces/schema";
import { inChunks } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditFinance, type FinanceAccess } from "./access.server";
import { resolveAuthority } from "./authorities.server";
import { distributionWarnings } from "./checks";
import type { DistributionStatus } from "./constants";
import { tellAboutDistribution } from "./distribution-notices.server";
import { balancesAfter, ledgerEntries, openingPrincipal, trustCurrency } from "./ledger.server";
import { namedPeople, paidTo } from "./payee.server";
import { financeDistributionApprovals, financeDistributions, type DistributionAuthority, type DistributionWarning } from "./schema";
import type { DistributionRequest } from "./validation";

export interface DistributionView {
  id: string;
  beneficiaryUserId: string | null;
  beneficiaryName: string;
  amountMinor: number;
  currency: string;
  purpose: string;
  principalOrIncome: "principal" | "income";
  neededBy: string | null;
  status: DistributionStatus;
  approvalMode: "trustee" | "all_trustees" | "poll";
  authority: DistributionAuthority;
  warnings: DistributionWarning[];
  poll: { id: string; title: string; status: "open" | "closed" } | null;
  transactionId: string | null;
  paidOn: string | null;
  requestedBy: { id: string; name: string } | null;
  decidedBy: { id: string; name: string } | null;
  decidedAt: string | null;
  decisionNote: string | null;
  createdAt: string;
  approvals: { userId: string; name: string; decision: "approve" | "reject" }[];
  /** Paid to the one reading: by her account, or by a name (or e-mail) of hers in free text. She never decides or pays it. */
  ownPayee: boolean;
}

const requester = aliasedTable(users, "requester");
const decider = aliasedTable(users, "decider");

/** Warnings that quote the trust's own balances, for the trustees' eyes: a beneficiary sees her request's, not the trust's cash. */
const TRUST_FIGURE_WARNINGS = new Set(["overIncome", "overPrincipal"]);
const warningsFor = (access: FinanceAccess, warnings: DistributionWarning[]) =>
  access.readAll ? warnings : warnings.filter((w) => !TRUST_FIGURE_WARNINGS.has(w.code));

/** Everyone sees her own; those who read the whole trust see all of them. A row of someone else's never leaves D1. */
function visibleTo(access: FinanceAccess) {
  return and(eq(financeDistributions.workspaceId, access.workspaceId), access.readAll ? undefined : eq(financeDistributions.beneficiaryUserId, access.userId));
}

/** The rows a listing shows, with the names of who requested and decided, and the vote. */
function distributionRows(db: Db, access: FinanceAccess, only?: { id?: string; beneficiaryUserId?: string }) {
  return db
    .select({
      d: financeDistributions,
      requesterName: requester.name,
      deciderName: decider.name,
      pollTitle: polls.title,
      pollStatus: polls.status,
    })
    .from(financeDistributions)
    .leftJoin(requester, eq(requester.id, financeDistributions.requestedBy))
    .leftJoin(decider, eq(decider.id, financeDistributions.decidedBy))
    .leftJoin(polls, eq(polls.id, financeDistributions.pollId))
    .where(
      and(
        visibleTo(access),
        only?.id ? eq(financeDistributions.id, only.id) : undefined,
        only?.beneficiaryUserId ? eq(financeDistributions.beneficiaryUserId, only.beneficiaryUserId) : undefined,
      ),
    )
    .orderBy(desc(financeDistributions.createdAt))
    .limit(500);
}

export async function listDistributions(db: Db, access: FinanceAccess, only?: { id?: string; beneficiaryUserId?: string }): Promise<DistributionView[]> {
  const [rows, [reader]] = await Promise.all([distributionRows(db, access, only), namedPeople(db, access.workspaceId, [access.userId])]);
  const ids = rows.filter((r) => r.d.approvalMode === "all_trustees").map((r) => r.d.id);
  const approvals = await inChunks(ids, (slice) =>
    db
      .select({
        distributionId: financeDistributionApprovals.distributionId,
        userId: financeDistributionApprovals.userId,
        name: users.name,
        decision: financeDistributionApprovals.decision,
      })
      .from(financeDistributionApprovals)
      .innerJoin(users, eq(users.id, financeDistributionApprovals.userId))
      .where(and(eq(financeDistributionApprovals.workspaceId, access.workspaceId), inArray(financeDistributionApprovals.distributionId, slice))),
  );
  return rows.map(({ d, requesterName, deciderName, pollTitle, pollStatus }) => ({
    id: d.id,
    beneficiaryUserId: d.beneficiaryUserId,
    beneficiaryName: d.beneficiaryName,
    amountMinor: d.amountMinor,
    currency: d.currency,
    purpose: d.purpose,
    principalOrIncome: d.principalOrIncome,
    neededBy: d.neededBy,
    status: d.status,
    approvalMode: d.approvalMode,
    authority: d.authority,
    warnings: warningsFor(access, d.warnings),
    poll: d.pollId && pollTitle && pollStatus ? { id: d.pollId, title: pollTitle, status: pollStatus } : null,
    transactionId: d.transactionId,
    paidOn: d.paidOn,
    requestedBy: d.requestedBy && requesterName ? { id: d.requestedBy, name: requesterName } : null,
    decidedBy: d.decidedBy && deciderName ? { id: d.decidedBy, name: deciderName } : null,
    decidedAt: d.decidedAt?.toISOString() ?? null,
    decisionNote: d.decisionNote,
    createdAt: d.createdAt.toISOString(),
    approvals: approvals.filter((a) => a.distributionId === d.id).map(({ userId, name, decision }) => ({ userId, name, decision })),
    ownPayee: d.beneficiaryUserId === access.userId || (reader !== undefined && paidTo(d, reader)),
  }));
}

/** One distribution the caller may see; anyone else's is a 404, as if it did not exist. */
export async function requireDistribution(db: Db, access: FinanceAccess, id: string): Promise<DistributionView> {
  const [found] = isUuid(id) ? await listDistributions(db, access, { id }) : [];
  if (!found) throw new Refusal(404, "errors.distributionNotFound");
  return found;
}

/** Cash on each side now, in the trust's currency. */
export async function cashPosition(db: Db, workspaceId: string, currency: string) {
  const [entries, opening] = await Promise.all([ledgerEntries(db, workspaceId, currency), openingPrincipal(db, workspaceId, currency)]);
  const sides = balancesAfter(entries, opening);
  return { ...sides, cashMinor: sides.principalMinor + sides.incomeMinor };
}

async function memberName(db: Db, workspaceId: string, userId: string): Promise<string | null> {
  const row = await db
    .select({ name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  return row?.name ?? null;
}

/** The warnings a request raises now: the instrument's conditions, this year's use of the clause, and the cash. */
export interface WarningSubject {
  /** Left out of this year's earlier distributions under the clause (itself, when approving). */
  id?: string;
  beneficiaryName: string;
  amountMinor: number;
  currency: string;
  purpose: string;
  principalOrIncome: "principal" | "income";
  authority: { documentId: string; provisionId: string };
}

export async function currentWarnings(ctx: RequestContext, session: CurrentSession, request: WarningSubject, language: string) {
  const resolved = await resolveAuthority(ctx.db, session, request.authority.documentId, request.authority.provisionId);
  const cash = await cashPosition(ctx.db, session.workspace!.id, request.currency);
  const year = new Date().getUTCFullYear();
  const earlier = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${financeDistributions.amountMinor}), 0)` })
    .from(financeDistributions)
    .where(
      and(
        eq(financeDistributions.workspaceId, session.workspace!.id),
        eq(financeDistributions.beneficiaryName, request.beneficiaryName),
        inArray(financeDistributions.status, ["approved", "paid"]),
        sql`json_extract(${financeDistributions.authority}, '$.documentId') = ${request.authority.documentId}`,
        sql`json_extract(${financeDistributions.authority}, '$.provisionId') = ${request.authority.provisionId}`,
        sql`${financeDistributions.createdAt} >= ${Date.UTC(year, 0, 1)}`,
        request.id ? sql`${financeDistributions.id} <> ${request.id}` : undefined,
      ),
    )
    .get();
  const warnings = distributionWarnings({
    beneficiaryName: request.beneficiaryName,
    amountMinor: request.amountMinor,
    purpose: request.purpose,
    principalOrIncome: request.principalOrIncome,
    authority: { title: resolved.authority.title, passage: resolved.authority.passage },
    parties: resolved.parties,
    terms: resolved.terms,
    sideBalanceMinor: request.principalOrIncome === "income" ? cash.incomeMinor : cash.principalMinor,
    cashMinor: cash.cashMinor,
    paidUnderClauseThisYearMinor: Number(earlier?.total ?? 0),
    formatMoney: (minor) => formatMinor(minor, request.currency, language),
  });
  return { resolved, cash, warnings };
}

/**
 * A request for a distribution: a trustee asks for anyone the trust benefits, a beneficiary for herself. The
 * clause it cites is quoted into the request; what the instrument says about her comes back as warnings. Only
 * cash that is not there stops it.
 */
export async function requestDistribution(ctx: RequestContext, session: CurrentSession, access: FinanceAccess, input: DistributionRequest, language: string) {
  if (!access.manage) {
    if (!access.mayRequestOwn || input.beneficiaryUserId !== access.userId) {
      await auditFinance(ctx, access, "finance.distribution_request_denied", { type: "finance_distribution", id: "" }, undefined, "denied");
      throw new Refusal(403, "errors.requestOwnOnly");
    }
    if (input.approvalMode === "poll") throw new Refusal(403, "errors.pollNeedsTrustee");
  }
  const beneficiaryName = input.beneficiaryUserId ? await memberName(ctx.db, access.workspaceId, input.beneficiaryUserId) : (input.beneficiaryName ?? null);
  if (!beneficiaryName) throw new Refusal(422, "validation.beneficiaryInvalid", undefined, { beneficiaryUserId: "validation.beneficiaryInvalid" });
  const currency = await trustCurrency(ctx.db, access.workspaceId);
  if (!currency) throw new Refusal(422, "errors.noAccounts");
  if (currency !== input.currency) throw new Refusal(422, "validation.currencyMismatch", { currency }, { currency: "validation.currencyMismatch" });

  const draft = {
    beneficiaryUserId: input.beneficiaryUserId ?? null,
    beneficiaryName,
    amountMinor: input.amountMinor,
    currency,
    purpose: input.purpose,
    principalOrIncome: input.principalOrIncome,
    authority: { documentId: input.authority.documentId, provisionId: input.authority.provisionId },
  };
  const { resolved, cash, warnings } = await currentWarnings(ctx, session, draft, language);
  if (input.amountMinor > cash.cashMinor) {
    // Only those who read the whole trust are told how much cash it holds.
    if (!access.readAll) throw new Refusal(422, "errors.cashShortPrivate", undefined, { amountMinor: "errors.cashShortPrivate" });
    throw new Refusal(422, "errors.cashShort", { cash: formatMinor(cash.cashMinor, currency, language) }, { amountMinor: "errors.cashShort" });
  }

  const id = crypto.randomUUID();
  let pollId: string | null = null;
  if (input.approvalMode === "poll") {
    const ft = serverT(["finance"], language);
    const amount = formatMinor(input.amountMinor, currency, language);
    const closesAt = input.closesAt ? new Date(input.closesAt) : new Date(Date.now() + 7 * 86_400_000);
    ({ id: pollId } = await createPoll(
      ctx,
      session,
      {
        title: ft("poll.title", { amount, name: beneficiaryName }).slice(0, 200),
        description: ft("poll.description", {
          purpose: input.purpose,
          clause: [resolved.authority.reference, resolved.authority.title].filter(Boolean).join(" "),
          document: resolved.authority.documentTitle,
        }).slice(0, 2000),
        type: "yes_no",
        options: [],
        closesAt,
        eligibility: "all",
        eligibleRoles: [],
        eligibleUserIds: [],
        quorumPercent: 50,
        hideResults: false,
        weighted: input.weighted,
        anonymous: false,
      },
      serverT(["polls"], language),
      { subjectHref: `/financial#distribution-${id}` },
    ));
  }
  const now = new Date();
  await ctx.db.insert(financeDistributions).values({
    id,
    workspaceId: access.workspaceId,
    ...draft,
    authority: resolved.authority,
    neededBy: input.neededBy ?? null,
    status: "requested",
    approvalMode: input.approvalMode,
    warnings,
    pollId,
    requestedBy: access.userId,
    createdAt: now,
    updatedAt: now,
  });
  await auditFinance(
    ctx,
    access,
    "finance.distribution_requested",
    { type: "finance_distribution", id },
    {
      beneficiary: beneficiaryName,
      amountMinor: input.amountMinor,
      currency,
      clause: resolved.authority.reference ?? resolved.authority.title,
      approvalMode: input.approvalMode,
      pollId,
    },
  );
  ctx.waitUntil(
    tellAboutDistribution(ctx, access, id, "distribution_requested").catch((error) => console.error("Could not tell about distribution", id, error)),
  );
  return { id, status: "requested" as const, warnings: warningsFor(access, warnings), pollId };
}

/** One beneficiary's own distributions, whoever asks (the beneficiary portal and its preview): her rows only, in SQL. */
export function beneficiaryDistributions(db: Db, workspaceId: string, userId: string): Promise<DistributionView[]> {
  return listDistributions(db, { workspaceId, userId, role: "beneficiary", manage: false, readAll: false, mayRequestOwn: true });
}

/** The trust's distributions since a moment, all beneficiaries together: the portal shows them only when the owner allows. */
export async function trustDistributionTotals(db: Db, workspaceId: string, since: Date) {
  const row = await db
    .select({
      paidMinor: sql<number>`coalesce(sum(case when ${financeDistributions.status} = 'paid' then ${financeDistributions.amountMinor} end), 0)`,
      requestedMinor: sql<number>`coalesce(sum(case when ${financeDistributions.status} in ('requested', 'approved') then ${financeDistributions.amountMinor} end), 0)`,
    })
    .from(financeDistributions)
    .where(and(eq(financeDistributions.workspaceId, workspaceId), sql`${financeDistributions.createdAt} >= ${since.getTime()}`))
    .get();
  return { paidMinor: Number(row?.paidMinor ?? 0), pendingMinor: Number(row?.requestedMinor ?? 0) };
}
