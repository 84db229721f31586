import { defineServerModule } from "~/platform/module-manifest.server";
import { communicationExport } from "./export-data.server";
import { sendDueMessages } from "./scheduled.server";

export const communicationServer = defineServerModule({
  id: "communication",
  scheduled: [{ name: "send scheduled messages", run: (env, now) => sendDueMessages(env, now) }],
  exportData: communicationExport,
});
