import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { chunks, D1_IN_LIST, inChunks } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { channelAccess, nameTakenAs409, workspaceOf, type ChannelAccess } from "./channels.server";
import { chatEvent } from "./events.server";
import { channelMembers, channels, chatMessages, chatTopics, smsOptOuts, smsParticipants, topicFollows, type TopicFollowMode } from "./schema";
import type { TopicView } from "./views";

export type TopicRow = typeof chatTopics.$inferSelect;

export const topicNameKey = (name: string) => name.trim().normalize("NFKC").toLowerCase();

/**
 * The topic a message goes to: an existing one of this channel by id, or one by name, started when
 * new (whoever starts a topic follows it).
 */
export async function findOrCreateTopic(
  ctx: RequestContext,
  session: CurrentSession,
  access: ChannelAccess,
  wanted: { topicId?: string; name?: string; purpose?: string },
): Promise<TopicRow> {
  if (wanted.topicId) {
    const topic = await ctx.db
      .select()
      .from(chatTopics)
      .where(and(eq(chatTopics.id, wanted.topicId), eq(chatTopics.channelId, access.channel.id)))
      .get();
    if (!topic) throw new Refusal(404, "errors.topicNotFound");
    return topic;
  }
  const name = (wanted.name ?? "").trim();
  if (!name) throw new Refusal(400, "errors.topicNameRequired");
  const key = topicNameKey(name);
  const existing = await ctx.db
    .select()
    .from(chatTopics)
    .where(and(eq(chatTopics.channelId, access.channel.id), eq(chatTopics.nameKey, key)))
    .get();
  if (existing) return existing;
  const now = new Date();
  const id = crypto.randomUUID();
  await ctx.db
    .insert(chatTopics)
    .values({
      id,
      workspaceId: access.channel.workspaceId,
      channelId: access.channel.id,
      name,
      nameKey: key,
      purpose: wanted.purpose || null,
      createdBy: session.user.id,
      createdAt: now,
      lastActivityAt: now,
    })
    .onConflictDoNothing();
  const topic = await ctx.db
    .select()
    .from(chatTopics)
    .where(and(eq(chatTopics.channelId, access.channel.id), eq(chatTopics.nameKey, key)))
    .get();
  if (!topic) throw new Error("Topic could not be made");
  if (topic.id === id) {
    await ctx.db
      .insert(topicFollows)
      .values({ topicId: id, userId: session.user.id, workspaceId: topic.workspaceId, mode: "follow", updatedAt: now })
      .onConflictDoNothing();
  }
  return topic;
}

/** Topics as the viewer sees them: with message counts, their follow choice and the topic's phones. */
export async function topicViews(db: Db, viewerId: string | null, topics: TopicRow[]): Promise<TopicView[]> {
  if (topics.length === 0) return [];
  const ids = topics.map((t) => t.id);
  const channelIds = [...new Set(topics.map((t) => t.channelId))];
  const results = await Promise.all(
    chunks(ids, D1_IN_LIST).map((slice) =>
      Promise.all([
        db
          .select({ topicId: chatMessages.topicId, n: count() })
          .from(chatMessages)
          .where(and(inArray(chatMessages.topicId, slice), isNull(chatMessages.deletedAt)))
          .groupBy(chatMessages.topicId),
        db
          .select({ topicId: topicFollows.topicId, mode: topicFollows.mode })
          .from(topicFollows)
          .where(and(inArray(topicFollows.topicId, slice), eq(topicFollows.userId, viewerId ?? ""))),
        db
          .select({ participant: smsParticipants, optedOutAt: smsOptOuts.optedOutAt })
          .from(smsParticipants)
          .leftJoin(smsOptOuts, eq(smsOptOuts.phone, smsParticipants.phone))
          .where(and(inArray(smsParticipants.topicId, slice), isNull(smsParticipants.removedAt)))
          .orderBy(asc(smsParticipants.createdAt)),
      ]),
    ),
  );
  const channelRows = await inChunks(channelIds, (slice) =>
    db.select({ id: channels.id, name: channels.name }).from(channels).where(inArray(channels.id, slice)),
  );
  const counts = new Map(results.flatMap(([c]) => c.map((r) => [r.topicId, r.n] as const)));
  const follows = new Map(results.flatMap(([, f]) => f.map((r) => [r.topicId, r.mode] as const)));
  const phones = results.flatMap(([, , p]) => p);
  const channelName = new Map(channelRows.map((c) => [c.id, c.name]));
  return topics.map((topic) => ({
    id: topic.id,
    channelId: topic.channelId,
    channelName: channelName.get(topic.channelId) ?? "",
    name: topic.name,
    purpose: topic.purpose,
    resolved: topic.resolvedAt !== null,
    lastActivityAt: topic.lastActivityAt.toISOString(),
    messageCount: counts.get(topic.id) ?? 0,
    follow: follows.get(topic.id) ?? null,
    phones: phones
      .filter((p) => p.participant.topicId === topic.id)
      .map((p) => ({
        id: p.participant.id,
        name: p.participant.displayName,
        phone: p.participant.phone,
        replyCode: p.participant.replyCode,
        optedOut: p.optedOutAt !== null,
        optedOutAt: p.optedOutAt?.toISOString() ?? null,
      })),
  }));
}

export interface TopicQuery {
  channelId?: string;
  /** open, resolved or all (default). */
  state?: "open" | "resolved" | "all";
  /** Only topics with people taking part by SMS. */
  smsOnly?: boolean;
  limit?: number;
}

/** Topics of the channels the caller can see, most recently active first. */
export async function listTopics(db: Db, session: CurrentSession, query: TopicQuery): Promise<TopicView[]> {
  const { workspaceId, userId } = workspaceOf(session);
  if (query.channelId) await channelAccess(db, session, query.channelId);
  const rows = await db
    .select({ topic: chatTopics })
    .from(chatTopics)
    .innerJoin(channels, eq(channels.id, chatTopics.channelId))
    .where(
      and(
        eq(chatTopics.workspaceId, workspaceId),
        query.channelId ? eq(chatTopics.channelId, query.channelId) : undefined,
        or(
          eq(channels.kind, "open"),
          sql`exists (select 1 from ${channelMembers} where ${channelMembers.channelId} = ${channels.id} and ${channelMembers.userId} = ${userId})`,
        ),
        query.state === "open" ? isNull(chatTopics.resolvedAt) : query.state === "resolved" ? sql`${chatTopics.resolvedAt} is not null` : undefined,
        query.smsOnly
          ? sql`exists (select 1 from ${smsParticipants} where ${smsParticipants.topicId} = ${chatTopics.id} and ${smsParticipants.removedAt} is null)`
          : undefined,
      ),
    )
    .orderBy(desc(chatTopics.lastActivityAt))
    .limit(Math.min(query.limit ?? 100, 200));
  return topicViews(
    db,
    session.user.id,
    rows.map((r) => r.topic),
  );
}

/** A topic with the caller's access to its channel (404 when the channel is not theirs to see). */
export async function topicAccess(db: Db, session: CurrentSession, topicId: string) {
  const { workspaceId } = workspaceOf(session);
  const topic = await db
    .select()
    .from(chatTopics)
    .where(and(eq(chatTopics.id, topicId), eq(chatTopics.workspaceId, workspaceId)))
    .get();
  if (!topic) throw new Refusal(404, "errors.topicNotFound");
  const access = await channelAccess(db, session, topic.channelId);
  return { topic, access };
}

/** One rule for every field of a topic: whoever started it, whoever created its channel, owners and trustees. */
export function canChangeTopic(session: CurrentSession, topic: Pick<TopicRow, "createdBy">, channel: { createdBy: string | null }): boolean {
  const me = session.user.id;
  return topic.createdBy === me || channel.createdBy === me || canAdminister(workspaceOf(session).role);
}

/** Renames, labels, resolves or reopens a topic (see canChangeTopic for who may). */
export async function updateTopic(
  ctx: RequestContext,
  session: CurrentSession,
  topicId: string,
  input: { name?: string; purpose?: string | null; resolved?: boolean },
) {
  const { topic, access } = await topicAccess(ctx.db, session, topicId);
  if (!access.post) throw new Refusal(403, access.member ? "errors.channelArchived" : "errors.notChannelMember");
  const set: Partial<TopicRow> = {};
  if (input.name !== undefined && input.name.trim() !== topic.name) {
    set.name = input.name.trim();
    set.nameKey = topicNameKey(input.name);
  }
  if (input.purpose !== undefined && (input.purpose || null) !== topic.purpose) set.purpose = input.purpose || null;
  if (input.resolved !== undefined && input.resolved !== (topic.resolvedAt !== null)) {
    set.resolvedAt = input.resolved ? new Date() : null;
    set.resolvedBy = input.resolved ? session.user.id : null;
  }
  if (Object.keys(set).length === 0) return (await topicViews(ctx.db, session.user.id, [topic]))[0];
  if (!canChangeTopic(session, topic, access.channel)) {
    await ctx.audit({
      action: "chat.topic.update",
      outcome: "denied",
      workspaceId: topic.workspaceId,
      actorUserId: session.user.id,
      targetType: "chat_topic",
      targetId: topicId,
    });
    throw new Refusal(403, "errors.cannotChangeTopic");
  }
  if (set.nameKey) {
    const clash = await ctx.db
      .select({ id: chatTopics.id })
      .from(chatTopics)
      .where(and(eq(chatTopics.channelId, topic.channelId), eq(chatTopics.nameKey, set.nameKey)))
      .get();
    if (clash && clash.id !== topicId) throw new Refusal(409, "errors.topicNameTaken");
  }
  await ctx.db
    .update(chatTopics)
    .set(set)
    .where(eq(chatTopics.id, topicId))
    .catch(nameTakenAs409(input.name ?? "", "errors.topicNameTaken"));
  await ctx.audit({
    action: set.resolvedAt !== undefined ? (set.resolvedAt ? "chat.topic.resolve" : "chat.topic.reopen") : "chat.topic.update",
    workspaceId: topic.workspaceId,
    actorUserId: session.user.id,
    targetType: "chat_topic",
    targetId: topicId,
  });
  const [view] = await topicViews(ctx.db, session.user.id, [{ ...topic, ...set }]);
  await chatEvent(ctx, access.channel, { kind: "topic.updated", channelId: topic.channelId, topic: { ...view, follow: null } });
  return view;
}

/** Follow (notified of every message), mute (never notified) or neither. */
export async function setTopicFollow(db: Db, session: CurrentSession, topicId: string, mode: TopicFollowMode | "none") {
  const { topic } = await topicAccess(db, session, topicId);
  if (mode === "none") {
    await db.delete(topicFollows).where(and(eq(topicFollows.topicId, topicId), eq(topicFollows.userId, session.user.id)));
  } else {
    await db
      .insert(topicFollows)
      .values({ topicId, userId: session.user.id, workspaceId: topic.workspaceId, mode, updatedAt: new Date() })
      .onConflictDoUpdate({ target: [topicFollows.topicId, topicFollows.userId], set: { mode, updatedAt: new Date() } });
  }
  return mode === "none" ? null : mode;
}
