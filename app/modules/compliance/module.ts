import { Building2, ClipboardCheck, Gavel, Globe, ShieldCheck } from "lucide-react";
import { area, defineModule, metadataText, type NotificationMetadata } from "../../platform/module-manifest";
import { complianceMonitoringCard } from "./dashboard-card";
import { translateTitle } from "./item-title";

const parseParams = (json: string): Record<string, unknown> => {
  try {
    return JSON.parse(json || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * A statute duty's title in the reader's words; a clause's duty as the instrument words it. The notification's own
 * sentences are in "notifications", which every page that lists notifications loads.
 */
const itemTitle = (m: NotificationMetadata, t: (key: string, options?: Record<string, unknown>) => string) => {
  const key = metadataText(m, "titleKey");
  // The rule's words live in "compliance" (loaded on its pages); elsewhere the English title stored with it stands in.
  return key ? translateTitle(t, key, { ...parseParams(metadataText(m, "titleParams")), defaultValue: metadataText(m, "title") }) : metadataText(m, "title");
};

/**
 * Trust administration and compliance (issue 18): the trust's profile read from its analysed instrument, its
 * events, the duties of its jurisdictions' rule packs and of its own clauses with their deadlines, the score and
 * reminders, and the hash-chained audit. /compliance is where the assistant's "Check Compliance" leads (spec §8).
 */
export const complianceModule = defineModule({
  id: "compliance",
  areas: [
    area("/trust-administration", "administration", Building2, true),
    // /compliance is the assistant's short address for this area and redirects here.
    area("/compliance-health", "compliance", ShieldCheck, true, { alsoAt: ["/compliance"] }),
    area("/multi-jurisdiction-compliance", "compliance", Globe, true),
    area("/regulatory-audit", "compliance", ClipboardCheck, true),
    area("/ethical-compliance", "compliance", Gavel, true),
  ],
  pages: [
    { path: "trust-administration", file: "modules/compliance/routes/trust-administration.tsx" },
    { path: "compliance-health", file: "modules/compliance/routes/compliance-health.tsx" },
    { path: "multi-jurisdiction-compliance", file: "modules/compliance/routes/multi-jurisdiction.tsx" },
    { path: "regulatory-audit", file: "modules/compliance/routes/regulatory-audit.tsx" },
    { path: "ethical-compliance", file: "modules/compliance/routes/ethical-compliance.tsx" },
  ],
  routes: [
    { path: "compliance", file: "routes/compliance.tsx" },
    { path: "api/trust/profile", file: "modules/compliance/routes/api.profile.ts" },
    { path: "api/trust/events", file: "modules/compliance/routes/api.events.ts", id: "trust-events" },
    { path: "api/trust/events/:id", file: "modules/compliance/routes/api.events.ts", id: "trust-event" },
    { path: "api/compliance/items", file: "modules/compliance/routes/api.items.ts", id: "compliance-items" },
    { path: "api/compliance/items/:id", file: "modules/compliance/routes/api.items.ts", id: "compliance-item" },
    { path: "api/compliance/health", file: "modules/compliance/routes/api.health.ts" },
    { path: "api/compliance/rules", file: "modules/compliance/routes/api.rules.ts" },
    { path: "api/audit/verify", file: "modules/compliance/routes/api.audit-verify.ts" },
    { path: "api/audit/entries", file: "modules/compliance/routes/api.audit-entries.ts" },
    { path: "api/ethics", file: "modules/compliance/routes/api.ethics.ts" },
    { path: "api/ethics/parties", file: "modules/compliance/routes/api.ethics-parties.ts", id: "ethics-parties" },
    { path: "api/ethics/parties/:id", file: "modules/compliance/routes/api.ethics-parties.ts", id: "ethics-party" },
    { path: "api/ethics/trustees/:userId", file: "modules/compliance/routes/api.ethics-disclosures.ts", id: "ethics-disclosure" },
    { path: "api/ethics/attestations", file: "modules/compliance/routes/api.ethics-disclosures.ts", id: "ethics-attestations" },
    { path: "api/ethics/flags/:key", file: "modules/compliance/routes/api.ethics-flags.ts" },
  ],
  helpTopics: ["compliance"],
  dashboardCards: { "compliance-monitoring": complianceMonitoringCard },
  notifications: {
    compliance_deadline: {
      email: "reminder",
      defaults: { in_app: true, email: true, sms: false },
      namespace: "notifications",
      labelKey: "complianceNotice.deadlineLabel",
      describe: (m, t) => ({
        text: t("complianceNotice.deadline", { title: itemTitle(m, t), count: Number(m.days ?? 0), on: metadataText(m, "dueOn") }),
        href: `/compliance-health#item-${metadataText(m, "itemId")}`,
      }),
    },
    compliance_overdue: {
      email: "reminder",
      defaults: { in_app: true, email: true, sms: false },
      namespace: "notifications",
      labelKey: "complianceNotice.overdueLabel",
      describe: (m, t) => ({
        text: t("complianceNotice.overdue", { title: itemTitle(m, t), count: Number(m.days ?? 0), on: metadataText(m, "dueOn") }),
        href: `/compliance-health#item-${metadataText(m, "itemId")}`,
      }),
    },
    // The daily check's chain head (ADR 0023): off everywhere until a trustee asks for it; a broken chain is sent to all.
    audit_chain_head: {
      defaults: { in_app: false, email: false, sms: false },
      namespace: "notifications",
      labelKey: "chainHead.label",
      describe: (m, t) => ({
        text:
          m.ok === false
            ? t("chainHead.brokenNotice", { on: metadataText(m, "on"), seq: Number(m.seq ?? 0) })
            : t("chainHead.notice", {
                on: metadataText(m, "on"),
                entries: Number(m.entries ?? 0),
                seq: Number(m.seq ?? 0),
                hash: metadataText(m, "hash").slice(0, 16),
              }),
        href: "/regulatory-audit",
      }),
    },
  },
  seed: () => import("./seed"),
});
