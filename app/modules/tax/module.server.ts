import { defineServerModule } from "~/platform/module-manifest.server";
import { sendTaxReminders } from "./reminders.server";
import { taxExport } from "./export-data.server";

export const taxServer = defineServerModule({
  id: "tax",
  exportData: taxExport,
  scheduled: [{ name: "tax deadline reminders", run: sendTaxReminders }],
});
