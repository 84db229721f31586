import { and, eq, ne, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { users } from "~/modules/auth/schema";
import { AuthError } from "~/modules/auth/service.server";
import { revokeUserSessions, type CurrentSession } from "~/modules/auth/session.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { peppers } from "~/platform/env.server";
import { splitName } from "~/modules/auth/public-user";
import { memberships } from "~/modules/workspaces/schema";
import { refundAttempt, takeAttempt } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { sniffImageType } from "./avatar";
import { AVATAR_MAX_BYTES, type ChangePasswordInput, type PreferencesInput, type ProfileDetailsInput } from "./validation";

/** Wrong current passwords allowed per account before the form is locked for a while. */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 };

/** Saves display choices on the profile so they follow the person to other devices. */
export async function savePreferences(ctx: RequestContext, session: CurrentSession, input: PreferencesInput) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.language !== undefined) patch.language = input.language;
  if (input.theme !== undefined) patch.theme = input.theme;
  if (input.darkMode !== undefined) patch.darkMode = input.darkMode;
  await ctx.db.update(users).set(patch).where(eq(users.id, session.user.id));
}

export async function updateProfileDetails(ctx: RequestContext, session: CurrentSession, input: ProfileDetailsInput) {
  const username = input.username.trim();
  const taken = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, session.user.id)))
    .get();
  if (taken) throw new AuthError(409, ctx.t("errors.usernameTaken"), { username: [ctx.t("errors.usernameTaken")] });
  const { firstName, lastName } = splitName(input.name);
  await ctx.db
    .update(users)
    .set({ name: input.name.trim(), firstName, lastName, username, phone: input.phone?.trim() || null, updatedAt: new Date() })
    .where(eq(users.id, session.user.id));
  await ctx.audit({
    action: "profile.updated",
    actorUserId: session.user.id,
    workspaceId: session.workspace?.id,
    targetType: "user",
    targetId: session.user.id,
  });
}

/** Needs the current password; afterwards every other session of the account is signed out. */
export async function changePassword(ctx: RequestContext, session: CurrentSession, input: ChangePasswordInput) {
  const key = `password-change:${session.user.id}`;
  // Counted before the current password is checked, by the statement that refuses past the limit; given back when right.
  const { over } = await takeAttempt(ctx.db, [{ key, limit: PASSWORD_CHANGE_LIMIT }]);
  if (over) throw new AuthError(429, ctx.t("errors.tooManyPasswordChanges"), undefined, Math.max(1, over.retryAfter));
  const ok = await verifyPassword(input.currentPassword, session.user.passwordHash, peppers(ctx.config));
  if (!ok) {
    await ctx.audit({ action: "profile.password_changed", outcome: "failure", actorUserId: session.user.id, workspaceId: session.workspace?.id });
    const message = ctx.t("errors.currentPasswordWrong");
    throw new AuthError(400, message, { currentPassword: [message] });
  }
  await refundAttempt(ctx.db, key);
  const passwordHash = await hashPassword(input.password, peppers(ctx.config));
  await ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, session.user.id));
  // The other devices are signed out, and their open sockets close now rather than at their next request.
  const ended = await revokeUserSessions(ctx.db, session.user.id, session.sessionId);
  await publishDomainEvent(ctx.env, "sessions.ended", { userId: session.user.id, sessionIds: ended, reason: "password-changed" });
  await ctx.audit({
    action: "profile.password_changed",
    actorUserId: session.user.id,
    workspaceId: session.workspace?.id,
    targetType: "user",
    targetId: session.user.id,
  });
}

export function avatarUrl(userId: string, key: string): string {
  return `/api/users/${userId}/avatar?v=${key.slice(-8)}`;
}

/** Stores a new profile picture in R2 (images only, at most 5 MB) and removes the old one. */
export async function setAvatar(ctx: RequestContext, session: CurrentSession, file: File | null) {
  if (!file || file.size === 0) throw new AuthError(400, ctx.t("errors.avatarMissing"), { avatar: [ctx.t("errors.avatarMissing")] });
  if (file.size > AVATAR_MAX_BYTES) throw new AuthError(413, ctx.t("errors.avatarTooLarge"), { avatar: [ctx.t("errors.avatarTooLarge")] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new AuthError(415, ctx.t("errors.avatarType"), { avatar: [ctx.t("errors.avatarType")] });
  const key = `users/${session.user.id}/avatar/${crypto.randomUUID()}`;
  await ctx.env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  const previous = session.user.profileImageKey;
  await ctx.db
    .update(users)
    .set({ profileImageKey: key, profileImageUrl: avatarUrl(session.user.id, key), updatedAt: new Date() })
    .where(eq(users.id, session.user.id));
  if (previous) ctx.waitUntil(ctx.env.FILES.delete(previous));
  await ctx.audit({ action: "profile.avatar_updated", actorUserId: session.user.id, workspaceId: session.workspace?.id });
}

export async function removeAvatar(ctx: RequestContext, session: CurrentSession) {
  const previous = session.user.profileImageKey;
  await ctx.db.update(users).set({ profileImageKey: null, profileImageUrl: null, updatedAt: new Date() }).where(eq(users.id, session.user.id));
  if (previous) ctx.waitUntil(ctx.env.FILES.delete(previous));
  await ctx.audit({ action: "profile.avatar_updated", actorUserId: session.user.id, workspaceId: session.workspace?.id, metadata: { removed: true } });
}

/** A profile picture is visible to its owner and to people who share a workspace with them; to anyone else it does not exist. */
export async function readAvatar(ctx: RequestContext, session: CurrentSession, userId: string) {
  if (userId !== session.user.id) {
    const shared = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), sql`${memberships.workspaceId} in (select workspace_id from memberships where user_id = ${session.user.id})`))
      .get();
    if (!shared) return null;
  }
  const user = await ctx.db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, userId)).get();
  if (!user?.key) return null;
  return ctx.env.FILES.get(user.key);
}
