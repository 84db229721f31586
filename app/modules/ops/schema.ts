import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const SERVICES = ["d1", "r2", "queue", "rooms", "ai", "mail", "sms", "cron"] as const;
export type Service = (typeof SERVICES)[number];
export const HEALTH_STATUSES = ["healthy", "degraded", "down"] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** One probe of one service, written by the cron every run; kept 7 days for the history chart. */
export const healthProbes = sqliteTable(
  "health_probes",
  {
    id: text("id").primaryKey(),
    service: text("service").notNull(),
    status: text("status", { enum: HEALTH_STATUSES }).notNull(),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("health_probes_checked_idx").on(t.checkedAt)],
);

/**
 * Small facts the probes read back: the D1 round trip's row, the queue probe's sent and acknowledged times, the
 * AI engine's last fall-back to the offline one, each scheduled job's last run and outcome (`cron:<name>`).
 */
export const opsBeacons = sqliteTable("ops_beacons", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const ERROR_STATUSES = ["open", "resolved", "ignored", "fixed_next"] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * Errors grouped by fingerprint, per workspace ("" for errors outside any workspace): the group carries the counts
 * so storage grows with the number of distinct errors, not with their occurrences.
 */
export const errorGroups = sqliteTable(
  "error_groups",
  {
    id: text("id").primaryKey(),
    /** The workspace the errors happened in, or "" (signed out, the cron, the queue). */
    scope: text("scope").notNull(),
    fingerprint: text("fingerprint").notNull(),
    source: text("source", { enum: ["browser", "worker"] }).notNull(),
    type: text("type").notNull(),
    message: text("message").notNull(),
    count: integer("count").notNull(),
    firstSeen: integer("first_seen", { mode: "timestamp_ms" }).notNull(),
    lastSeen: integer("last_seen", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ERROR_STATUSES }).notNull(),
    /** "fixed in the next release": the release it was marked in; an occurrence in another release reopens it. */
    fixedInRelease: text("fixed_in_release"),
  },
  (t) => [uniqueIndex("error_groups_scope_fp_idx").on(t.scope, t.fingerprint), index("error_groups_last_idx").on(t.lastSeen)],
);

/** The latest occurrences of a group (a few per group, pruned by the cron): stack, route, release, browser, trail. */
export const errorEvents = sqliteTable(
  "error_events",
  {
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => errorGroups.id, { onDelete: "cascade" }),
    /** The person's id, never their data. */
    userId: text("user_id"),
    /** The browser tab's error session (the "report a problem" form attaches its last errors). */
    sessionKey: text("session_key"),
    route: text("route"),
    release: text("release"),
    browser: text("browser"),
    stack: text("stack"),
    breadcrumbs: text("breadcrumbs"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("error_events_group_idx").on(t.groupId, t.createdAt), index("error_events_session_idx").on(t.sessionKey, t.createdAt)],
);

/** Who was affected (distinct people) and in which releases, one row each, so the counts stay exact and bounded. */
export const errorGroupPeople = sqliteTable(
  "error_group_people",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => errorGroups.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

export const errorGroupReleases = sqliteTable(
  "error_group_releases",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => errorGroups.id, { onDelete: "cascade" }),
    release: text("release").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.release] })],
);

export const REPORT_STATUSES = ["received", "investigating", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A person's "report a problem": their words, and with their consent the ids of their session's last errors. */
export const problemReports = sqliteTable(
  "problem_reports",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id"),
    userId: text("user_id").notNull(),
    description: text("description").notNull(),
    route: text("route"),
    /** JSON list of error_events ids, attached only with consent. */
    errorIds: text("error_ids").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("problem_reports_user_idx").on(t.userId, t.createdAt), index("problem_reports_created_idx").on(t.createdAt)],
);
