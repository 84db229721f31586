import type { CurrentSession } from "~/modules/auth/session.server";
import { ensureWorkspaceSynced } from "~/modules/compliance/cron.server";
import { nextAnnualAccountDue } from "~/modules/compliance/items.server";
import { findBeneficiaryThread } from "~/modules/conversations/beneficiary-thread.server";
import { documentsSharedWith } from "~/modules/documents/sharing.server";
import { accountingsDeliveredTo } from "~/modules/finance/accounting-delivery.server";
import { beneficiaryDistributions, cashPosition, trustDistributionTotals, type DistributionView } from "~/modules/finance/distributions.server";
import { trustCurrency } from "~/modules/finance/ledger.server";
import { noticesOfTypes } from "~/modules/notifications/service.server";
import { openPollsForVoter } from "~/modules/polls/service.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { findBeneficiary, listBeneficiaries, portalShowsTotals } from "~/modules/workspaces/beneficiaries.server";
import type { Db } from "~/platform/db.server";
import { shareReading } from "./share.server";
import { sessionAs, type PortalSubject } from "./subject.server";
import { yearStart, type SummaryInput } from "./summary";

/** The notices a beneficiary receives about her own requests and accountings. */
const NOTICE_TYPES = ["distribution_decided", "distribution_paid", "accounting_delivered"];
const WAITING = new Set(["requested", "approved"]);

/** What the portal shows of one distribution: hers, and without the trust-wide figures a trustee's warnings carry. */
function portalDistribution(d: DistributionView) {
  return {
    id: d.id,
    amountMinor: d.amountMinor,
    currency: d.currency,
    purpose: d.purpose,
    status: d.status,
    neededBy: d.neededBy,
    paidOn: d.paidOn,
    createdAt: d.createdAt,
    approvalMode: d.approvalMode,
    authority: { documentId: d.authority.documentId, reference: d.authority.reference, title: d.authority.title, passage: d.authority.passage },
    approvals: d.approvals.map((a) => ({ name: a.name, decision: a.decision })),
    decidedBy: d.decidedBy?.name ?? null,
    decidedAt: d.decidedAt,
    decisionNote: d.decisionNote,
    poll: d.poll ? { id: d.poll.id, status: d.poll.status } : null,
  };
}
export type PortalDistribution = ReturnType<typeof portalDistribution>;

/** What the summary needs of her distributions: the purpose and amount of those paid this year and of those waiting. */
function summaryRows(distributions: { purpose: string; amountMinor: number; status: string; paidOn: string | null; createdAt: string }[], since: Date) {
  const from = since.toISOString().slice(0, 10);
  const row = ({ purpose, amountMinor }: { purpose: string; amountMinor: number }) => ({ purpose, amountMinor });
  return {
    paidThisYear: distributions.filter((d) => d.status === "paid" && (d.paidOn ?? d.createdAt) >= from).map(row),
    waiting: distributions.filter((d) => WAITING.has(d.status)).map(row),
  };
}

/**
 * Everything of her portal. Each query below is given `subject.userId` and `subject.workspaceId` and filters by them
 * in SQL; the trust-wide totals are read only when the owner turned them on.
 */
export async function loadPortal(db: Db, session: CurrentSession, subject: PortalSubject, now = new Date()) {
  const { workspaceId, userId } = subject;
  // Her next statement's date is a stored duty: worked out first, in case no trustee has opened the duties lately.
  await ensureWorkspaceSynced(db, workspaceId, now);
  const [distributions, currency, nextStatementDue, documents, accountings, notices, polls, threadId, showsTotals, share] = await Promise.all([
    beneficiaryDistributions(db, workspaceId, userId),
    trustCurrency(db, workspaceId),
    nextAnnualAccountDue(db, workspaceId, now),
    documentsSharedWith(db, workspaceId, userId),
    accountingsDeliveredTo(db, workspaceId, userId),
    noticesOfTypes(db, workspaceId, userId, NOTICE_TYPES),
    openPollsForVoter(db, workspaceId, userId),
    findBeneficiaryThread(db, workspaceId, userId),
    portalShowsTotals(db, workspaceId),
    shareReading(db, sessionAs(session, subject)),
  ]);
  const mine = distributions.map(portalDistribution);
  const ownIds = new Set(mine.map((d) => d.id));
  const since = yearStart(now);
  const totals = showsTotals ? await trustTotals(db, workspaceId, currency ?? "USD", since) : null;
  const summary: SummaryInput = {
    trustName: subject.trustName,
    shareBp: subject.shareBp,
    ...summaryRows(mine, since),
    nextStatementDue,
  };
  return {
    subject: { userId, name: subject.name, preview: subject.preview },
    currency: currency ?? "USD",
    summary,
    share: { shareBp: subject.shareBp, instrument: share },
    distributions: mine,
    documents: documents.map((d) => ({ ...d, sharedAt: d.sharedAt.toISOString() })),
    accountings,
    // A notice names a distribution: only those about her own requests (a notice as requester of someone else's never shows).
    notices: notices
      .filter((n) => n.type === "accounting_delivered" || ownIds.has(String(n.metadata.distributionId ?? "")))
      .map((n) => ({
        id: n.id,
        type: n.type,
        at: n.createdAt,
        distributionId: typeof n.metadata.distributionId === "string" ? n.metadata.distributionId : null,
        status: typeof n.metadata.status === "string" ? n.metadata.status : null,
        documentId: typeof n.metadata.documentId === "string" ? n.metadata.documentId : null,
      })),
    // A vote on another beneficiary's request would name her and the amount: left out of the portal (it is on /polling).
    polls: polls
      .filter((p) => !p.subjectHref?.startsWith("/financial#distribution-") || ownIds.has(p.subjectHref.slice("/financial#distribution-".length)))
      .map(({ subjectHref: _subject, ...poll }) => poll),
    threadId,
    totals,
    showsTotals,
  };
}
export type PortalData = Awaited<ReturnType<typeof loadPortal>>;

async function trustTotals(db: Db, workspaceId: string, currency: string, since: Date) {
  const [distributions, cash] = await Promise.all([trustDistributionTotals(db, workspaceId, since), cashPosition(db, workspaceId, currency)]);
  return { paidThisYearMinor: distributions.paidMinor, pendingMinor: distributions.pendingMinor, cashMinor: cash.cashMinor };
}

/** For a trustee who opened the portal without choosing: whom she may preview, and the owner's switch. */
export async function previewChoices(db: Db, session: CurrentSession) {
  const workspaceId = session.workspace!.id;
  const [beneficiaries, showsTotals] = await Promise.all([listBeneficiaries(db, workspaceId), portalShowsTotals(db, workspaceId)]);
  return { beneficiaries, showsTotals, isOwner: session.workspace!.role === "owner", canPreview: canAdminister(session.workspace!.role) };
}

/** The dashboard's first card for a beneficiary: only the summary's inputs, her rows alone (lighter than the portal). */
export async function portalLead(db: Db, session: CurrentSession, now = new Date()) {
  const workspace = session.workspace;
  if (workspace?.role !== "beneficiary") return null;
  const me = await findBeneficiary(db, workspace.id, session.user.id);
  if (!me) return null;
  const [distributions, currency, nextStatementDue] = await Promise.all([
    beneficiaryDistributions(db, workspace.id, me.userId),
    trustCurrency(db, workspace.id),
    nextAnnualAccountDue(db, workspace.id, now),
  ]);
  const summary: SummaryInput = {
    trustName: workspace.name,
    shareBp: me.shareBp,
    ...summaryRows(distributions, yearStart(now)),
    nextStatementDue,
  };
  return { summary, currency: currency ?? "USD" };
}
export type PortalLead = NonNullable<Awaited<ReturnType<typeof portalLead>>>;
