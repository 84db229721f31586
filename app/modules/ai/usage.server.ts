import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { aiUsage, type AiFeature } from "./schema";

/** The UTC day a call is counted under, YYYY-MM-DD. */
export function usageDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Counts one call (one UPSERT; never the question or the answer). */
export function recordUsage(db: Db, entry: { workspaceId: string; userId: string; feature: AiFeature; engine: string }, now = new Date()) {
  return db
    .insert(aiUsage)
    .values({ ...entry, day: usageDay(now), calls: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.workspaceId, aiUsage.userId, aiUsage.day, aiUsage.feature, aiUsage.engine],
      set: { calls: sql`${aiUsage.calls} + 1` },
    });
}
