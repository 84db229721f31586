// Backup object names and which ones have expired (pure, shared by the cron and the restore script's listing).

export const PREFIX = "d1/";

/** `d1/2026-11-28/DB.sql.gz`: one per UTC day, so `npm run restore -- --from 2026-11-28` names it (the time is inside). */
export function backupKey(now: Date): string {
  return `${PREFIX}${now.toISOString().slice(0, 10)}/DB.sql.gz`;
}

/** The UTC day a backup key belongs to, or null for anything else in the bucket (never deleted). */
export function backupDay(key: string): Date | null {
  const match = key.match(/^d1\/(\d{4}-\d{2}-\d{2})\//);
  if (!match) return null;
  const day = new Date(`${match[1]}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? null : day;
}

/** Keys of days more than `days` days before today (today counts as day 1, so `days` daily backups remain). */
export function expiredKeys(keys: string[], now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const oldestKept = today - (days - 1) * 86_400_000;
  return keys.filter((key) => {
    const day = backupDay(key);
    return day !== null && day.getTime() < oldestKept;
  });
}
