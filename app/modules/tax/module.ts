import { Receipt } from "lucide-react";
import { area, defineModule, metadataText } from "../../platform/module-manifest";

const parseParams = (json: string): Record<string, unknown> => {
  try {
    return JSON.parse(json || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Tax administration (issue 17): the trust's tax profile, its calendar of federal and state due dates rolled past
 * weekends and holidays, reminders and a calendar feed, the K-1 worksheets and the estimated-tax helper.
 */
export const taxModule = defineModule({
  id: "tax",
  areas: [area("/tax-administration", "money", Receipt, true)],
  pages: [{ path: "tax-administration", file: "modules/tax/routes/tax-administration.tsx" }],
  routes: [
    { path: "api/tax/profile", file: "modules/tax/routes/api.profile.ts" },
    { path: "api/tax/calendar", file: "modules/tax/routes/api.calendar.ts", id: "tax-calendar" },
    { path: "api/tax/calendar/:key/:command", file: "modules/tax/routes/api.calendar.ts", id: "tax-calendar-command" },
    { path: "api/tax/k1", file: "modules/tax/routes/api.k1.ts" },
    { path: "api/tax/safe-harbour", file: "modules/tax/routes/api.safe-harbour.ts" },
    { path: "api/tax/feeds", file: "modules/tax/routes/api.feeds.ts", id: "tax-feeds" },
    { path: "api/tax/feeds/:id", file: "modules/tax/routes/api.feeds.ts", id: "tax-feed-revoke" },
    { path: "api/tax/feed/:token", file: "modules/tax/routes/feed.ts" },
  ],
  helpTopics: ["tax"],
  notifications: {
    tax_deadline: {
      email: "reminder",
      defaults: { in_app: true, email: true, sms: false },
      namespace: "tax",
      labelKey: "notifications.deadlineLabel",
      describe: (m, t) => {
        const params = parseParams(metadataText(m, "titleParams"));
        return {
          text: t("notifications.deadline", { title: t(metadataText(m, "titleKey"), params), count: Number(m.days ?? 0), on: metadataText(m, "dueOn") }),
          href: "/tax-administration",
        };
      },
    },
  },
  seed: () => import("./seed"),
});
