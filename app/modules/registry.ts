import type { DashboardCard, DashboardCardId } from "~/modules/dashboard/cards";
import type { ModuleManifest, NotificationKind } from "~/platform/module-manifest";
import { aiModule } from "./ai/module";
import { authModule } from "./auth/module";
import { backupsModule } from "./backups/module";
import { bankingModule } from "./banking/module";
import { communicationModule } from "./communication/module";
import { complianceModule } from "./compliance/module";
import { conversationsModule } from "./conversations/module";
import { dashboardModule } from "./dashboard/module";
import { documentsModule } from "./documents/module";
import { draftingModule } from "./drafting/module";
import { emailModule } from "./email/module";
import { exportsModule } from "./exports/module";
import { financeModule } from "./finance/module";
import { helpModule } from "./help/module";
import { instrumentsModule } from "./instruments/module";
import { mailModule } from "./mail/module";
import { marketingModule } from "./marketing/module";
import { meetingsModule } from "./meetings/module";
import { notificationsModule } from "./notifications/module";
import { opsModule } from "./ops/module";
import { plannedModule } from "./planned/module";
import { pollsModule } from "./polls/module";
import { portalModule } from "./portal/module";
import { preferencesModule } from "./preferences/module";
import { profileModule } from "./profile/module";
import { scannerModule } from "./scanner/module";
import { taxModule } from "./tax/module";
import { translationModule } from "./translation/module";
import { workspacesModule } from "./workspaces/module";

/**
 * Every domain of the product, one line each (docs/adding-a-module.md). The shell, the help centre, the
 * notifications, the dashboard, the route config and the seed read their parts from here; the Worker's
 * half of each domain is found next to it (registry.server.ts). The order is the seed's order (a domain's
 * demo data may refer to an earlier one's) and the help centre's order of sections.
 */
export const MODULES = [
  workspacesModule,
  helpModule,
  documentsModule,
  instrumentsModule,
  complianceModule,
  conversationsModule,
  communicationModule,
  emailModule,
  pollsModule,
  meetingsModule,
  bankingModule,
  financeModule,
  taxModule,
  portalModule,
  plannedModule,
  opsModule,
  authModule,
  preferencesModule,
  profileModule,
  dashboardModule,
  aiModule,
  draftingModule,
  translationModule,
  scannerModule,
  notificationsModule,
  mailModule,
  marketingModule,
  exportsModule,
  backupsModule,
] as const;

type AnyModule = (typeof MODULES)[number] & ModuleManifest;
const modules: readonly AnyModule[] = MODULES;

/** Every notification type with its defaults and words, from the modules that send them. */
export const NOTIFICATION_KINDS: Readonly<Record<string, NotificationKind>> = Object.fromEntries(modules.flatMap((m) => Object.entries(m.notifications ?? {})));

/** The notification types in the order the modules list them (the preferences table's rows). */
export const NOTIFICATION_TYPES: readonly string[] = Object.keys(NOTIFICATION_KINDS);

/** The namespaces the notification words live in, for pages that list every type. */
export const NOTIFICATION_NAMESPACES: readonly string[] = [...new Set(Object.values(NOTIFICATION_KINDS).map((kind) => kind.namespace ?? "common"))];

/** A notification type's name, for the preferences table and the filter (`t` of the notifications namespace). */
export function notificationTypeLabel(type: string, t: (key: string, options?: { ns: string }) => string): string {
  const kind = NOTIFICATION_KINDS[type];
  return kind?.labelKey && kind.namespace ? t(kind.labelKey, { ns: kind.namespace }) : t(`type.${type}`);
}

export function isNotificationType(value: unknown): value is string {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_KINDS, value);
}

/** The help centre's sections, in the modules' order; their anchors are linked from the assistant and the dashboard. */
export const HELP_TOPICS: readonly string[] = modules.flatMap((m) => m.helpTopics ?? []);

/** The spec's dashboard cards that a module fills, by card id. */
export const DASHBOARD_CARDS: Partial<Record<DashboardCardId, DashboardCard>> = Object.assign({}, ...modules.map((m) => m.dashboardCards ?? {}));

/** The namespaces the dashboard loads for cards that speak in their module's own words. */
export const DASHBOARD_NAMESPACES: readonly string[] = [
  ...new Set(
    Object.values(DASHBOARD_CARDS)
      .map((card) => card?.namespace)
      .filter((ns): ns is string => Boolean(ns)),
  ),
];
