import { and, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { instrumentCandidates } from "~/modules/instruments/as-amended.server";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import type { FinanceAccess } from "./access.server";
import { authorityChoices } from "./authorities.server";
import { sameName } from "./checks";
import { listDistributions } from "./distributions.server";
import { loadBooks, trustCurrency, type LoadedBooks } from "./ledger.server";
import { allocationView, financeOverview } from "./overview.server";
import { accountingInput, noticeJurisdiction } from "./accounting.server";
import { qualifiedBeneficiaries, sentAccountings } from "./accounting-delivery.server";
import { computeAccounting } from "./accounting/compute";
import { summaryLines } from "./accounting/format";

/** This year's accounting in brief (its summary and balance check): the full report is downloaded from the API. */
async function yearToDate(db: Db, access: FinanceAccess, books: LoadedBooks) {
  const to = new Date().toISOString().slice(0, 10);
  const from = `${to.slice(0, 4)}-01-01`;
  const report = computeAccounting(await accountingInput(db, access, { from, to, reason: "annual", jurisdiction: null }, () => "", books));
  return { from, to, currency: report.trust.currency, lines: summaryLines(report), check: report.check };
}

export interface BeneficiaryChoice {
  /** "user:<id>" or "name:<name as the instrument writes it>" (form-schemas.ts). */
  value: string;
  label: string;
  member: boolean;
}

/**
 * Whom a request may be for: a trustee chooses among the members and the beneficiaries the analysed instruments
 * name who have no login; anyone else only herself.
 */
async function beneficiaryChoices(db: Db, session: CurrentSession, access: FinanceAccess): Promise<BeneficiaryChoice[]> {
  if (!access.manage) return access.mayRequestOwn ? [{ value: `user:${access.userId}`, label: session.user.name, member: true }] : [];
  const [members, candidates] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, access.workspaceId))),
    instrumentCandidates(db, session),
  ]);
  const named = new Map<string, string>();
  for (const document of candidates) {
    for (const party of document.analysis?.parties ?? []) {
      if (party.role !== "beneficiary" || members.some((m) => sameName(m.name, party.name))) continue;
      if (![...named.keys()].some((name) => sameName(name, party.name))) named.set(party.name, party.name);
    }
  }
  return [
    ...members.map((m) => ({ value: `user:${m.id}`, label: m.name, member: true })),
    ...[...named.keys()].map((name) => ({ value: `name:${name}`, label: name, member: false })),
  ];
}

/** Everything /financial shows this person, and nothing more: a beneficiary's page carries only her own requests. */
export async function financialPage(db: Db, session: CurrentSession, access: FinanceAccess) {
  const canRequest = access.manage || access.mayRequestOwn;
  const books = access.readAll ? await loadBooks(db, access) : null;
  const [overview, allocations, distributions, authorities, beneficiaries, currency, accounting, sent, qualified] = await Promise.all([
    books ? financeOverview(db, access, undefined, books) : null,
    access.readAll ? allocationView(db, access) : null,
    listDistributions(db, access),
    canRequest ? authorityChoices(db, session) : [],
    canRequest ? beneficiaryChoices(db, session, access) : [],
    trustCurrency(db, access.workspaceId),
    books?.currency ? yearToDate(db, access, books) : null,
    access.readAll ? sentAccountings(db, access) : [],
    access.manage ? qualifiedBeneficiaries(db, access.workspaceId) : [],
  ]);
  return {
    access: { manage: access.manage, readAll: access.readAll, canRequest, userId: access.userId },
    currency,
    overview,
    allocations,
    distributions,
    authorities,
    beneficiaries,
    accounting,
    sent,
    qualified,
    jurisdiction: noticeJurisdiction(session.workspace?.jurisdiction) ?? "none",
  };
}

export type FinancialPageData = Awaited<ReturnType<typeof financialPage>>;
