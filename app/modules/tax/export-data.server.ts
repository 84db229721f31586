import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { taxCalendarDone, taxFeedTokens, taxProfiles, taxRemindersSent } from "./schema";

/** The trust's tax settings and calendar as files of its export. */
export const taxExport: ExportContribution = {
  tables: [
    exportTable("tax/profile.json", taxProfiles, taxProfiles.workspaceId),
    exportTable("tax/calendar-done.json", taxCalendarDone, taxCalendarDone.workspaceId),
    exportTable("tax/reminders-sent.json", taxRemindersSent, taxRemindersSent.workspaceId),
    // Which calendar feeds were given out and when; the hash of the secret in each feed's address stays here.
    exportTable("tax/calendar-feeds.json", taxFeedTokens, taxFeedTokens.workspaceId, ["tokenHash"]),
  ],
};
