import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { documents } from "../documents/schema";
import { workspaces } from "../workspaces/schema";
import { CONFLICT_BASES, FLAG_RESOLUTIONS, RELATIONS } from "./ethics/checks";
import { TRUST_EVENT_TYPES, type TrustEventType, TRUST_TYPES } from "./event-types";

export const COMPLIANCE_SOURCES = ["statute", "instrument", "manual"] as const;
export type ComplianceSource = (typeof COMPLIANCE_SOURCES)[number];
export const SEVERITIES = ["high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What proves a duty done: a document, an accounting's delivery record, or a note. */
export interface ComplianceEvidence {
  documentId?: string | null;
  deliveryId?: string | null;
  note?: string | null;
}

/**
 * A duty with a deadline: file the trust's tax return, send the annual accounting, serve the notice… Statute and
 * instrument items are computed from the trust's profile, its events and its rule packs, and kept here under a
 * stable `key` so that their status and evidence survive recomputation. `due_at` is the due day at 00:00 UTC: a
 * deadline is a date without a time.
 */
export const complianceItems = sqliteTable(
  "compliance_items",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** Who must do it, in the document's words ("the Trustee"). */
    responsibleParty: text("responsible_party"),
    citation: text("citation"),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Stable across recomputation ("ca-16061.7-irrevocable:<event id>"); null for an item someone added by hand. */
    key: text("key"),
    source: text("source", { enum: COMPLIANCE_SOURCES }),
    jurisdiction: text("jurisdiction"),
    ruleId: text("rule_id"),
    citationUrl: text("citation_url"),
    /** The law's date before weekend and holiday rolling. */
    statutoryDueOn: text("statutory_due_on"),
    severity: text("severity", { enum: SEVERITIES }),
    /** Title as a translation key with its values, so each reader sees it in their language (title keeps English). */
    titleKey: text("title_key"),
    titleParams: text("title_params", { mode: "json" }).$type<Record<string, string | number>>(),
    /** The clause's words for an instrument duty. */
    sourceText: text("source_text"),
    /** Other jurisdictions' rules for the same duty, merged into this item (the earliest date wins). */
    alsoCitations: text("also_citations", { mode: "json" }).$type<{ jurisdiction: string; citation: string; sourceUrl: string }[]>(),
    reminderLeadDays: text("reminder_lead_days", { mode: "json" }).$type<number[]>(),
    completedBy: text("completed_by").references(() => users.id, { onDelete: "set null" }),
    evidence: text("evidence", { mode: "json" }).$type<ComplianceEvidence>(),
    /** The rules no longer produce it (an event was withdrawn): kept when done, hidden otherwise. */
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("compliance_ws_due_idx").on(t.workspaceId, t.dueAt), uniqueIndex("compliance_ws_key_idx").on(t.workspaceId, t.key)],
);

/**
 * The trust's profile: what was read from its analysed instrument is computed each time; only what people
 * changed is stored, field by field, with who changed it (`overrides`).
 */
export const trustProfiles = sqliteTable("trust_profiles", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  overrides: text("overrides", { mode: "json" }).$type<Record<string, { value: unknown; by: string; at: string }>>().notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  /** When the duties were last worked out from the profile, the events and the rule packs. */
  syncedAt: integer("synced_at", { mode: "timestamp_ms" }),
});

export { TRUST_EVENT_TYPES, type TrustEventType, TRUST_TYPES };

/** What happened to the trust, with its date: each can start deadlines (a settlor's death starts the notice's 60 days). */
export const trustEvents = sqliteTable(
  "trust_events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    type: text("type", { enum: TRUST_EVENT_TYPES }).notNull(),
    occurredOn: text("occurred_on").notNull(),
    /** Whom it concerns, as people say it ("Thomas J. Hartwell"). */
    subject: text("subject"),
    note: text("note"),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("trust_events_ws_idx").on(t.workspaceId, t.occurredOn)],
);

/** The guard that sends a reminder once per item, lead time and person, however often the cron runs. */
export const complianceRemindersSent = sqliteTable(
  "compliance_reminders_sent",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => complianceItems.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Days before the due date; negative for an overdue escalation (days past it). */
    leadDays: integer("lead_days").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId, t.leadDays] })],
);

/** The score each day, for its chart. */
export const complianceHealthDays = sqliteTable(
  "compliance_health_days",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    score: integer("score"),
    due: integer("due").notNull(),
    onTime: integer("on_time").notNull(),
    overdue: integer("overdue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

/**
 * The conflicts register: a trustee's related persons and entities, with what allows dealing with them (and the
 * document that proves it). The ethics checks match payees against these names, aliases and account numbers.
 */
export const relatedParties = sqliteTable(
  "related_parties",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    trusteeUserId: text("trustee_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    relation: text("relation", { enum: RELATIONS }).notNull(),
    aliases: text("aliases", { mode: "json" }).$type<string[]>().notNull(),
    accountLastFour: text("account_last_four"),
    basisKind: text("basis_kind", { enum: CONFLICT_BASES }),
    basisDocumentId: text("basis_document_id").references(() => documents.id, { onDelete: "set null" }),
    basisNote: text("basis_note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("related_parties_ws_idx").on(t.workspaceId, t.trusteeUserId)],
);

/** What a trustee discloses about themself: other names they are paid under, and their own accounts (commingling). */
export const trusteeDisclosures = sqliteTable(
  "trustee_disclosures",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    aliases: text("aliases", { mode: "json" }).$type<string[]>().notNull(),
    ownAccountLastFours: text("own_account_last_fours", { mode: "json" }).$type<string[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** A trustee's dated statement that the register holds every conflict they have: kept, never edited. */
export const conflictAttestations = sqliteTable(
  "conflict_attestations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    trusteeUserId: text("trustee_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The sentence they attested, in the words they read it. */
    statement: text("statement").notNull(),
    /** How many related parties they had registered then. */
    partyCount: integer("party_count").notNull(),
    note: text("note"),
    attestedAt: integer("attested_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("conflict_attestations_ws_idx").on(t.workspaceId, t.trusteeUserId, t.attestedAt)],
);

/** How a flag was settled: flags are recomputed from the money each time, so the review is kept by the flag's key. */
export const ethicsFlagReviews = sqliteTable(
  "ethics_flag_reviews",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    flagKey: text("flag_key").notNull(),
    resolution: text("resolution", { enum: FLAG_RESOLUTIONS }).notNull(),
    reason: text("reason").notNull(),
    evidenceDocumentId: text("evidence_document_id").references(() => documents.id, { onDelete: "set null" }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.flagKey] })],
);
