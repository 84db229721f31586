import { and, eq, isNull } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { workspaces } from "~/modules/workspaces/schema";
import { canAdminister, seesWholeWorkspace } from "~/modules/workspaces/roles";
import { randomToken, sha256Hex } from "~/platform/crypto.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { taxCalendar, type TaxCalendarItem, type TrustTaxProfile } from "./calendar";
import { taxCalendarDone, taxFeedTokens, taxProfiles } from "./schema";

/**
 * Who sees the trust's taxes: its owner, trustees and lawyer (the tax calendar is administration, and the EIN is the
 * trust's). Beneficiaries get their own K-1 figures in the beneficiary portal, not here.
 */
export interface TaxAccess {
  workspaceId: string;
  userId: string;
  manage: boolean;
}

export function taxAccess(session: CurrentSession): TaxAccess {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  if (!seesWholeWorkspace(workspace.role)) throw new Refusal(403, "errors.noTaxAccess");
  return { workspaceId: workspace.id, userId: session.user.id, manage: canAdminister(workspace.role) };
}

export interface TaxProfileView extends TrustTaxProfile {
  /** "••-•••6789": the whole number is never sent to the page. */
  einMasked: string | null;
  /** False until someone saves the profile: the calendar is then worked out from the workspace's jurisdiction. */
  saved: boolean;
}

const STATE_NAMES: Record<string, string> = { california: "CA", florida: "FL", texas: "TX", "new york": "NY", illinois: "IL", washington: "WA" };

/** The state a jurisdiction like "California, USA" names, for a profile nobody has saved yet. */
export function stateOf(jurisdiction: string | null): string[] {
  const lower = (jurisdiction ?? "").toLowerCase();
  const found = Object.entries(STATE_NAMES).find(([name]) => lower.includes(name));
  return found ? [found[1]] : [];
}

export const maskEin = (ein: string | null) => (ein ? `••-•••${ein.replace(/\D/g, "").slice(-4)}` : null);

export async function taxProfile(db: Db, access: TaxAccess): Promise<TaxProfileView> {
  const [row, workspace] = await db.batch([
    db.select().from(taxProfiles).where(eq(taxProfiles.workspaceId, access.workspaceId)),
    db.select({ jurisdiction: workspaces.jurisdiction }).from(workspaces).where(eq(workspaces.id, access.workspaceId)),
  ]);
  const saved = row[0];
  if (!saved)
    return {
      grantor: false,
      taxYearEndMonth: 12,
      states: stateOf(workspace[0]?.jurisdiction ?? null),
      januaryEstimateSkipped: false,
      einMasked: null,
      saved: false,
    };
  return {
    grantor: saved.grantor,
    taxYearEndMonth: saved.taxYearEndMonth,
    states: saved.states,
    januaryEstimateSkipped: saved.januaryEstimateSkipped,
    einMasked: maskEin(saved.ein),
    saved: true,
  };
}

export interface ProfileInput {
  grantor: boolean;
  taxYearEndMonth: number;
  states: string[];
  januaryEstimateSkipped: boolean;
  /** Absent: keep the stored one; null: remove it. */
  ein?: string | null;
}

export async function saveTaxProfile(ctx: RequestContext, access: TaxAccess, input: ProfileInput): Promise<TaxProfileView> {
  if (!access.manage) throw new Refusal(403, "errors.onlyTrustees");
  const now = new Date();
  const values = {
    grantor: input.grantor,
    taxYearEndMonth: input.taxYearEndMonth,
    states: [...new Set(input.states)],
    januaryEstimateSkipped: input.januaryEstimateSkipped,
    updatedBy: access.userId,
    updatedAt: now,
    ...(input.ein !== undefined ? { ein: input.ein } : {}),
  };
  await ctx.db
    .insert(taxProfiles)
    .values({ workspaceId: access.workspaceId, ein: input.ein ?? null, ...values })
    .onConflictDoUpdate({ target: taxProfiles.workspaceId, set: values });
  await ctx.audit({
    action: "tax.profile_saved",
    workspaceId: access.workspaceId,
    actorUserId: access.userId,
    targetType: "workspace",
    targetId: access.workspaceId,
    // The EIN itself never goes into the log: only that it changed.
    metadata: { grantor: input.grantor, taxYearEndMonth: input.taxYearEndMonth, states: values.states.join(","), einChanged: input.ein !== undefined },
  });
  return taxProfile(ctx.db, access);
}

export type CalendarStatus = "done" | "overdue" | "due_soon" | "upcoming" | "passed";

export interface CalendarEntry extends TaxCalendarItem {
  status: CalendarStatus;
  done: { by: string | null; at: string; note: string | null } | null;
}

const DAY = 86_400_000;

/** Where an entry stands today: done, overdue (a required one past its day), due within 30 days, later, or an option that passed. */
export function statusOf(item: Pick<TaxCalendarItem, "dueOn" | "optional">, done: boolean, today: string): CalendarStatus {
  if (done) return "done";
  if (item.dueOn < today) return item.optional ? "passed" : "overdue";
  return Date.parse(item.dueOn) - Date.parse(today) <= 30 * DAY ? "due_soon" : "upcoming";
}

/** The calendar of one tax year, each entry with what was done and where it stands. */
export async function calendarFor(db: Db, access: TaxAccess, year: number, today = new Date().toISOString().slice(0, 10)): Promise<CalendarEntry[]> {
  const profile = await taxProfile(db, access);
  const marks = await db
    .select({ key: taxCalendarDone.itemKey, by: users.name, at: taxCalendarDone.doneAt, note: taxCalendarDone.note })
    .from(taxCalendarDone)
    .leftJoin(users, eq(users.id, taxCalendarDone.doneBy))
    .where(eq(taxCalendarDone.workspaceId, access.workspaceId));
  const byKey = new Map(marks.map((m) => [m.key, m]));
  return taxCalendar(profile, year).map((item) => {
    const mark = byKey.get(item.key);
    return { ...item, status: statusOf(item, Boolean(mark), today), done: mark ? { by: mark.by, at: mark.at.toISOString(), note: mark.note } : null };
  });
}

/** Done, with who and when; or not done after all. Audited either way. */
export async function markCalendarItem(ctx: RequestContext, access: TaxAccess, key: string, done: boolean, note: string | null) {
  if (!access.manage) throw new Refusal(403, "errors.onlyTrustees");
  const year = Number(key.match(/-(\d{4})(?:-\d)?$/)?.[1]);
  if (!year || !(await calendarFor(ctx.db, access, year)).some((item) => item.key === key)) throw new Refusal(404, "errors.itemNotFound");
  if (done) {
    await ctx.db
      .insert(taxCalendarDone)
      .values({ workspaceId: access.workspaceId, itemKey: key, doneBy: access.userId, doneAt: new Date(), note })
      .onConflictDoUpdate({ target: [taxCalendarDone.workspaceId, taxCalendarDone.itemKey], set: { doneBy: access.userId, doneAt: new Date(), note } });
  } else {
    await ctx.db.delete(taxCalendarDone).where(and(eq(taxCalendarDone.workspaceId, access.workspaceId), eq(taxCalendarDone.itemKey, key)));
  }
  await ctx.audit({
    action: done ? "tax.item_done" : "tax.item_undone",
    workspaceId: access.workspaceId,
    actorUserId: access.userId,
    targetType: "tax_calendar_item",
    targetId: null,
    metadata: { key },
  });
  return { key, done };
}

/** A new secret feed address for this person (any earlier one keeps working until revoked); the token is shown once. */
export async function createFeedToken(ctx: RequestContext, access: TaxAccess): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const id = crypto.randomUUID();
  await ctx.db
    .insert(taxFeedTokens)
    .values({ id, workspaceId: access.workspaceId, userId: access.userId, tokenHash: await sha256Hex(token), createdAt: new Date() });
  await ctx.audit({ action: "tax.feed_created", workspaceId: access.workspaceId, actorUserId: access.userId, targetType: "tax_feed", targetId: id });
  return { id, token };
}

export async function listFeedTokens(db: Db, access: TaxAccess) {
  const rows = await db
    .select({ id: taxFeedTokens.id, createdAt: taxFeedTokens.createdAt })
    .from(taxFeedTokens)
    .where(and(eq(taxFeedTokens.workspaceId, access.workspaceId), eq(taxFeedTokens.userId, access.userId), isNull(taxFeedTokens.revokedAt)));
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString() }));
}

export async function revokeFeedToken(ctx: RequestContext, access: TaxAccess, id: string) {
  const [row] = await ctx.db
    .update(taxFeedTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(taxFeedTokens.id, id),
        eq(taxFeedTokens.workspaceId, access.workspaceId),
        eq(taxFeedTokens.userId, access.userId),
        isNull(taxFeedTokens.revokedAt),
      ),
    )
    .returning({ id: taxFeedTokens.id });
  if (!row) throw new Refusal(404, "errors.feedNotFound");
  await ctx.audit({ action: "tax.feed_revoked", workspaceId: access.workspaceId, actorUserId: access.userId, targetType: "tax_feed", targetId: id });
  return { id, revoked: true };
}

/** The feed a secret address opens, if it is still valid and its owner still sees the trust's taxes. */
export async function feedByToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db
    .select({ workspaceId: taxFeedTokens.workspaceId, userId: taxFeedTokens.userId, language: users.language, workspaceName: workspaces.name })
    .from(taxFeedTokens)
    .innerJoin(users, eq(users.id, taxFeedTokens.userId))
    .innerJoin(workspaces, eq(workspaces.id, taxFeedTokens.workspaceId))
    .where(and(eq(taxFeedTokens.tokenHash, await sha256Hex(token)), isNull(taxFeedTokens.revokedAt)))
    .get();
  return row ?? null;
}
