import { trusteeIds } from "~/modules/workspaces/trustees.server";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { createDb } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { calendarFor } from "./tax.server";
import { taxProfiles, taxRemindersSent } from "./schema";

/** How long before a due date the trustees are reminded. */
export const REMINDER_LEAD_DAYS = [30, 7, 1] as const;
const DAY = 86_400_000;

/**
 * The cron's tax reminders: for every trust with a tax profile, each entry not done that falls due in exactly 30,
 * 7 or 1 days is sent to its trustees once (the row in tax_reminders_sent is the guard), through their
 * notification preferences.
 */
export async function sendTaxReminders(env: Env, now: Date) {
  const db = createDb(env.DB);
  const today = now.toISOString().slice(0, 10);
  const profiles = await db.select({ workspaceId: taxProfiles.workspaceId }).from(taxProfiles).limit(500);
  for (const { workspaceId } of profiles) {
    const access = { workspaceId, userId: "", manage: false };
    const year = now.getUTCFullYear();
    const entries = [...(await calendarFor(db, access, year - 1, today)), ...(await calendarFor(db, access, year, today))];
    for (const item of entries) {
      if (item.status === "done") continue;
      const days = Math.round((Date.parse(item.dueOn) - Date.parse(today)) / DAY);
      if (!(REMINDER_LEAD_DAYS as readonly number[]).includes(days)) continue;
      const claimed = await db
        .insert(taxRemindersSent)
        .values({ workspaceId, itemKey: item.key, leadDays: days, sentAt: now })
        .onConflictDoNothing()
        .returning({ key: taxRemindersSent.itemKey });
      if (claimed.length === 0) continue;
      await notify(
        { db, env, config: getConfig(env) },
        {
          workspaceId,
          type: "tax_deadline",
          recipients: await recipientsFor(db, await trusteeIds(db, workspaceId)),
          metadata: { itemKey: item.key, titleKey: item.titleKey, titleParams: JSON.stringify(item.titleParams ?? {}), dueOn: item.dueOn, days },
        },
      );
    }
  }
}
