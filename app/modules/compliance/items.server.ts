import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, max, sql } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { documents } from "~/modules/documents/schema";
import { financeAccountingDeliveries, financeAccountings } from "~/modules/finance/schema";
import { taxCalendar } from "~/modules/tax/calendar";
import { taxCalendarDone } from "~/modules/tax/schema";
import { markCalendarItem, taxAccess, taxProfile } from "~/modules/tax/tax.server";
import { allPages, chunks, D1_IN_LIST } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { type ComplianceAccess, requireManage, trusteeView } from "./access.server";
import { type ItemStatus, itemStatus } from "./due-status";
import { requireDeliveryEvidence, requireEvidence } from "./evidence.server";
import { citedSections, datedInstrumentDuties } from "./instrument-duties";
import { translateTitle } from "./item-title";
import { readTrustDocuments, trustFacts } from "./profile.server";
import { type DueItem, dueItems, type RuleVerdict } from "./rules/engine";
import { allRules } from "./rules/packs";
import { complianceItems, type ComplianceEvidence, trustProfiles } from "./schema";
import { dayIn, trustTimeZone } from "./trust-day";

/** The engine's key for a tax calendar date ("us-tax:1041-2026"). */
const TAX_PREFIX = "us-tax:";
/** Duties are worked out from two years back to two years ahead. */
const WINDOW_YEARS = 2;
/** Worked out again when older than this, or when a document changed since. */
const SYNC_STALE_MS = 6 * 3_600_000;
/** The sync reads the stored keys in pages of this many rows. */
const KEY_PAGE = 5000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

export interface ComputedDuties {
  items: DueItem[];
  verdicts: RuleVerdict[];
  unknownJurisdictions: string[];
  jurisdictions: string[];
  undated: { duty: string; reference: string | null; due: string | null; sourceText: string | null }[];
}

/** Everything the rule packs and the instrument say is due, for the window around today (nothing stored). */
export async function computeDuties(
  db: Db,
  session: CurrentSession,
  today: string,
): Promise<ComputedDuties & { instrumentItems: ReturnType<typeof datedInstrumentDuties>["items"]; documentId: string | null }> {
  const workspaceId = session.workspace!.id;
  const year = Number(today.slice(0, 4));
  const window = { from: `${year - WINDOW_YEARS}-01-01`, to: `${year + WINDOW_YEARS}-12-31` };
  const view = trusteeView(session);
  const [{ values, events }, reading, tax, deliveries] = await Promise.all([
    trustFacts(db, session, today),
    readTrustDocuments(db, view),
    taxProfile(db, taxAccess(view)),
    db
      .selectDistinct({ on: sql<string>`date(${financeAccountingDeliveries.deliveredAt} / 1000, 'unixepoch')` })
      .from(financeAccountingDeliveries)
      .where(eq(financeAccountingDeliveries.workspaceId, workspaceId))
      .limit(500),
  ]);
  const taxItems = [year - 1, year, year + 1].flatMap((y) => taxCalendar(tax, y));
  const computed = dueItems(
    {
      type: values.type,
      jurisdictions: values.jurisdictions,
      beneficiaryCount: values.beneficiaries.length,
      events: events.map((e) => ({ id: e.id, type: e.type, occurredOn: e.occurredOn })),
      accountingDeliveredOn: deliveries.map((d) => d.on),
      estateTaxReturnRequired: values.estateTaxReturnRequired,
    },
    window,
    taxItems,
  );
  const tracked = new Set(computed.items.flatMap((item) => citedSections(item.citation)));
  // The trust as amended: a duty an amendment added or rewrote is the one tracked, not the original's.
  const { items: instrumentItems, undated } = datedInstrumentDuties(reading?.duties ?? [], events, window, tracked, {
    settlorCount: values.settlors.length,
  });
  return {
    ...computed,
    jurisdictions: values.jurisdictions,
    instrumentItems,
    documentId: reading?.instrument.documentId ?? null,
    undated: undated.map((d) => ({ duty: d.duty, reference: d.reference, due: d.due, sourceText: d.sourceText })),
  };
}

/**
 * Keeps the stored items in step with what the rules now say: new ones are added, dates and citations follow the
 * rules, and an item the rules no longer produce (its event was withdrawn) is hidden unless it was done.
 */
export async function syncItems(db: Db, session: CurrentSession, now = new Date()): Promise<void> {
  const workspaceId = session.workspace!.id;
  const duties = await computeDuties(db, session, isoDay(now));
  // The stored title is English (the dashboard's and the assistant's fallback); pages translate the key.
  const english = serverT(["compliance", "tax"], "en");
  const rows = [
    ...duties.items
      .filter((item) => item.dueOn)
      .map((item) => ({
        key: item.key,
        title: translateTitle(english, item.titleKey, item.titleParams ?? {}),
        titleKey: item.titleKey,
        titleParams: item.titleParams ?? null,
        source: "statute" as const,
        jurisdiction: item.jurisdiction,
        ruleId: item.ruleId,
        citation: item.citation,
        citationUrl: item.sourceUrl,
        statutoryDueOn: item.statutoryDueOn,
        dueAt: dayStart(item.dueOn!),
        severity: item.severity,
        responsibleParty: item.actor,
        alsoCitations: item.also.map(({ jurisdiction, citation, sourceUrl }) => ({ jurisdiction, citation, sourceUrl })),
        reminderLeadDays: item.reminderLeadDays,
        documentId: null as string | null,
        sourceText: null as string | null,
      })),
    ...duties.instrumentItems.map((item) => ({
      key: item.key,
      title: item.title,
      titleKey: null,
      titleParams: null,
      source: "instrument" as const,
      jurisdiction: null,
      ruleId: null,
      citation: [item.reference, item.citation].filter(Boolean).join(" · ") || null,
      citationUrl: null,
      statutoryDueOn: item.dueOn,
      dueAt: dayStart(item.dueOn),
      severity: "medium" as const,
      responsibleParty: item.responsible,
      alsoCitations: null,
      reminderLeadDays: null,
      documentId: item.documentId ?? duties.documentId,
      sourceText: item.sourceText,
    })),
  ];
  // Every stored key, however many: a key not seen here would be inserted again and break the unique index.
  const existing = await allPages(
    (after, limit) =>
      db
        .select({ id: complianceItems.id, key: complianceItems.key, completedAt: complianceItems.completedAt, withdrawnAt: complianceItems.withdrawnAt })
        .from(complianceItems)
        // Paged on the key itself: the (workspace, key) unique index orders and bounds each page.
        .where(and(eq(complianceItems.workspaceId, workspaceId), after === null ? sql`${complianceItems.key} is not null` : gt(complianceItems.key, after)))
        .orderBy(asc(complianceItems.key))
        .limit(limit),
    (row) => row.key!,
    KEY_PAGE,
  );
  const byKey = new Map(existing.map((row) => [row.key!, row]));
  const produced = new Set(rows.map((row) => row.key));
  const statements = [];
  for (const row of rows) {
    const found = byKey.get(row.key);
    if (found)
      statements.push(
        db
          .update(complianceItems)
          .set({ ...row, withdrawnAt: null })
          .where(eq(complianceItems.id, found.id)),
      );
    // A sync running at the same time (a request and the cron) may have inserted it first: that one stands.
    else
      statements.push(
        db
          .insert(complianceItems)
          .values({ ...row, id: crypto.randomUUID(), workspaceId, createdAt: now })
          .onConflictDoNothing({ target: [complianceItems.workspaceId, complianceItems.key] }),
      );
  }
  const gone = existing.filter((row) => !produced.has(row.key!) && !row.completedAt && !row.withdrawnAt).map((row) => row.id);
  for (const slice of chunks(gone, D1_IN_LIST)) statements.push(db.update(complianceItems).set({ withdrawnAt: now }).where(inArray(complianceItems.id, slice)));
  statements.push(
    db
      .insert(trustProfiles)
      .values({ workspaceId, overrides: {}, updatedAt: now, syncedAt: now })
      .onConflictDoUpdate({ target: trustProfiles.workspaceId, set: { syncedAt: now } }),
  );
  for (let i = 0; i < statements.length; i += 50) {
    const slice = statements.slice(i, i + 50);
    await db.batch(slice as [(typeof slice)[number], ...(typeof slice)[number][]]);
  }
  await completeAnnualAccounts(db, workspaceId);
  await followTaxCalendar(db, workspaceId);
}

/** The tax calendar keeps whether a tax date is done (one source): its items here follow it both ways. */
async function followTaxCalendar(db: Db, workspaceId: string) {
  await db.run(sql`update ${complianceItems} set completed_at = d.done_at, completed_by = d.done_by, evidence = json_object('note', d.note)
      from ${taxCalendarDone} d
      where d.workspace_id = ${complianceItems.workspaceId} and ${complianceItems.key} = 'us-tax:' || d.item_key
        and ${complianceItems.workspaceId} = ${workspaceId} and ${complianceItems.completedAt} is null`);
  await db.run(sql`update ${complianceItems} set completed_at = null, completed_by = null, evidence = null
      where ${complianceItems.workspaceId} = ${workspaceId} and ${complianceItems.key} like 'us-tax:%' and ${complianceItems.completedAt} is not null
        and not exists (select 1 from ${taxCalendarDone} d where d.workspace_id = ${workspaceId} and 'us-tax:' || d.item_key = ${complianceItems.key})`);
}

/** An accounting delivered to the beneficiaries is the annual account's evidence: the item whose period it covers is done. */
async function completeAnnualAccounts(db: Db, workspaceId: string) {
  const accountings = await db
    .select({
      id: financeAccountings.id,
      periodTo: financeAccountings.periodTo,
      documentId: financeAccountings.documentId,
      deliveredAt: max(financeAccountingDeliveries.deliveredAt),
      sentBy: financeAccountings.sentBy,
    })
    .from(financeAccountings)
    .innerJoin(financeAccountingDeliveries, eq(financeAccountingDeliveries.accountingId, financeAccountings.id))
    .where(eq(financeAccountings.workspaceId, workspaceId))
    .groupBy(financeAccountings.id)
    .limit(200);
  // An accounting is the evidence of one annual account only: one already used must not complete next year's too.
  const used = new Set(
    (
      await db
        .select({ deliveryId: sql<string>`json_extract(${complianceItems.evidence}, '$.deliveryId')` })
        .from(complianceItems)
        .where(and(eq(complianceItems.workspaceId, workspaceId), sql`json_extract(${complianceItems.evidence}, '$.deliveryId') is not null`))
    ).map((row) => row.deliveryId),
  );
  for (const accounting of accountings) {
    if (used.has(accounting.id)) continue;
    // The open annual-account item due soonest after the accounting's period ended.
    const item = await firstOpenAnnualAccount(db, workspaceId, dayStart(accounting.periodTo));
    if (!item || !accounting.deliveredAt) continue;
    await db
      .update(complianceItems)
      .set({ completedAt: accounting.deliveredAt, completedBy: accounting.sentBy, evidence: { deliveryId: accounting.id, documentId: accounting.documentId } })
      .where(and(eq(complianceItems.id, item.id), isNull(complianceItems.completedAt)));
  }
}

/** The rules whose duty an accounting fulfils: the annual account of each jurisdiction that asks for one. */
const ANNUAL_ACCOUNT_RULES = allRules()
  .filter((rule) => rule.duty === "annual-account")
  .map((rule) => rule.id);

/** Works the items out again when they are stale or a document changed since; cheap otherwise (two small reads). */
export async function ensureSynced(db: Db, session: CurrentSession, now = new Date()) {
  const workspaceId = session.workspace!.id;
  const [profile, latest] = await db.batch([
    db.select({ syncedAt: trustProfiles.syncedAt }).from(trustProfiles).where(eq(trustProfiles.workspaceId, workspaceId)),
    db
      .select({ at: max(documents.updatedAt) })
      .from(documents)
      .where(eq(documents.workspaceId, workspaceId)),
  ]);
  const syncedAt = profile[0]?.syncedAt?.getTime() ?? 0;
  const changedAt = latest[0]?.at?.getTime() ?? 0;
  if (now.getTime() - syncedAt > SYNC_STALE_MS || changedAt > syncedAt || isoDay(new Date(syncedAt)) !== isoDay(now)) await syncItems(db, session, now);
}

export interface ItemView {
  id: string;
  title: string;
  titleKey: string | null;
  titleParams: Record<string, string | number> | null;
  dueOn: string;
  statutoryDueOn: string | null;
  citation: string | null;
  citationUrl: string | null;
  also: { jurisdiction: string; citation: string; sourceUrl: string }[];
  jurisdiction: string | null;
  source: "statute" | "instrument" | "manual";
  documentId: string | null;
  sourceText: string | null;
  status: ItemStatus;
  responsible: string | null;
  severity: "high" | "medium" | "low";
  completedAt: string | null;
  /** The day it was done on the trust's clock. */
  completedOn: string | null;
  onTime: boolean | null;
  evidence: ComplianceEvidence | null;
}

const itemColumns = {
  id: complianceItems.id,
  title: complianceItems.title,
  titleKey: complianceItems.titleKey,
  titleParams: complianceItems.titleParams,
  dueAt: complianceItems.dueAt,
  statutoryDueOn: complianceItems.statutoryDueOn,
  citation: complianceItems.citation,
  citationUrl: complianceItems.citationUrl,
  also: complianceItems.alsoCitations,
  jurisdiction: complianceItems.jurisdiction,
  source: complianceItems.source,
  documentId: complianceItems.documentId,
  sourceText: complianceItems.sourceText,
  responsible: complianceItems.responsibleParty,
  severity: complianceItems.severity,
  completedAt: complianceItems.completedAt,
  evidence: complianceItems.evidence,
};

function toView(row: Awaited<ReturnType<typeof selectItems>>[number], today: string, timeZone: string, access: ComplianceAccess): ItemView {
  const dueOn = isoDay(row.dueAt);
  const completedOn = row.completedAt ? dayIn(row.completedAt, timeZone) : null;
  return {
    id: row.id,
    title: row.title,
    titleKey: row.titleKey,
    titleParams: row.titleParams ?? null,
    dueOn,
    statutoryDueOn: row.statutoryDueOn,
    citation: row.citation,
    citationUrl: row.citationUrl,
    also: row.also ?? [],
    jurisdiction: row.jurisdiction,
    source: row.source ?? "manual",
    // The clause's words and the document are the trustees' (and the lawyer's); others see the duty and its date.
    documentId: access.readAll ? row.documentId : null,
    sourceText: access.readAll ? row.sourceText : null,
    status: itemStatus(dueOn, row.completedAt, today),
    responsible: row.responsible,
    severity: row.severity ?? "medium",
    completedAt: row.completedAt?.toISOString() ?? null,
    completedOn,
    onTime: completedOn ? completedOn <= dueOn : null,
    evidence: access.readAll ? (row.evidence ?? null) : null,
  };
}

function selectItems(db: Db, workspaceId: string, range: { from?: string; to?: string }, limit: number) {
  return db
    .select(itemColumns)
    .from(complianceItems)
    .where(
      and(
        eq(complianceItems.workspaceId, workspaceId),
        isNull(complianceItems.withdrawnAt),
        range.from ? gte(complianceItems.dueAt, dayStart(range.from)) : undefined,
        range.to ? lte(complianceItems.dueAt, dayStart(range.to)) : undefined,
      ),
    )
    .orderBy(asc(complianceItems.dueAt))
    .limit(limit)
    .all();
}

/** The most items a page or the API lists (earliest due first); `truncated` says when there were more. */
export const ITEMS_LIMIT = 5000;

export interface ItemsPage {
  items: ItemView[];
  /** More items fall in the range than `limit` (ITEMS_LIMIT): the pages and the API say so. */
  truncated: boolean;
  limit: number;
  /** Today on the trust's clock (trust-day.ts), which the statuses were read against. */
  today: string;
  timeZone: string;
}

export async function listItems(db: Db, access: ComplianceAccess, range: { from?: string; to?: string }, now = new Date()): Promise<ItemsPage> {
  const [rows, timeZone] = await Promise.all([selectItems(db, access.workspaceId, range, ITEMS_LIMIT + 1), workspaceTimeZone(db, access.workspaceId)]);
  const today = dayIn(now, timeZone);
  return {
    items: rows.slice(0, ITEMS_LIMIT).map((row) => toView(row, today, timeZone, access)),
    truncated: rows.length > ITEMS_LIMIT,
    limit: ITEMS_LIMIT,
    today,
    timeZone,
  };
}

/** The trust's clock, from the jurisdictions its stored duties come from (trust-day.ts). */
export async function workspaceTimeZone(db: Db, workspaceId: string): Promise<string> {
  const rows = await db
    .selectDistinct({ jurisdiction: complianceItems.jurisdiction })
    .from(complianceItems)
    .where(and(eq(complianceItems.workspaceId, workspaceId), isNull(complianceItems.withdrawnAt), isNotNull(complianceItems.jurisdiction)))
    .limit(20);
  return trustTimeZone(rows.map((row) => row.jurisdiction).sort());
}

/** Marks a duty done (with what proves it) or open again; trustees only; audited. */
export async function updateItem(
  ctx: RequestContext,
  access: ComplianceAccess,
  id: string,
  input: { done: boolean; evidence?: ComplianceEvidence | null },
): Promise<ItemView> {
  const row = await ctx.db
    .select({ id: complianceItems.id, key: complianceItems.key })
    .from(complianceItems)
    .where(and(eq(complianceItems.id, id), eq(complianceItems.workspaceId, access.workspaceId)))
    .get();
  if (!row) throw new Refusal(404, "errors.itemNotFound");
  requireManage(access);
  await requireEvidence(ctx.db, access.workspaceId, input.evidence?.documentId, "evidence");
  await requireDeliveryEvidence(ctx.db, access.workspaceId, input.evidence?.deliveryId);
  const now = new Date();
  // A tax date's status lives in the tax calendar (one source); this item follows it.
  if (row.key?.startsWith(TAX_PREFIX)) {
    const note = input.evidence?.note ?? null;
    await markCalendarItem(ctx, { workspaceId: access.workspaceId, userId: access.userId, manage: true }, row.key.slice(TAX_PREFIX.length), input.done, note);
  }
  await ctx.db.batch([
    ctx.db
      .update(complianceItems)
      .set(
        input.done
          ? { completedAt: now, completedBy: access.userId, evidence: input.evidence ?? null }
          : { completedAt: null, completedBy: null, evidence: null },
      )
      .where(eq(complianceItems.id, id)),
    ctx.auditStatement({
      action: input.done ? "compliance.item_done" : "compliance.item_reopened",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "compliance_item",
      targetId: id,
      metadata: { evidence: input.evidence?.documentId ? "document" : input.evidence?.deliveryId ? "delivery" : input.evidence?.note ? "note" : null },
    }),
  ]);
  const [[updated], timeZone] = await Promise.all([
    ctx.db.select(itemColumns).from(complianceItems).where(eq(complianceItems.id, id)),
    workspaceTimeZone(ctx.db, access.workspaceId),
  ]);
  return toView(updated!, dayIn(now, timeZone), timeZone, access);
}

/** The open annual-account item (the beneficiaries' statement) due soonest on or after a day. */
function firstOpenAnnualAccount(db: Db, workspaceId: string, from: Date) {
  return db
    .select({ id: complianceItems.id, dueAt: complianceItems.dueAt })
    .from(complianceItems)
    .where(
      and(
        eq(complianceItems.workspaceId, workspaceId),
        isNull(complianceItems.completedAt),
        isNull(complianceItems.withdrawnAt),
        sql`${complianceItems.ruleId} in (select value from json_each(${JSON.stringify(ANNUAL_ACCOUNT_RULES)}))`,
        gte(complianceItems.dueAt, from),
      ),
    )
    .orderBy(asc(complianceItems.dueAt))
    .limit(1)
    .get();
}

/** When the trust's next annual account (the beneficiaries' statement) is due, from the stored duties; null when none is open. */
export async function nextAnnualAccountDue(db: Db, workspaceId: string, now = new Date()): Promise<string | null> {
  const row = await firstOpenAnnualAccount(db, workspaceId, dayStart(isoDay(now)));
  return row ? isoDay(row.dueAt) : null;
}
