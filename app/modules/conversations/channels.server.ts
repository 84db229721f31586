import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { memberships } from "~/modules/workspaces/schema";
import { chunks, D1_IN_LIST } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import type { ChannelRow } from "./audience.server";
import { chatEvent } from "./events.server";
import { DEFAULT_CHANNEL_NAME } from "./limits";
import { channelMembers, channels, chatMessages, type ChannelKind } from "./schema";

/** The caller inside their current workspace; chat needs one. */
export function workspaceOf(session: CurrentSession) {
  if (!session.workspace) throw new Refusal(404, "errors.noWorkspace");
  return { workspaceId: session.workspace.id, role: session.workspace.role, userId: session.user.id };
}

export function channelNameKey(name: string) {
  return name.trim().normalize("NFKC").toLowerCase();
}

/** Every workspace has a "General" channel; made on first use (racing first visits meet the unique index). */
export async function ensureDefaultChannel(db: Db, workspaceId: string): Promise<ChannelRow> {
  const found = await db
    .select()
    .from(channels)
    .where(and(eq(channels.workspaceId, workspaceId), eq(channels.isDefault, true)))
    .get();
  if (found) return found;
  await db
    .insert(channels)
    .values({
      id: crypto.randomUUID(),
      workspaceId,
      name: DEFAULT_CHANNEL_NAME,
      nameKey: channelNameKey(DEFAULT_CHANNEL_NAME),
      kind: "open",
      isDefault: true,
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  const made = await db
    .select()
    .from(channels)
    .where(and(eq(channels.workspaceId, workspaceId), eq(channels.nameKey, channelNameKey(DEFAULT_CHANNEL_NAME))))
    .get();
  if (!made) throw new Error("The General channel could not be made");
  return made;
}

export interface ChannelAccess {
  channel: ChannelRow;
  /** Belongs to the channel (General: every member of the workspace). */
  member: boolean;
  /** May rename, archive and choose members: administrators and whoever made it. */
  manage: boolean;
  /** May write in it: a member, and the channel is not archived. */
  post: boolean;
}

/**
 * A channel as the caller may see it. Private channels do not exist for non-members (404, never
 * the name); open channels can be read before joining, but only members write.
 */
export async function channelAccess(db: Db, session: CurrentSession, channelId: string): Promise<ChannelAccess> {
  const { workspaceId, role, userId } = workspaceOf(session);
  const row = await db
    .select({ channel: channels, memberId: channelMembers.userId })
    .from(channels)
    .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
    .where(and(eq(channels.id, channelId), eq(channels.workspaceId, workspaceId)))
    .get();
  if (!row) throw new Refusal(404, "errors.channelNotFound");
  const member = row.channel.isDefault || row.memberId !== null;
  if (row.channel.kind === "private" && !member) throw new Refusal(404, "errors.channelNotFound");
  const manage = canAdminister(role) || row.channel.createdBy === userId;
  return { channel: row.channel, member, manage, post: member && row.channel.archivedAt === null && role !== "viewer" };
}

/** A channel by its id, or by its name as typed in a link such as /channel/general. */
export async function resolveChannelId(db: Db, session: CurrentSession, idOrName: string): Promise<string> {
  const { workspaceId } = workspaceOf(session);
  if (isUuid(idOrName)) return idOrName;
  await ensureDefaultChannel(db, workspaceId);
  const row = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.workspaceId, workspaceId), eq(channels.nameKey, channelNameKey(idOrName.replace(/-/g, " ")))))
    .get();
  // The router has already decoded the path segment; it is compared as it is.
  const exact =
    row ??
    (await db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.workspaceId, workspaceId), eq(channels.nameKey, channelNameKey(idOrName))))
      .get());
  if (!exact) throw new Refusal(404, "errors.channelNotFound");
  return exact.id;
}

export interface ChannelSummary {
  id: string;
  name: string;
  description: string | null;
  kind: ChannelKind;
  isDefault: boolean;
  archived: boolean;
  member: boolean;
  manage: boolean;
  unread: number;
  lastMessageAt: string | null;
  lastVisitedAt: string | null;
}

/**
 * The channels the caller can see (General, open ones, private ones they belong to), with how many
 * messages from others arrived since they last read each channel they belong to.
 */
export async function listChannels(db: Db, session: CurrentSession): Promise<ChannelSummary[]> {
  const { workspaceId, role, userId } = workspaceOf(session);
  const read = () =>
    db
      .select({
        channel: channels,
        memberId: channelMembers.userId,
        lastReadSeq: channelMembers.lastReadSeq,
        lastVisitedAt: channelMembers.lastVisitedAt,
      })
      .from(channels)
      .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
      .where(and(eq(channels.workspaceId, workspaceId), or(eq(channels.kind, "open"), sql`${channelMembers.userId} is not null`)))
      .orderBy(desc(channels.isDefault), asc(channels.archivedAt), asc(channels.nameKey));
  let rows = await read();
  // General is made on first use only; later listings find it in the same query.
  if (!rows.some((r) => r.channel.isDefault)) {
    await ensureDefaultChannel(db, workspaceId);
    rows = await read();
  }

  const counted = rows.filter((r) => r.channel.isDefault || r.memberId !== null);
  const unread = new Map<string, number>();
  // One small indexed count per channel the person belongs to (seq > what they have read).
  await Promise.all(
    counted.map(async (r) => {
      const row = await db
        .select({ n: sql<number>`count(*)` })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.channelId, r.channel.id),
            gt(chatMessages.seq, r.lastReadSeq ?? 0),
            isNull(chatMessages.deletedAt),
            or(isNull(chatMessages.authorId), ne(chatMessages.authorId, userId)),
          ),
        )
        .get();
      unread.set(r.channel.id, row?.n ?? 0);
    }),
  );
  return rows.map((r) => ({
    id: r.channel.id,
    name: r.channel.name,
    description: r.channel.description,
    kind: r.channel.kind,
    isDefault: r.channel.isDefault,
    archived: r.channel.archivedAt !== null,
    member: r.channel.isDefault || r.memberId !== null,
    manage: canAdminister(role) || r.channel.createdBy === userId,
    unread: unread.get(r.channel.id) ?? 0,
    lastMessageAt: r.channel.lastMessageAt?.toISOString() ?? null,
    lastVisitedAt: r.lastVisitedAt?.toISOString() ?? null,
  }));
}

/** The channel /chat opens: the one this person visited last, or General. */
export async function lastUsedChannelId(db: Db, session: CurrentSession): Promise<string> {
  const { workspaceId, userId } = workspaceOf(session);
  const row = await db
    .select({ id: channels.id })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(
      and(
        eq(channelMembers.userId, userId),
        eq(channelMembers.workspaceId, workspaceId),
        sql`${channelMembers.lastVisitedAt} is not null`,
        isNull(channels.archivedAt),
      ),
    )
    .orderBy(desc(channelMembers.lastVisitedAt))
    .limit(1)
    .get();
  return row?.id ?? (await ensureDefaultChannel(db, workspaceId)).id;
}

/** Members of the workspace (for mentions and private-channel member choice). */
export async function workspaceMembers(db: Db, workspaceId: string) {
  return db
    .select({ userId: users.id, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(users.name));
}

/**
 * Records that this person has read the channel up to message `upTo` (or its newest), never past
 * the newest message and never backwards, in one statement; `visited` also remembers the visit
 * for /chat.
 */
export async function markRead(db: Db, session: CurrentSession, access: ChannelAccess, upTo: number | "newest", { visited = false } = {}) {
  if (!access.member) return;
  const now = new Date();
  const newest = sql`(select coalesce(max(${chatMessages.seq}), 0) from ${chatMessages} where ${chatMessages.channelId} = ${access.channel.id})`;
  await db
    .insert(channelMembers)
    .values({
      channelId: access.channel.id,
      userId: session.user.id,
      workspaceId: access.channel.workspaceId,
      joinedAt: now,
      lastVisitedAt: visited ? now : null,
      lastReadSeq: upTo === "newest" ? newest : sql`min(${upTo}, ${newest})`,
    })
    .onConflictDoUpdate({
      target: [channelMembers.channelId, channelMembers.userId],
      set: { lastReadSeq: sql`max(${channelMembers.lastReadSeq}, excluded.last_read_seq)`, ...(visited ? { lastVisitedAt: now } : {}) },
    });
}

export async function createChannel(
  ctx: RequestContext,
  session: CurrentSession,
  input: { name: string; description?: string; kind: ChannelKind; memberIds: string[] },
) {
  const { workspaceId, role, userId } = workspaceOf(session);
  if (role === "viewer") throw new Refusal(403, "errors.viewerCannotCreate");
  await ensureDefaultChannel(ctx.db, workspaceId);
  const taken = await ctx.db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.workspaceId, workspaceId), eq(channels.nameKey, channelNameKey(input.name))))
    .get();
  if (taken) throw new Refusal(409, "errors.channelNameTaken", { name: input.name }, { name: "errors.channelNameTaken" });
  const memberIds = await onlyWorkspaceMembers(ctx.db, workspaceId, [userId, ...input.memberIds]);
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db
    .batch([
      ctx.db.insert(channels).values({
        id,
        workspaceId,
        name: input.name,
        nameKey: channelNameKey(input.name),
        description: input.description || null,
        kind: input.kind,
        isDefault: false,
        createdBy: userId,
        createdAt: now,
      }),
      ...chunks(memberIds, 15).map((ids) =>
        ctx.db.insert(channelMembers).values(ids.map((memberId) => ({ channelId: id, userId: memberId, workspaceId, joinedAt: now }))),
      ),
    ])
    .catch(nameTakenAs409(input.name));
  await ctx.audit({
    action: "chat.channel.create",
    workspaceId,
    actorUserId: userId,
    targetType: "channel",
    targetId: id,
    metadata: { kind: input.kind, members: memberIds.length },
  });
  const access = await channelAccess(ctx.db, session, id);
  await chatEvent(ctx, access.channel, { kind: "channel.updated", channelId: id });
  return access.channel;
}

export async function updateChannel(
  ctx: RequestContext,
  session: CurrentSession,
  channelId: string,
  input: { name?: string; description?: string; archived?: boolean },
) {
  const access = await channelAccess(ctx.db, session, channelId);
  if (!access.manage) {
    await ctx.audit({
      action: "chat.channel.update",
      outcome: "denied",
      workspaceId: access.channel.workspaceId,
      actorUserId: session.user.id,
      targetType: "channel",
      targetId: channelId,
    });
    throw new Refusal(403, "errors.cannotManageChannel");
  }
  if (access.channel.isDefault && (input.archived || (input.name !== undefined && channelNameKey(input.name) !== access.channel.nameKey))) {
    throw new Refusal(409, "errors.defaultChannelFixed");
  }
  const set: Partial<typeof channels.$inferInsert> = {};
  if (input.name !== undefined && channelNameKey(input.name) !== access.channel.nameKey) {
    const taken = await ctx.db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.workspaceId, access.channel.workspaceId), eq(channels.nameKey, channelNameKey(input.name))))
      .get();
    if (taken) throw new Refusal(409, "errors.channelNameTaken", { name: input.name }, { name: "errors.channelNameTaken" });
    set.name = input.name;
    set.nameKey = channelNameKey(input.name);
  } else if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description || null;
  if (input.archived !== undefined) set.archivedAt = input.archived ? new Date() : null;
  if (Object.keys(set).length === 0) return access.channel;
  await ctx.db
    .update(channels)
    .set(set)
    .where(eq(channels.id, channelId))
    .catch(nameTakenAs409(input.name ?? ""));
  await ctx.audit({
    action: input.archived === undefined ? "chat.channel.rename" : input.archived ? "chat.channel.archive" : "chat.channel.unarchive",
    workspaceId: access.channel.workspaceId,
    actorUserId: session.user.id,
    targetType: "channel",
    targetId: channelId,
    metadata: set.name ? { from: access.channel.name, to: set.name } : undefined,
  });
  const updated = { ...access.channel, ...set };
  await chatEvent(ctx, updated, { kind: "channel.updated", channelId });
  return updated;
}

/** Joining an open channel (anyone) or adding people to a channel (those who manage it). */
export async function addMembers(ctx: RequestContext, session: CurrentSession, channelId: string, userIds: string[]) {
  const access = await channelAccess(ctx.db, session, channelId);
  const self = userIds.length === 1 && userIds[0] === session.user.id;
  if (!(self && access.channel.kind === "open") && !access.manage) throw new Refusal(403, "errors.cannotManageChannel");
  if (access.channel.archivedAt) throw new Refusal(409, "errors.channelArchived");
  const ids = await onlyWorkspaceMembers(ctx.db, access.channel.workspaceId, userIds);
  const now = new Date();
  for (const slice of chunks(ids, 15)) {
    await ctx.db
      .insert(channelMembers)
      .values(slice.map((userId) => ({ channelId, userId, workspaceId: access.channel.workspaceId, joinedAt: now })))
      .onConflictDoNothing();
  }
  await ctx.audit({
    action: self ? "chat.channel.join" : "chat.channel.add_members",
    workspaceId: access.channel.workspaceId,
    actorUserId: session.user.id,
    targetType: "channel",
    targetId: channelId,
    metadata: { members: ids.length },
  });
  await chatEvent(ctx, access.channel, { kind: "channel.updated", channelId }, ids);
}

/** Leaving (anyone but General) or removing someone (those who manage it). */
export async function removeMember(ctx: RequestContext, session: CurrentSession, channelId: string, userId: string) {
  const access = await channelAccess(ctx.db, session, channelId);
  if (access.channel.isDefault) throw new Refusal(409, "errors.defaultChannelFixed");
  if (userId !== session.user.id && !access.manage) throw new Refusal(403, "errors.cannotManageChannel");
  await ctx.db.delete(channelMembers).where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)));
  await ctx.audit({
    action: userId === session.user.id ? "chat.channel.leave" : "chat.channel.remove_member",
    workspaceId: access.channel.workspaceId,
    actorUserId: session.user.id,
    targetType: "channel",
    targetId: channelId,
  });
  await chatEvent(ctx, access.channel, { kind: "channel.updated", channelId }, [userId]);
}

export async function channelMemberList(db: Db, channel: ChannelRow) {
  if (channel.isDefault) return workspaceMembers(db, channel.workspaceId);
  return db
    .select({ userId: users.id, name: users.name, role: memberships.role })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .innerJoin(memberships, and(eq(memberships.userId, channelMembers.userId), eq(memberships.workspaceId, channel.workspaceId)))
    .where(eq(channelMembers.channelId, channel.id))
    .orderBy(asc(users.name));
}

async function onlyWorkspaceMembers(db: Db, workspaceId: string, userIds: string[]): Promise<string[]> {
  const wanted = [...new Set(userIds)];
  const found = new Set<string>();
  for (const slice of chunks(wanted, D1_IN_LIST)) {
    const rows = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, slice)));
    rows.forEach((r) => found.add(r.userId));
  }
  if (found.size !== wanted.length) throw new Refusal(400, "errors.notWorkspaceMembers");
  return wanted;
}

/** Two people choosing the same name at the same moment: the unique index decides, and the loser hears why. */
export function nameTakenAs409(name: string, key = "errors.channelNameTaken") {
  return (error: unknown): never => {
    const text = `${error instanceof Error ? error.message : ""} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ""}`;
    if (/UNIQUE constraint failed/i.test(text)) throw new Refusal(409, key, { name });
    throw error;
  };
}
