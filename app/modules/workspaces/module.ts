import { Shield } from "lucide-react";
import { area, defineModule, metadataText } from "../../platform/module-manifest";
import { teamCollaborationCard, trustAdministrationCard } from "./dashboard-cards";

const routeFile = (name: string) => `modules/workspaces/routes/${name}.ts`;

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
    { path: "api/workspaces/members/:userId", file: routeFile("api.member") },
    { path: "api/workspaces/leave", file: routeFile("api.leave") },
    { path: "api/workspaces/ownership", file: routeFile("api.ownership") },
    { path: "api/workspaces/ownership/:id", file: routeFile("api.ownership-offer") },
    { path: "api/workspaces/current", file: routeFile("api.current") },
    { path: "api/workspaces/second-factor", file: routeFile("api.second-factor") },
    { path: "api/workspaces/:id/restore", file: routeFile("api.restore") },
  ],
  notifications: {
    member_role_changed: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "workspaces",
      labelKey: "notifications.roleChangedLabel",
      describe: (m, t) => ({
        text: t("notifications.roleChanged", { workspace: metadataText(m, "workspace"), by: metadataText(m, "by") }),
        href: "/dashboard",
      }),
    },
    member_removed: {
      // They can no longer open the workspace, so the bell there would never ring for them: e-mail it is.
      defaults: { in_app: false, email: true, sms: false },
      namespace: "workspaces",
      labelKey: "notifications.removedLabel",
      describe: (m, t) => ({ text: t("notifications.removed", { workspace: metadataText(m, "workspace"), by: metadataText(m, "by") }), href: "/profile" }),
    },
    ownership_offered: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "workspaces",
      labelKey: "notifications.ownershipOfferedLabel",
      describe: (m, t) => ({
        text: t("notifications.ownershipOffered", { workspace: metadataText(m, "workspace"), by: metadataText(m, "by") }),
        href: "/profile#workspaces",
      }),
    },
    ownership_transferred: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "workspaces",
      labelKey: "notifications.ownershipTransferredLabel",
      describe: (m, t) => ({
        text: t("notifications.ownershipTransferred", { workspace: metadataText(m, "workspace"), to: metadataText(m, "to") }),
        href: "/admin",
      }),
    },
    workspace_deletion_scheduled: {
      defaults: { in_app: false, email: true, sms: false },
      namespace: "workspaces",
      labelKey: "notifications.deletionLabel",
      describe: (m, t) => ({
        text: t("notifications.deletion", {
          workspace: metadataText(m, "workspace"),
          by: metadataText(m, "by"),
          date: metadataText(m, "purgeAfter").slice(0, 10),
        }),
        href: "/admin",
      }),
    },
  },
  dashboardCards: { "trust-administration": trustAdministrationCard, "team-collaboration": teamCollaborationCard },
  seed: () => import("./seed"),
});
