import type { TFunction } from "i18next";
import type { DashboardCard, DashboardCardId } from "~/modules/dashboard/cards";
import type { LucideIcon } from "lucide-react";
import type { NavArea, NavGroupId } from "~/modules/navigation/areas";
import type { NotificationChannel } from "~/modules/notifications/schema";

/**
 * What a domain tells the shell about itself (docs/adding-a-module.md, docs/decisions/0017). This half is
 * safe everywhere: the route config reads it at build time and the browser reads it for the navigation
 * and the notifications. What only the Worker may run (jobs, scheduled work, dashboard queries) is in
 * the domain's `module.server.ts` (see module-manifest.server.ts).
 */
export interface ModuleManifest {
  /** The domain's folder name under app/modules. */
  id: string;
  /** Pages drawn inside the signed-in shell (app/routes/_app.tsx). Files are relative to app/. */
  pages?: ModuleRoute[];
  /** Every other route: JSON APIs, webhooks, signed-out pages. */
  routes?: ModuleRoute[];
  /** Its areas in the navigation (sidebar, phone menu, /modules), each a signed-in page of the spec. */
  areas?: readonly NavArea[];
  /** The help centre's sections this domain explains, in the order they appear. */
  helpTopics?: readonly string[];
  /** The events a person can be told about, each with its default channels and its words. */
  notifications?: Record<string, NotificationKind>;
  /** The spec's dashboard cards this domain fills, each from the figures its `module.server.ts` reads. */
  dashboardCards?: Partial<Record<DashboardCardId, DashboardCard>>;
  /** The demo workspace's data for this domain, run by `npm run seed` in Node (never bundled into a page). */
  seed?: () => Promise<{ seed: SeedStep }>;
}

export interface ModuleRoute {
  path: string;
  file: string;
  /** Needed only when one file serves several paths. */
  id?: string;
}

export interface NotificationKind {
  /** What a person gets before they choose (the notification centre's preferences start here). */
  defaults: Record<NotificationChannel, boolean>;
  /** The locale namespace `describe` and the toast title read (public/locales/{lng}/{namespace}.json); "common" if absent. */
  namespace?: string;
  /** Its name in the preferences table and the filter, in `namespace`; without one, notifications.json's `type.<type>`. */
  labelKey?: string;
  /** Which of the product's e-mails carries it (/email-personalization): a reminder of something owed, or a notification. */
  email?: "reminder" | "notification";
  /** The notification in the reader's words, and where it leads: the bell, the centre, the toasts and e-mails use this one text. */
  describe: (metadata: NotificationMetadata, t: TFunction) => NotificationWords;
  /** A live toast for the event: its title key and how long it stays (spec section 9). Absent: no toast. */
  toast?: {
    titleKey: string;
    durationMs: number;
    /** Plays the notification sound (spec section 7: a vote). */
    sound?: boolean;
    /** No toast while the person is already looking at what it is about. */
    skipOn?: (metadata: NotificationMetadata, pathname: string) => boolean;
  };
}

export type NotificationMetadata = Record<string, unknown>;

export interface NotificationWords {
  text: string;
  href: string | null;
  /** A quotation under the text (a chat message's first words). */
  detail?: string;
}

/** A metadata field as text: anything else (missing, a number from an old row) reads as empty. */
export const metadataText = (metadata: NotificationMetadata, key: string): string => {
  const value = metadata[key];
  return typeof value === "string" ? value : "";
};

/** The demo workspace as `npm run seed` builds it: who is in it, and helpers every step shares. */
export interface DemoWorkspace {
  workspaceId: string;
  now: number;
  /** The demo password, hashed once by the seed script with this machine's pepper. */
  passwordHash: string;
  members: readonly DemoMember[];
  /** SQL literal of a value: quoted and escaped text, a number, or NULL. */
  sql: (value: string | number | null) => string;
  /** A file from tests/fixtures, as bytes. */
  readFixture: (relativePath: string) => Uint8Array;
}

export interface DemoMember {
  id: string;
  name: string;
  username: string;
  email: string;
  role: string;
  phone: string | null;
}

export interface SeedOutput {
  /** Idempotent statements (fixed ids, ON CONFLICT …), run in the order the registry lists the modules. */
  statements: string[];
  /** Files to put in R2. */
  objects?: { key: string; fixture: string; contentType: string }[];
  /** One line for the seed's summary ("3 analysed documents"). */
  summary?: string;
}

export type SeedStep = (demo: DemoWorkspace) => SeedOutput | Promise<SeedOutput>;

/** One area of the navigation; its name is `help:module.<path>` unless `labelKey` says otherwise. */
export function area(path: string, group: NavGroupId, icon: LucideIcon, ready: boolean, extra: Partial<NavArea> = {}): NavArea {
  return { path, labelKey: `help:module.${path.slice(1)}`, icon, group, ready, ...extra };
}

export function defineModule<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}
