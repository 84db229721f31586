import { Shield } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";
import { teamCollaborationCard, trustAdministrationCard } from "./dashboard-cards";

/** Workspaces, members, roles and invitations: starting a trust's workspace and running it (/admin). */
export const workspacesModule = defineModule({
  id: "workspaces",
  areas: [area("/admin", "administration", Shield, true, { adminOnly: true })],
  pages: [{ path: "admin", file: "routes/admin.tsx" }],
  routes: [
    { path: "customer-signup", file: "routes/customer-signup.tsx" },
    { path: "invite-signup", file: "routes/invite-signup.tsx" },
    { path: "api/workspaces/switch", file: "routes/api.workspaces.switch.ts" },
    { path: "api/workspaces/members/:userId/share", file: "routes/api.workspaces.members.$userId.share.ts" },
  ],
  dashboardCards: { "trust-administration": trustAdministrationCard, "team-collaboration": teamCollaborationCard },
  seed: () => import("./seed"),
});
