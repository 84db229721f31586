import { eq, inArray } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { inChunks } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import { DEFAULT_QUIET_HOURS, quietUntil, type QuietHours } from "./quiet-hours";
import type { QuietHoursInput } from "./validation";

type QuietColumns = Pick<typeof users.$inferSelect, "timeZone" | "quietHoursEnabled" | "quietHoursStart" | "quietHoursEnd">;

/** The profile API's words in the caller's language; shared request errors come from "auth". */
export function profileT(request: Request) {
  return serverT(["profile", "auth"], resolveDisplayPreferences(request).language);
}

/** A person's zone and window as the page and the API show them (the usual 21:00–08:00 until they choose). */
export function quietSettingsOf(user: QuietColumns): { timeZone: string | null; quietHours: QuietHours } {
  return {
    timeZone: user.timeZone,
    quietHours: {
      enabled: user.quietHoursEnabled,
      start: user.quietHoursStart ?? DEFAULT_QUIET_HOURS.start,
      end: user.quietHoursEnd ?? DEFAULT_QUIET_HOURS.end,
    },
  };
}

/** PUT /api/profile/quiet-hours: saved on the person, audited with what changed to (never anyone else's). */
export async function saveQuietHours(ctx: RequestContext, session: CurrentSession, input: QuietHoursInput) {
  const { timeZone, quietHours } = input;
  await ctx.db
    .update(users)
    .set({ timeZone, quietHoursEnabled: quietHours.enabled, quietHoursStart: quietHours.start, quietHoursEnd: quietHours.end, updatedAt: new Date() })
    .where(eq(users.id, session.user.id));
  await ctx.audit({
    action: "profile.quiet_hours_updated",
    actorUserId: session.user.id,
    workspaceId: session.workspace?.id,
    targetType: "user",
    targetId: session.user.id,
    metadata: { timeZone, enabled: quietHours.enabled, start: quietHours.start, end: quietHours.end },
  });
  return { timeZone, quietHours };
}

/** A person's saved zone, or null. */
export async function timeZoneOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).get();
  return row?.timeZone ?? null;
}

/**
 * For each of these people who is inside their quiet hours now, when their window ends: a non-urgent e-mail or
 * text to them is held until then. People without quiet hours are absent from the map.
 */
export async function quietHolds(db: Db, userIds: string[], now = new Date()): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await inChunks([...new Set(userIds)], (ids) =>
    db
      .select({
        id: users.id,
        timeZone: users.timeZone,
        quietHoursEnabled: users.quietHoursEnabled,
        quietHoursStart: users.quietHoursStart,
        quietHoursEnd: users.quietHoursEnd,
      })
      .from(users)
      .where(inArray(users.id, ids)),
  );
  const holds = new Map<string, Date>();
  for (const row of rows) {
    if (!row.quietHoursEnabled) continue;
    const { quietHours, timeZone } = quietSettingsOf(row);
    const until = quietUntil(quietHours, timeZone ?? "UTC", now);
    if (until) holds.set(row.id, until);
  }
  return holds;
}
