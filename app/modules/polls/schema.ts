import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

export const POLL_TYPES = ["yes_no", "single", "multiple", "ranked"] as const;
export type PollType = (typeof POLL_TYPES)[number];

/** Who may vote: every member, members with chosen roles, or chosen people. */
export const POLL_ELIGIBILITY = ["all", "roles", "people"] as const;
export type PollEligibility = (typeof POLL_ELIGIBILITY)[number];

export const POLL_STATUSES = ["open", "closed"] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

/** A decision put to the family: a proposal (yes/no/abstain) or a choice among options. */
export const polls = sqliteTable(
  "polls",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    type: text("type", { enum: POLL_TYPES }).notNull(),
    status: text("status", { enum: POLL_STATUSES }).notNull(),
    closesAt: integer("closes_at", { mode: "timestamp_ms" }).notNull(),
    eligibility: text("eligibility", { enum: POLL_ELIGIBILITY }).notNull(),
    eligibleRoles: text("eligible_roles", { mode: "json" }).$type<string[]>(),
    /** Share of the eligible voters (by weight when weighted) who must vote, 0–100. */
    quorumPercent: integer("quorum_percent").notNull(),
    /** Tallies stay hidden until the poll closes. */
    hideResults: integer("hide_results", { mode: "boolean" }).notNull(),
    /** Votes weigh each voter's beneficial interest in the trust (memberships.beneficial_share_bp). */
    weighted: integer("weighted", { mode: "boolean" }).notNull(),
    /** Nobody sees who chose what; who has voted is still shown (needed for reminders and quorum). */
    anonymous: integer("anonymous", { mode: "boolean" }).notNull(),
    /** The computed result (tally.ts TallyResult), written once when the poll closes. */
    result: text("result", { mode: "json" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    closedBy: text("closed_by").references(() => users.id, { onDelete: "set null" }),
    lastRemindedAt: integer("last_reminded_at", { mode: "timestamp_ms" }),
    /** The record this vote decides (a distribution request), linked from the poll's page: the link goes both ways. */
    subjectHref: text("subject_href"),
  },
  (t) => [index("polls_ws_created_idx").on(t.workspaceId, t.createdAt), index("polls_status_closes_idx").on(t.status, t.closesAt)],
);

export const pollOptions = sqliteTable(
  "poll_options",
  {
    id: text("id").primaryKey(),
    pollId: text("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    /** For proposals: which of yes, no and abstain this option is. */
    role: text("role", { enum: ["yes", "no", "abstain"] }),
  },
  (t) => [uniqueIndex("poll_options_poll_position_idx").on(t.pollId, t.position)],
);

/** The eligible voters, fixed when the poll opens, with the weight each vote carries. */
export const pollVoters = sqliteTable(
  "poll_voters",
  {
    pollId: text("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    /** 1 when the poll is not weighted; basis points of beneficial interest when it is. */
    weight: integer("weight").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index("poll_voters_user_idx").on(t.userId)],
);

/** One ballot per person per poll (the unique index is the guarantee); changing it updates the row. */
export const pollBallots = sqliteTable(
  "poll_ballots",
  {
    id: text("id").primaryKey(),
    pollId: text("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    voterId: text("voter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Option ids; for ranked choice in order of preference. */
    choices: text("choices", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    changes: integer("changes").notNull().default(0),
  },
  (t) => [uniqueIndex("poll_ballots_poll_voter_idx").on(t.pollId, t.voterId)],
);

/** People told of every vote (spec: vote_cast goes to the poll's creator and watchers). */
export const pollWatchers = sqliteTable(
  "poll_watchers",
  {
    pollId: text("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);
