import { sql } from "drizzle-orm";
import type { Db } from "./db.server";

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Fixed-window counter in D1: one UPSERT per hit, the window restarting once it has passed. */
export async function hitRateLimit(db: Db, key: string, limit: Limit): Promise<number> {
  const [hit] = await hitRateLimits(db, [{ key, limit }]);
  return hit!.count;
}

export interface LimitHit {
  key: string;
  count: number;
  /** Seconds until the key's window restarts. */
  retryAfter: number;
}

/**
 * Several counters hit in one statement (one D1 round trip), each answering its count and when its window restarts,
 * so a caller that is over a limit learns how long to wait without a second read.
 */
export async function hitRateLimits(db: Db, hits: readonly { key: string; limit: Limit }[]): Promise<LimitHit[]> {
  if (hits.length === 0) return [];
  const now = Date.now();
  const values = sql.join(
    hits.map(({ key, limit }) => sql`(${key}, 1, ${now + limit.windowMs})`),
    sql`, `,
  );
  const rows = await db.all<{ key: string; count: number; reset_at: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES ${values}
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING key, count, reset_at`);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return hits.map(({ key }) => {
    const row = byKey.get(key);
    return { key, count: row?.count ?? 1, retryAfter: row ? Math.max(0, Math.ceil((row.reset_at - now) / 1000)) : 0 };
  });
}

/** Seconds until the key may try again, or 0 when it is under its limit. */
export async function rateLimitRetryAfter(db: Db, key: string, { limit }: Limit): Promise<number> {
  const row = await db.get<{ count: number; reset_at: number }>(sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key}`);
  const now = Date.now();
  if (!row || row.reset_at <= now || row.count < limit) return 0;
  return Math.ceil((row.reset_at - now) / 1000);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.run(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.run(sql`DELETE FROM rate_limits WHERE reset_at <= ${Date.now()}`);
}
