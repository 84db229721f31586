import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "~/platform/crypto.server";
import { prepared, type Db } from "~/platform/db.server";
import { memberships, workspaces, type Role } from "~/modules/workspaces/schema";
import { sessions, users } from "./schema";
import { tokenCookie } from "~/platform/cookies";
import { hasSecondFactorSql } from "./second-factor/factors.server";

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const IDLE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading a session is usually a single SELECT. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

export interface CurrentWorkspace {
  id: string;
  name: string;
  jurisdiction: string;
  role: Role;
  plan: string;
  trialEndsAt: Date | null;
}

export interface CurrentSession {
  sessionId: string;
  user: UserRow;
  /** Null as well while the chosen workspace requires a second factor the person has not set up (`secondFactorSetupFor`). */
  workspace: CurrentWorkspace | null;
  remember: boolean;
  /** An authenticator app or a passkey is set up. (Optional: sessions made up for background work leave it out.) */
  hasSecondFactor?: boolean;
  /**
   * The workspace whose owner requires a second factor this person lacks. Until they set one up, nothing of it is
   * reachable: `workspace` is null, and the guards lead pages to /profile and refuse the APIs (ADR 0036).
   */
  secondFactorSetupFor?: { id: string; name: string } | null;
  /** The current workspace's data_version as read with the session: a kept page of it is current while unchanged (ADR 0043). */
  workspaceDataVersion?: number;
}

const sessionCookie = tokenCookie("session", "Lax");

export const sessionCookieName = sessionCookie.name;

export function serializeSessionCookie(token: string, { secure, remember }: { secure: boolean; remember: boolean }) {
  return sessionCookie.serialize(token, secure, remember ? REMEMBER_ME_MS / 1000 : null);
}

export const clearSessionCookie = sessionCookie.clear;

export const readSessionToken = sessionCookie.read;

function expiry(remember: boolean, from: number): Date {
  return new Date(from + (remember ? REMEMBER_ME_MS : IDLE_LIMIT_MS));
}

export async function createSession(
  db: Db,
  input: { userId: string; workspaceId: string | null; remember: boolean; ip: string; userAgent: string; country?: string | null },
) {
  const token = randomToken();
  const now = Date.now();
  const row = {
    id: crypto.randomUUID(),
    tokenHash: await sha256Hex(token),
    userId: input.userId,
    workspaceId: input.workspaceId,
    remember: input.remember,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: expiry(input.remember, now),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 512),
    country: input.country ?? null,
  };
  await db.insert(sessions).values(row);
  return { token, session: row };
}

/** The session, its user, membership and workspace for a token's hash: built once per binding (every request reads it). */
const sessionByToken = (db: Db) =>
  db
    .select({ session: sessions, user: users, membership: memberships, workspace: workspaces, hasSecondFactor: hasSecondFactorSql(sessions.userId) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.workspaceId, sessions.workspaceId)))
    // A workspace being deleted is closed to everyone: the session falls back to another one.
    .leftJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), isNull(workspaces.deletionRequestedAt)))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare();

/** Resolves the cookie to a live session, its user and current workspace membership, in one query. */
export async function loadSession(db: Db, request: Request): Promise<CurrentSession | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const now = Date.now();
  const row = await prepared(db, "session-by-token", sessionByToken).get({ tokenHash: await sha256Hex(token) });
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }

  let membership = row.membership && row.workspace ? { membership: row.membership, workspace: row.workspace } : null;
  const updates: Partial<typeof sessions.$inferInsert> = {};
  if (!membership) {
    // No workspace chosen yet, or the chosen one was left: fall back to the oldest membership.
    membership = await firstMembership(db, row.user.id);
    if ((membership?.workspace.id ?? null) !== row.session.workspaceId) updates.workspaceId = membership?.workspace.id ?? null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    updates.lastSeenAt = new Date(now);
    // Remembered sessions end 30 days after sign-in; the others slide with activity (12 h idle limit).
    if (!row.session.remember) updates.expiresAt = expiry(false, now);
  }
  if (Object.keys(updates).length > 0) {
    await db.update(sessions).set(updates).where(eq(sessions.id, row.session.id));
  }

  const hasSecondFactor = Boolean(row.hasSecondFactor);
  const blocked = membership?.workspace.requireSecondFactor && !hasSecondFactor ? membership.workspace : null;
  return {
    sessionId: row.session.id,
    user: row.user,
    remember: row.session.remember,
    workspace: blocked ? null : toCurrentWorkspace(membership),
    hasSecondFactor,
    secondFactorSetupFor: blocked ? { id: blocked.id, name: blocked.name } : null,
    workspaceDataVersion: membership?.workspace.dataVersion,
  };
}

/** The workspace a session starts in: the user's oldest membership. */
export async function firstMembership(db: Db, userId: string) {
  return (
    (await db
      .select({ membership: memberships, workspace: workspaces })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.userId, userId), isNull(workspaces.deletionRequestedAt)))
      .orderBy(memberships.createdAt)
      .get()) ?? null
  );
}

export function toCurrentWorkspace(found: Awaited<ReturnType<typeof firstMembership>>): CurrentWorkspace | null {
  if (!found) return null;
  const { workspace, membership } = found;
  return {
    id: workspace.id,
    name: workspace.name,
    jurisdiction: workspace.jurisdiction,
    plan: workspace.plan,
    trialEndsAt: workspace.trialEndsAt,
    role: membership.role,
  };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`; returns the ids ended (their sockets are to be closed). */
export async function revokeUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id })
    .all();
  return ended.map((row) => row.id);
}

export async function setSessionWorkspace(db: Db, sessionId: string, workspaceId: string): Promise<void> {
  await db.update(sessions).set({ workspaceId }).where(eq(sessions.id, sessionId));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
