import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/** What the assistant features are counted under (never the content of a question). */
export const AI_FEATURES = ["chat", "legal_intelligence", "drafting", "translation"] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

/** Calls per person, day and feature, for the admin's usage view; counts only, no content. */
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    feature: text("feature", { enum: AI_FEATURES }).notNull(),
    /** Which engine answered: offline, workers-ai or openai-compatible. */
    engine: text("engine").notNull(),
    calls: integer("calls").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.day, t.feature, t.engine] })],
);
