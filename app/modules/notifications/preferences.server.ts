import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { AVAILABLE_CHANNELS, DEFAULT_COMPLIANCE_REMINDERS, resolvePreference } from "./preferences";
import { NOTIFICATION_TYPES } from "~/modules/registry";
import { complianceReminderPreferences, NOTIFICATION_CHANNELS, notificationPreferences, type NotificationChannel, type NotificationType } from "./schema";

export type PreferenceMatrix = Record<NotificationType, Record<NotificationChannel, boolean>>;

/** Every event type × channel with what applies now (stored choice or default). */
export async function getPreferences(db: Db, userId: string): Promise<PreferenceMatrix> {
  const stored = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, resolvePreference(type, channel, stored)]))]),
  ) as PreferenceMatrix;
}

/** Stores the whole matrix over every channel (texts go to the phone on the person's profile). */
export async function savePreferences(db: Db, userId: string, matrix: Partial<Record<NotificationType, Partial<Record<NotificationChannel, boolean>>>>) {
  const now = new Date();
  const rows = NOTIFICATION_TYPES.flatMap((type) =>
    AVAILABLE_CHANNELS.map((channel) => ({ userId, type, channel, enabled: matrix[type]?.[channel] ?? false, updatedAt: now })),
  );
  const [first, ...rest] = rows.map((row) =>
    db
      .insert(notificationPreferences)
      .values(row)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
        set: { enabled: row.enabled, updatedAt: now },
      }),
  );
  await db.batch([first, ...rest]);
}

export async function getComplianceReminders(db: Db, userId: string) {
  const row = await db.select().from(complianceReminderPreferences).where(eq(complianceReminderPreferences.userId, userId)).get();
  return row
    ? { leadDays: row.leadDays, inApp: row.inApp, email: row.email, sms: row.sms, overdueDaily: row.overdueDaily, saved: true }
    : { ...DEFAULT_COMPLIANCE_REMINDERS, saved: false };
}

export async function saveComplianceReminders(
  db: Db,
  userId: string,
  value: { leadDays: number[]; inApp: boolean; email: boolean; sms: boolean; overdueDaily: boolean },
) {
  const now = new Date();
  const row = { userId, leadDays: value.leadDays, inApp: value.inApp, email: value.email, sms: value.sms, overdueDaily: value.overdueDaily, updatedAt: now };
  await db
    .insert(complianceReminderPreferences)
    .values(row)
    .onConflictDoUpdate({
      target: complianceReminderPreferences.userId,
      set: { leadDays: row.leadDays, inApp: row.inApp, email: row.email, sms: row.sms, overdueDaily: row.overdueDaily, updatedAt: now },
    });
}
