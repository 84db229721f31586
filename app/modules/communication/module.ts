import { Sparkles } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/**
 * Smart communication (issue 21): message templates with merge fields from the workspace, usable in chat, SMS
 * threads and e-mail, and messages written now and sent later, once, by the cron.
 */
export const communicationModule = defineModule({
  id: "communication",
  areas: [area("/smart-communication", "conversations", Sparkles, true)],
  pages: [{ path: "smart-communication", file: "modules/communication/routes/smart-communication.tsx" }],
  routes: [
    { path: "api/communication/templates", file: "modules/communication/routes/api.templates.ts" },
    { path: "api/communication/templates/preview", file: "modules/communication/routes/api.templates-preview.ts" },
    { path: "api/communication/templates/:id", file: "modules/communication/routes/api.template.ts" },
    { path: "api/communication/assist", file: "modules/communication/routes/api.assist.ts" },
    { path: "api/communication/scheduled", file: "modules/communication/routes/api.scheduled.ts" },
    { path: "api/communication/scheduled/:id", file: "modules/communication/routes/api.scheduled-item.ts", id: "communication-scheduled" },
    { path: "api/communication/scheduled/:id/:command", file: "modules/communication/routes/api.scheduled-item.ts", id: "communication-scheduled-command" },
  ],
});
