import { and, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { users } from "~/modules/auth/schema";
import { bankTransactions } from "~/modules/banking/schema";
import { financeAssets, financeDistributionApprovals, financeDistributions, financeValuations } from "~/modules/finance/schema";
import { workspaceTrustees } from "~/modules/workspaces/trustees.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { type ComplianceAccess, requireManage, trusteeView } from "./access.server";
import { conflictsRegister, type TrusteeRegister } from "./ethics.server";
import { requireEvidence } from "./evidence.server";
import { type DistributionInput, type EthicsFlag, ethicsFlags, type FLAG_RESOLUTIONS, type TransactionInput } from "./ethics/checks";
import { trusteeCompensation } from "./ethics/compensation";
import { trustInstrument } from "./profile.server";
import { ethicsFlagReviews } from "./schema";

export interface FlagReview {
  resolution: (typeof FLAG_RESOLUTIONS)[number];
  reason: string;
  evidenceDocumentId: string | null;
  resolvedBy: string | null;
  resolvedAt: string;
}

export interface ReviewedFlag extends EthicsFlag {
  review: FlagReview | null;
}

const APPROVAL_SLICE = 90;
const APPROVAL_RULES = { trustee: "single_trustee", all_trustees: "all_trustees", poll: "beneficiary_poll" } as const;

/** The instrument's compensation clause, read from the terms in force (deleted terms say nothing any more). */
async function compensationTerms(db: Db, session: CurrentSession) {
  const trust = await trustInstrument(db, trusteeView(session));
  const terms = (trust?.view.terms ?? [])
    .filter((term) => term.status !== "deleted")
    .map((term) => ({ heading: [term.part, term.title].filter(Boolean).join(" — ") || null, body: term.body }));
  return { compensation: trusteeCompensation(terms), instrumentId: trust?.instrument.documentId ?? null };
}

/** What the trust held at the year's end: each asset's latest valuation on or before it (null with no assets recorded). */
async function trustValueAt(db: Db, workspaceId: string, day: string): Promise<number | null> {
  const row = await db
    .select({ total: sql<number | null>`sum(${financeValuations.currentMinor})`, assets: sql<number>`count(*)` })
    .from(financeValuations)
    .innerJoin(financeAssets, eq(financeAssets.id, financeValuations.assetId))
    .where(
      and(
        eq(financeValuations.workspaceId, workspaceId),
        lte(financeValuations.valuedOn, day),
        or(isNull(financeAssets.disposedOn), sql`${financeAssets.disposedOn} > ${day}`),
        // Only each asset's latest valuation up to the day.
        sql`${financeValuations.valuedOn} = (select max(v2.valued_on) from finance_valuations v2 where v2.asset_id = ${financeValuations.assetId} and v2.valued_on <= ${day})`,
      ),
    )
    .get();
  return row && row.assets > 0 ? Number(row.total ?? 0) : null;
}

async function yearTransactions(db: Db, workspaceId: string, year: number): Promise<TransactionInput[]> {
  const rows = await db
    .select({
      id: bankTransactions.id,
      postedOn: bankTransactions.postedOn,
      amountMinor: bankTransactions.amountMinor,
      payee: bankTransactions.payee,
      description: bankTransactions.description,
      category: bankTransactions.category,
      responsibleName: bankTransactions.responsibleName,
      counterpartyLastFour: bankTransactions.counterpartyLastFour,
    })
    .from(bankTransactions)
    .where(
      and(eq(bankTransactions.workspaceId, workspaceId), gte(bankTransactions.postedOn, `${year}-01-01`), lte(bankTransactions.postedOn, `${year}-12-31`)),
    );
  // The party a trustee recorded ("paid to") names the payee where the bank's text does not.
  // The other account's last four is what the statement named (OFX BANKACCTTO, a CAMT or CSV counterparty account).
  return rows.map((row) => ({ ...row, payee: row.payee ?? row.responsibleName }));
}

async function yearDistributions(db: Db, workspaceId: string, year: number): Promise<DistributionInput[]> {
  const from = Date.UTC(year, 0, 1);
  const to = Date.UTC(year + 1, 0, 1);
  const rows = await db
    .select()
    .from(financeDistributions)
    .where(
      and(
        eq(financeDistributions.workspaceId, workspaceId),
        or(
          and(gte(financeDistributions.paidOn, `${year}-01-01`), lte(financeDistributions.paidOn, `${year}-12-31`)),
          and(isNull(financeDistributions.paidOn), gte(financeDistributions.createdAt, new Date(from)), sql`${financeDistributions.createdAt} < ${to}`),
        ),
      ),
    );
  // In D1-sized slices (at most 100 bound values a statement): a year of many requests keeps every approval.
  const approvals: { distributionId: string; userId: string }[] = [];
  for (let i = 0; i < rows.length; i += APPROVAL_SLICE) {
    const ids = rows.slice(i, i + APPROVAL_SLICE).map((r) => r.id);
    approvals.push(
      ...(await db
        .select({ distributionId: financeDistributionApprovals.distributionId, userId: financeDistributionApprovals.userId })
        .from(financeDistributionApprovals)
        .where(and(inArray(financeDistributionApprovals.distributionId, ids), eq(financeDistributionApprovals.decision, "approve")))),
    );
  }
  return rows.map((row) => ({
    id: row.id,
    requestedOn: row.createdAt.toISOString().slice(0, 10),
    paidOn: row.paidOn,
    amountMinor: row.amountMinor,
    beneficiaryName: row.beneficiaryName,
    beneficiaryUserId: row.beneficiaryUserId,
    status: row.status,
    approvedByUserIds: [
      ...approvals.filter((a) => a.distributionId === row.id).map((a) => a.userId),
      // A single trustee's decision approves it; a poll's closing is recorded as decided by nobody.
      ...(row.decidedBy && (row.status === "approved" || row.status === "paid") ? [row.decidedBy] : []),
    ],
    approvalRule: APPROVAL_RULES[row.approvalMode],
  }));
}

/** The year's flags over the trust's money, each with how it was settled (if it was). */
export async function yearFlags(db: Db, session: CurrentSession, access: ComplianceAccess, year: number, register?: TrusteeRegister[]) {
  const [trustees, transactions, distributions, terms, trustValueMinor, reviews] = await Promise.all([
    register ?? conflictsRegister(db, access.workspaceId),
    yearTransactions(db, access.workspaceId, year),
    yearDistributions(db, access.workspaceId, year),
    compensationTerms(db, session),
    trustValueAt(db, access.workspaceId, `${year}-12-31`),
    db
      .select({ review: ethicsFlagReviews, resolvedByName: users.name })
      .from(ethicsFlagReviews)
      .leftJoin(users, eq(users.id, ethicsFlagReviews.resolvedBy))
      .where(eq(ethicsFlagReviews.workspaceId, access.workspaceId)),
  ]);
  const flags = ethicsFlags({
    trustees: trustees.map((t) => ({ userId: t.userId, name: t.name, aliases: t.aliases, ownAccountLastFours: t.ownAccountLastFours, isBeneficiary: false })),
    relatedParties: trustees.flatMap((t) => t.parties),
    transactions,
    distributions,
    compensation: terms.compensation,
    trustValueMinor,
    year,
  });
  const byKey = new Map(reviews.map((r) => [r.review.flagKey, r]));
  const reviewed: ReviewedFlag[] = flags.map((flag) => {
    const found = byKey.get(flag.key);
    return {
      ...flag,
      review: found
        ? {
            resolution: found.review.resolution,
            reason: found.review.reason,
            evidenceDocumentId: found.review.evidenceDocumentId,
            resolvedBy: found.resolvedByName,
            resolvedAt: found.review.resolvedAt.toISOString(),
          }
        : null,
    };
  });
  // Open flags first, the serious ones before the others, then by date.
  reviewed.sort(
    (a, b) =>
      Number(a.review !== null) - Number(b.review !== null) ||
      Number(a.severity !== "high") - Number(b.severity !== "high") ||
      String(b.params.date ?? "").localeCompare(String(a.params.date ?? "")),
  );
  return { flags: reviewed, compensation: terms.compensation, compensationDocumentId: terms.instrumentId, trustValueMinor };
}

/** The year a flag belongs to, from its key: a transaction's posting, a distribution's payment (or request), a trustee-year. */
async function flagYear(db: Db, workspaceId: string, key: string): Promise<number | null> {
  const [kind, subjectType, ...rest] = key.split(":");
  const subjectId = rest.join(":");
  if (!kind || !subjectId) return null;
  if (subjectType === "trustee") return Number(subjectId.split(":")[1]) || null;
  if (subjectType === "transaction") {
    const row = await db
      .select({ on: bankTransactions.postedOn })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.id, subjectId), eq(bankTransactions.workspaceId, workspaceId)))
      .get();
    return row ? Number(row.on.slice(0, 4)) : null;
  }
  if (subjectType === "distribution") {
    const row = await db
      .select({ paidOn: financeDistributions.paidOn, createdAt: financeDistributions.createdAt })
      .from(financeDistributions)
      .where(and(eq(financeDistributions.id, subjectId), eq(financeDistributions.workspaceId, workspaceId)))
      .get();
    return row ? Number((row.paidOn ?? row.createdAt.toISOString()).slice(0, 4)) : null;
  }
  return null;
}

async function requireFlag(db: Db, session: CurrentSession, access: ComplianceAccess, key: string) {
  const year = await flagYear(db, access.workspaceId, key);
  const flag = year ? (await yearFlags(db, session, access, year)).flags.find((f) => f.key === key) : undefined;
  if (!flag) throw new Refusal(404, "ethics.errors.flagNotFound");
  return flag;
}

/**
 * Settles a flag with a reason (and a document). A trustee does not settle a flag about themself while another
 * trustee can: the point of the check is a second pair of eyes.
 */
export async function resolveFlag(
  ctx: RequestContext,
  session: CurrentSession,
  access: ComplianceAccess,
  key: string,
  input: { resolution: FlagReview["resolution"]; reason: string; evidenceDocumentId?: string | null },
) {
  requireManage(access);
  const flag = await requireFlag(ctx.db, session, access, key);
  if (flag.trusteeUserId === access.userId) {
    const others = (await workspaceTrustees(ctx.db, access.workspaceId)).filter((t) => t.userId !== access.userId);
    if (others.length > 0) throw new Refusal(403, "ethics.errors.ownFlag");
  }
  const evidenceDocumentId = await requireEvidence(ctx.db, access.workspaceId, input.evidenceDocumentId);
  const row = { resolution: input.resolution, reason: input.reason, evidenceDocumentId, resolvedBy: access.userId, resolvedAt: new Date() };
  await ctx.db.batch([
    ctx.db
      .insert(ethicsFlagReviews)
      .values({ workspaceId: access.workspaceId, flagKey: key, ...row })
      .onConflictDoUpdate({ target: [ethicsFlagReviews.workspaceId, ethicsFlagReviews.flagKey], set: row }),
    ctx.auditStatement({
      action: "ethics.flag_resolved",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: flag.subjectType,
      targetId: flag.subjectId,
      metadata: { flag: flag.kind, resolution: input.resolution, evidenceDocumentId, trusteeUserId: flag.trusteeUserId },
    }),
  ]);
}

export async function reopenFlag(ctx: RequestContext, session: CurrentSession, access: ComplianceAccess, key: string) {
  requireManage(access);
  const flag = await requireFlag(ctx.db, session, access, key);
  const review = and(eq(ethicsFlagReviews.workspaceId, access.workspaceId), eq(ethicsFlagReviews.flagKey, key));
  const resolved = await ctx.db.select({ key: ethicsFlagReviews.flagKey }).from(ethicsFlagReviews).where(review).get();
  if (!resolved) throw new Refusal(409, "ethics.errors.flagNotResolved");
  await ctx.db.batch([
    ctx.db.delete(ethicsFlagReviews).where(review),
    ctx.auditStatement({
      action: "ethics.flag_reopened",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: flag.subjectType,
      targetId: flag.subjectId,
      metadata: { flag: flag.kind },
    }),
  ]);
}
