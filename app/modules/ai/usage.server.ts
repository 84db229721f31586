import { and, desc, eq, gte, sql } from "drizzle-orm";
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

/** A workspace's assistant calls per month (YYYY-MM), feature and engine, newest month first: counts only. */
export async function monthlyUsage(db: Db, workspaceId: string, months = 12) {
  const month = sql<string>`substr(${aiUsage.day}, 1, 7)`;
  const since = new Date();
  since.setUTCMonth(since.getUTCMonth() - (months - 1), 1);
  return db
    .select({ month, feature: aiUsage.feature, engine: aiUsage.engine, calls: sql<number>`sum(${aiUsage.calls})` })
    .from(aiUsage)
    .where(and(eq(aiUsage.workspaceId, workspaceId), gte(aiUsage.day, usageDay(since).slice(0, 8) + "01")))
    .groupBy(month, aiUsage.feature, aiUsage.engine)
    .orderBy(desc(month))
    .all();
}
