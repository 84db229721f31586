import { eq, like } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { opsBeacons } from "./schema";

/** Writes a small fact for the probes to read back (one UPSERT). */
export function writeBeacon(db: Db, name: string, value: unknown, now = new Date()) {
  const text = JSON.stringify(value);
  return db
    .insert(opsBeacons)
    .values({ name, value: text, updatedAt: now })
    .onConflictDoUpdate({ target: opsBeacons.name, set: { value: text, updatedAt: now } });
}

export async function readBeacon<T>(db: Db, name: string): Promise<T | null> {
  const row = await db.select({ value: opsBeacons.value }).from(opsBeacons).where(eq(opsBeacons.name, name)).get();
  return row ? (JSON.parse(row.value) as T) : null;
}

export async function readBeacons<T>(db: Db, prefix: string): Promise<{ name: string; value: T }[]> {
  const rows = await db
    .select()
    .from(opsBeacons)
    .where(like(opsBeacons.name, `${prefix}%`))
    .all();
  return rows.map((r) => ({ name: r.name.slice(prefix.length), value: JSON.parse(r.value) as T }));
}

/** A scheduled job's last run, as `scheduledWork` reports it. */
export interface CronRun {
  startedAt: number;
  finishedAt: number;
  ok: boolean;
  error?: string;
}

/** The AI engine's last fall-back to the offline one (written by the assistant when a configured model fails). */
export interface AiFallback {
  at: number;
  engine: string;
}

export const AI_FALLBACK_BEACON = "ai:fallback";
export const CRON_BEACON_PREFIX = "cron:";
export const QUEUE_BEACON = "queue:probe";

/** Records that the assistant fell back to the offline engine; never fails the caller. */
export function recordAiFallback(db: Db, engine: string): Promise<void> {
  return writeBeacon(db, AI_FALLBACK_BEACON, { at: Date.now(), engine } satisfies AiFallback)
    .run()
    .then(
      () => undefined,
      (error: unknown) => console.warn("Could not record the AI fall-back", error),
    );
}

/** Keeps a scheduled job's last run for the cron probe; a failure to write it is logged, never thrown. */
export function recordCronRun(db: Db, name: string, run: CronRun): Promise<void> {
  return writeBeacon(db, `${CRON_BEACON_PREFIX}${name}`, { ...run, error: run.error?.slice(0, 300) })
    .run()
    .then(
      () => undefined,
      (error: unknown) => console.warn(`Could not record the run of ${name}`, error),
    );
}
