import { defineServerModule } from "~/platform/module-manifest.server";
import { sendTaxReminders } from "./reminders.server";

export const taxServer = defineServerModule({
  id: "tax",
  scheduled: [{ name: "tax deadline reminders", run: sendTaxReminders }],
});
