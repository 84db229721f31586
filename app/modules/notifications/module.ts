import { Bell, BellRing } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** The notification centre, each person's channels per event, and compliance reminder lead times. */
export const notificationsModule = defineModule({
  id: "notifications",
  areas: [area("/notifications", "conversations", Bell, true), area("/compliance-notifications", "compliance", BellRing, true)],
  pages: [
    { path: "notifications", file: "routes/notifications.tsx" },
    { path: "compliance-notifications", file: "routes/compliance-notifications.tsx" },
  ],
  routes: [
    { path: "api/notifications", file: "routes/api.notifications.ts" },
    { path: "api/notifications/preferences", file: "routes/api.notifications.preferences.ts" },
  ],
});
