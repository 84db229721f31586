import { and, desc, eq, gt } from "drizzle-orm";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { sessions } from "../schema";
import { revokeUserSessions, type CurrentSession } from "../session.server";
import { describeDevice, type DeviceLabel } from "./device-label";

/** One of a person's signed-in devices, as `/profile` and `GET /api/sessions` show it. */
export interface SignedInDevice extends DeviceLabel {
  id: string;
  current: boolean;
  /** Two letters where Cloudflare placed the sign-in's IP; null when unknown. */
  country: string | null;
  signedInAt: string;
  lastSeenAt: string;
  remembered: boolean;
}

/** The person's live sessions, the one in use first, then by last use. Only their own: the query is by their id. */
export async function listDevices(ctx: RequestContext, session: CurrentSession): Promise<SignedInDevice[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      remember: sessions.remember,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, session.user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100)
    .all();
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === session.sessionId,
      ...describeDevice(row.userAgent),
      country: row.country,
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      remembered: row.remember,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the person's own devices out: the session ends and its open sockets close. Another's id is a 404. */
export async function signOutDevice(ctx: RequestContext, session: CurrentSession, sessionId: string): Promise<void> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, session.user.id)))
    .returning({ id: sessions.id })
    .get();
  if (!ended) throw new Refusal(404, "errors.deviceNotFound");
  await publishDomainEvent(ctx.env, "sessions.ended", { userId: session.user.id, sessionIds: [sessionId], reason: "device-signed-out" });
  await ctx.audit({
    action: "auth.session_revoked",
    actorUserId: session.user.id,
    workspaceId: session.workspace?.id ?? null,
    targetType: "session",
    targetId: sessionId,
    metadata: { current: sessionId === session.sessionId },
  });
}

/** "Sign out everywhere else": every session of the person but the one making the request. Returns how many ended. */
export async function signOutOtherDevices(ctx: RequestContext, session: CurrentSession): Promise<number> {
  const ended = await revokeUserSessions(ctx.db, session.user.id, session.sessionId);
  await publishDomainEvent(ctx.env, "sessions.ended", { userId: session.user.id, sessionIds: ended, reason: "others-signed-out" });
  await ctx.audit({
    action: "profile.sessions_revoked",
    actorUserId: session.user.id,
    workspaceId: session.workspace?.id ?? null,
    targetType: "user",
    targetId: session.user.id,
    metadata: { count: ended.length },
  });
  return ended.length;
}
