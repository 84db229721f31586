import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { CurrentSession, UserRow } from "~/modules/auth/session.server";
import { complianceReminderPreferences } from "~/modules/notifications/schema";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { DEFAULT_COMPLIANCE_REMINDERS } from "~/modules/notifications/preferences";
import { workspaces } from "~/modules/workspaces/schema";
import { workspaceTrustees } from "~/modules/workspaces/trustees.server";
import { createDb, type Db } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { isOverdue, reminderLead } from "./due-status";
import { recordHealthDay } from "./health.server";
import { ensureSynced, isoDay, workspaceTimeZone } from "./items.server";
import { complianceItems, complianceRemindersSent, trustProfiles } from "./schema";
import { dayIn } from "./trust-day";

const DAY = 86_400_000;
/** The longest lead time anyone can choose (the reminder form's limit). */
const MAX_LEAD = 365;
/** Each trust's duties and its score are worked out again at least this often by the cron. */
const SYNC_EVERY_MS = 6 * 3_600_000;
/** Wall time one cron run spends recomputing duties before leaving the rest to the next run. */
const CRON_BUDGET_MS = 8_000;

/** The trustees' reading of a workspace, for work no person asked for. */
async function systemSession(db: Db, workspaceId: string): Promise<CurrentSession | null> {
  const workspace = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).get();
  // A workspace waiting to be purged is closed: no reminders, no recomputed duties.
  if (!workspace || workspace.deletionRequestedAt) return null;
  const user = { id: "", name: "", email: "" } as UserRow;
  return {
    sessionId: "",
    user,
    remember: false,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      jurisdiction: workspace.jurisdiction,
      role: "owner",
      plan: workspace.plan,
      trialEndsAt: workspace.trialEndsAt,
    },
  };
}

/** The duties worked out again if stale, as the whole trust sees them: for a page read by someone who sees less (the portal). */
export async function ensureWorkspaceSynced(db: Db, workspaceId: string, now = new Date()): Promise<void> {
  const session = await systemSession(db, workspaceId);
  if (session) await ensureSynced(db, session, now);
}

/**
 * The cron's compliance work: keep each trust's duties in step with its profile and events, record the day's score,
 * and remind. A reminder goes once per item, lead time and person (the row in compliance_reminders_sent is the
 * guard), by each trustee's own lead times and channels; an item past due goes to every trustee the day after, and
 * daily after that to those who asked for it.
 */
export async function runComplianceCron(env: Env, now: Date) {
  const db = createDb(env.DB);
  // Reminders first: they read only the stored duties, so a slow recomputation elsewhere never delays them.
  const withDuties = await db
    .selectDistinct({ workspaceId: complianceItems.workspaceId })
    .from(complianceItems)
    .where(and(isNull(complianceItems.completedAt), isNull(complianceItems.withdrawnAt), lte(complianceItems.dueAt, new Date(now.getTime() + MAX_LEAD * DAY))))
    .limit(1000);
  for (const { workspaceId } of withDuties) if (await systemSession(db, workspaceId)) await sendReminders(db, env, workspaceId, now);
  // Then the duties are worked out again where they are stale, the longest-waiting first, within a time budget:
  // the rest waits for the next run, 15 minutes later.
  const stale = await db
    .select({ workspaceId: workspaces.id })
    .from(workspaces)
    .leftJoin(trustProfiles, eq(trustProfiles.workspaceId, workspaces.id))
    .where(or(isNull(trustProfiles.syncedAt), lt(trustProfiles.syncedAt, new Date(now.getTime() - SYNC_EVERY_MS))))
    .orderBy(sql`${trustProfiles.syncedAt} is not null`, asc(trustProfiles.syncedAt))
    .limit(200);
  const deadline = Date.now() + CRON_BUDGET_MS;
  for (const { workspaceId } of stale) {
    if (Date.now() > deadline) break;
    const session = await systemSession(db, workspaceId);
    if (!session) continue;
    await ensureSynced(db, session, now);
    await recordHealthDay(db, { workspaceId, userId: "", manage: false, readAll: true }, now);
  }
}

export async function sendReminders(db: Db, env: Env, workspaceId: string, now: Date) {
  // Days are counted on the trust's clock (trust-day.ts), like the pages' statuses.
  const today = dayIn(now, await workspaceTimeZone(db, workspaceId));
  const dayStart = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
  const items = await db
    .select({
      id: complianceItems.id,
      title: complianceItems.title,
      titleKey: complianceItems.titleKey,
      titleParams: complianceItems.titleParams,
      dueAt: complianceItems.dueAt,
      leadDays: complianceItems.reminderLeadDays,
    })
    .from(complianceItems)
    .where(
      and(
        eq(complianceItems.workspaceId, workspaceId),
        isNull(complianceItems.completedAt),
        isNull(complianceItems.withdrawnAt),
        gte(complianceItems.dueAt, new Date(dayStart(today).getTime() - 60 * DAY)),
        lte(complianceItems.dueAt, new Date(dayStart(today).getTime() + MAX_LEAD * DAY)),
      ),
    )
    .limit(1000);
  if (items.length === 0) return;
  const trustees = await workspaceTrustees(db, workspaceId);
  const ids = trustees.map((t) => t.userId);
  if (ids.length === 0) return;
  const preferences = new Map(
    (
      await db
        .select()
        .from(complianceReminderPreferences)
        .where(inArray(complianceReminderPreferences.userId, ids.slice(0, 90)))
    ).map((p) => [p.userId, p]),
  );
  const recipients = await recipientsFor(db, ids);
  for (const item of items) {
    const dueOn = isoDay(item.dueAt);
    const days = Math.round((Date.parse(dueOn) - Date.parse(today)) / DAY);
    const overdue = isOverdue(dueOn, false, today);
    for (const recipient of recipients) {
      const saved = preferences.get(recipient.userId);
      const leadDays = saved?.leadDays ?? item.leadDays ?? DEFAULT_COMPLIANCE_REMINDERS.leadDays;
      const overdueDaily = saved?.overdueDaily ?? DEFAULT_COMPLIANCE_REMINDERS.overdueDaily;
      const lead = reminderLead(days, overdue, leadDays, overdueDaily);
      if (lead === null) continue;
      const claimed = await db
        .insert(complianceRemindersSent)
        .values({ itemId: item.id, userId: recipient.userId, leadDays: lead, sentAt: now })
        .onConflictDoNothing()
        .returning({ itemId: complianceRemindersSent.itemId });
      if (claimed.length === 0) continue;
      await notify(
        { db, env, config: getConfig(env) },
        {
          workspaceId,
          type: overdue ? "compliance_overdue" : "compliance_deadline",
          recipients: [recipient],
          // A legal deadline already missed is urgent: each night held costs the trust a day (ADR 0033).
          urgent: overdue,
          metadata: {
            itemId: item.id,
            title: item.title,
            titleKey: item.titleKey,
            titleParams: JSON.stringify(item.titleParams ?? {}),
            dueOn,
            days: Math.abs(days),
          },
          channels: () => ({
            in_app: saved?.inApp ?? DEFAULT_COMPLIANCE_REMINDERS.inApp,
            email: saved?.email ?? DEFAULT_COMPLIANCE_REMINDERS.email,
            sms: saved?.sms ?? DEFAULT_COMPLIANCE_REMINDERS.sms,
          }),
        },
      );
    }
  }
}
