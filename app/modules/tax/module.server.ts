import { defineServerModule } from "~/platform/module-manifest.server";
import { sendTaxReminders } from "./reminders.server";
import { taxExport } from "./export-data.server";
import { revokeFeedsOfDepartedMember, revokeFeedsOnRoleChange } from "./member-changes.server";

export const taxServer = defineServerModule({
  id: "tax",
  exportData: taxExport,
  on: { "member.role_changed": revokeFeedsOnRoleChange, "member.left": revokeFeedsOfDepartedMember },
  scheduled: [{ name: "tax deadline reminders", run: sendTaxReminders }],
});
