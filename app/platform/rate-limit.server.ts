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
  /** Over its limit: this hit is refused. */
  over: boolean;
}

/**
 * Several counters hit in one statement (one D1 round trip), each answering its count and when its window restarts,
 * so a caller that is over a limit learns how long to wait without a second read.
 */
export async function hitRateLimits(db: Db, hits: readonly { key: string; limit: Limit }[]): Promise<LimitHit[]> {
  if (hits.length === 0) return [];
  const counted = countedHits(db.$client, hits);
  return counted.read(await counted.statement.all());
}

interface CountedRow {
  key: string;
  count: number;
  reset_at: number;
}

/** The SQL of a hit on every key; the window restarts for a key whose window has passed. */
function upsertSql(n: number) {
  return `INSERT INTO rate_limits (key, count, reset_at) VALUES ${Array(n).fill("(?, 1, ?)").join(", ")}
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING key, count, reset_at`;
}

/** The hits as one prepared statement, with `read` for its result: each key's count and when its window restarts. */
function countedHits(d1: D1Database, hits: readonly { key: string; limit: Limit }[], now = Date.now()) {
  const statement = d1.prepare(upsertSql(hits.length)).bind(...hits.flatMap(({ key, limit }) => [key, now + limit.windowMs]), now, now);
  const read = (result: D1Result): LimitHit[] => {
    const byKey = new Map((result.results as CountedRow[]).map((r) => [r.key, r]));
    return hits.map(({ key, limit }) => {
      const row = byKey.get(key);
      const count = row?.count ?? 1;
      return { key, count, retryAfter: row ? Math.max(0, Math.ceil((row.reset_at - now) / 1000)) : 0, over: count > limit.limit };
    });
  };
  return { statement, read };
}

/**
 * An attempt counted before it is checked: the counters are hit in one statement that also answers their counts, so
 * the count and the refusal are one step and N attempts at the same moment never get more than the limit checked (a
 * read of the count before the check and a hit after it let every parallel attempt through). `over` is the first
 * counter past its limit (the longest wait of those), null when the attempt may go on.
 */
export async function takeAttempt(db: Db, hits: readonly { key: string; limit: Limit }[]): Promise<{ over: LimitHit | null; hits: LimitHit[] }> {
  const counted = await hitRateLimits(db, hits);
  // Of several counters past their limits, the one that keeps the attempt waiting longest.
  const over = counted.filter((hit) => hit.over).sort((a, b) => b.retryAfter - a.retryAfter)[0] ?? null;
  return { over, hits: counted };
}

/**
 * Gives back an attempt counted by `takeAttempt` that turned out to be one the limit does not count (a right password
 * where only failures are limited). Only the attempt's own hit: an attempt made at the same moment already saw it.
 */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.run(sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${key} AND count > 0 AND reset_at > ${Date.now()}`);
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
