import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { toFtsQuery } from "~/modules/documents/search";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { memberships } from "~/modules/workspaces/schema";
import { inChunks } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { channelAudience } from "./audience.server";
import { channelAccess, markRead, workspaceOf, type ChannelAccess } from "./channels.server";
import { chatEvent } from "./events.server";
import { toViews } from "./message-views.server";
import { mentionedNames } from "./format";
import { DEFAULT_TOPIC_NAME, HISTORY_PAGE_SIZE } from "./limits";
import { notifyChat } from "./notify.server";
import { channels, chatMessageRevisions, chatMessages, chatTopics } from "./schema";
import { sendTopicSms } from "./sms/service.server";
import { findOrCreateTopic } from "./topics.server";
import type { MessageView } from "./views";

type MessageRow = typeof chatMessages.$inferSelect;

export interface HistoryQuery {
  /** Messages before this sequence number ("load older"). */
  before?: number;
  topicId?: string;
  limit?: number;
}

/** One page of a channel's history, oldest first, and whether older messages exist. */
export async function listMessages(db: Db, access: ChannelAccess, query: HistoryQuery = {}) {
  const limit = Math.min(Math.max(query.limit ?? HISTORY_PAGE_SIZE, 1), 200);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.channelId, access.channel.id),
        query.before !== undefined ? lt(chatMessages.seq, query.before) : undefined,
        query.topicId ? eq(chatMessages.topicId, query.topicId) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(limit + 1);
  const hasOlder = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  return { messages: await toViews(db, page), hasOlder };
}

async function requireOwnMessage(ctx: RequestContext, session: CurrentSession, messageId: string, allowAdmins = false) {
  const { workspaceId, role } = workspaceOf(session);
  const message = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.workspaceId, workspaceId)))
    .get();
  if (!message) throw new Refusal(404, "errors.messageNotFound");
  // Seeing the channel comes first: a private channel's message is "not found" to outsiders.
  const access = await channelAccess(ctx.db, session, message.channelId);
  if (message.deletedAt) throw new Refusal(409, "errors.messageDeleted");
  if (access.channel.archivedAt) throw new Refusal(409, "errors.channelArchived");
  const own = message.authorId === session.user.id;
  if (!own && !(allowAdmins && canAdminister(role))) {
    await ctx.audit({
      action: "chat.message.change",
      outcome: "denied",
      workspaceId,
      actorUserId: session.user.id,
      targetType: "chat_message",
      targetId: messageId,
    });
    throw new Refusal(403, "errors.notYourMessage");
  }
  return { message, access };
}

/** Writes a message in a channel the caller belongs to, then tells the channel, the mentioned, the followers and the phones. */
export async function postMessage(
  ctx: RequestContext,
  session: CurrentSession,
  channelId: string,
  input: { body: string; topicId?: string; topic?: string; purpose?: string },
): Promise<MessageView> {
  const access = await channelAccess(ctx.db, session, channelId);
  if (access.channel.archivedAt) throw new Refusal(409, "errors.channelArchived");
  if (!access.member) {
    await ctx.audit({
      action: "chat.message.post",
      outcome: "denied",
      workspaceId: access.channel.workspaceId,
      actorUserId: session.user.id,
      targetType: "channel",
      targetId: channelId,
    });
    throw new Refusal(403, "errors.notChannelMember");
  }
  if (!access.post) throw new Refusal(403, "errors.viewerCannotPost");
  const topic = await findOrCreateTopic(ctx, session, access, {
    topicId: input.topicId,
    name: input.topic ?? (input.topicId ? undefined : DEFAULT_TOPIC_NAME),
    purpose: input.purpose,
  });
  const mentions = await resolveMentions(ctx.db, access, input.body);
  const now = new Date();
  const id = crypto.randomUUID();
  const [inserted] = await ctx.db
    .insert(chatMessages)
    .values({
      id,
      workspaceId: access.channel.workspaceId,
      channelId,
      topicId: topic.id,
      // The next number in this channel, taken in the same statement so two writers never share one.
      seq: sql`(select coalesce(max(${chatMessages.seq}), 0) + 1 from ${chatMessages} where ${chatMessages.channelId} = ${channelId})`,
      authorId: session.user.id,
      body: input.body,
      mentions,
      createdAt: now,
    })
    .returning();
  await ctx.db.batch([
    ctx.db.update(channels).set({ lastMessageAt: now }).where(eq(channels.id, channelId)),
    ctx.db.update(chatTopics).set({ lastActivityAt: now }).where(eq(chatTopics.id, topic.id)),
  ]);
  await markRead(ctx.db, session, access, inserted.seq);
  const [view] = await toViews(ctx.db, [inserted]);
  await chatEvent(ctx, access.channel, { kind: "message.created", channelId, message: view });
  // The message is stored: telling people and texting phones must not turn it into a failure (a retry would post it twice).
  // The answer carries the deliveries too: the writer's page may not be listening yet (its socket still connecting), and
  // it must not show the message as texted to nobody.
  let answer = view;
  await Promise.all([
    notifyChat(ctx, { access, topic, message: inserted, authorName: session.user.name, newMentions: mentions }).catch((error) =>
      console.error("chat notifications failed", error),
    ),
    sendTopicSms(ctx, { topic, message: inserted, authorName: session.user.name, workspaceId: access.channel.workspaceId })
      .then(async (sent) => {
        if (!sent) return;
        // The deliveries now exist: show them to the channel.
        const [withSms] = await toViews(ctx.db, [inserted]);
        answer = withSms;
        await chatEvent(ctx, access.channel, { kind: "message.updated", channelId, message: withSms });
      })
      .catch((error) => console.error("topic SMS failed", error)),
  ]);
  return answer;
}

/** Edits one's own message (the old words are kept) and/or moves it to another topic (author or administrators). */
export async function editMessage(ctx: RequestContext, session: CurrentSession, messageId: string, input: { body?: string; topicId?: string; topic?: string }) {
  const moving = input.topicId !== undefined || input.topic !== undefined;
  const { message, access } = await requireOwnMessage(ctx, session, messageId, moving && input.body === undefined);
  if (access.channel.archivedAt) throw new Refusal(409, "errors.channelArchived");
  const now = new Date();
  const set: Partial<MessageRow> = {};
  const revisions: (typeof chatMessageRevisions.$inferInsert)[] = [];
  let newMentions: string[] = [];
  if (input.body !== undefined && input.body !== message.body) {
    if (message.authorId !== session.user.id) throw new Refusal(403, "errors.notYourMessage");
    const mentions = await resolveMentions(ctx.db, access, input.body);
    newMentions = mentions.filter((id) => !message.mentions.includes(id));
    Object.assign(set, { body: input.body, editedAt: now, mentions: [...new Set([...message.mentions, ...mentions])] });
    revisions.push({
      id: crypto.randomUUID(),
      messageId,
      workspaceId: message.workspaceId,
      body: message.body,
      change: "edit",
      changedBy: session.user.id,
      changedAt: now,
    });
  }
  let topic = null;
  if (moving) {
    topic = await findOrCreateTopic(ctx, session, access, { topicId: input.topicId, name: input.topic });
    if (topic.id !== message.topicId) {
      set.topicId = topic.id;
      revisions.push({
        id: crypto.randomUUID(),
        messageId,
        workspaceId: message.workspaceId,
        body: message.body,
        change: "move",
        fromTopicId: message.topicId,
        changedBy: session.user.id,
        changedAt: now,
      });
    }
  }
  if (revisions.length === 0) return (await toViews(ctx.db, [message]))[0];
  await ctx.db.batch([
    ctx.db.update(chatMessages).set(set).where(eq(chatMessages.id, messageId)),
    ctx.db.insert(chatMessageRevisions).values(revisions),
    ...(set.topicId ? [ctx.db.update(chatTopics).set({ lastActivityAt: now }).where(eq(chatTopics.id, set.topicId))] : []),
  ]);
  for (const revision of revisions) {
    await ctx.audit({
      action: revision.change === "edit" ? "chat.message.edit" : "chat.message.move",
      workspaceId: message.workspaceId,
      actorUserId: session.user.id,
      targetType: "chat_message",
      targetId: messageId,
      metadata: revision.change === "move" ? { fromTopic: message.topicId, toTopic: set.topicId ?? null } : { channel: message.channelId },
    });
  }
  const updated = { ...message, ...set } as MessageRow;
  const [view] = await toViews(ctx.db, [updated]);
  await chatEvent(ctx, access.channel, { kind: "message.updated", channelId: message.channelId, message: view });
  if (newMentions.length && topic === null) {
    const ownTopic = await ctx.db.select().from(chatTopics).where(eq(chatTopics.id, updated.topicId)).get();
    if (ownTopic) await notifyChat(ctx, { access, topic: ownTopic, message: updated, authorName: session.user.name, newMentions, mentionsOnly: true });
  }
  return view;
}

/** Deletes one's own message: the words leave the channel but stay in the history for the record. */
export async function deleteMessage(ctx: RequestContext, session: CurrentSession, messageId: string) {
  const { message, access } = await requireOwnMessage(ctx, session, messageId);
  const now = new Date();
  await ctx.db.batch([
    ctx.db.insert(chatMessageRevisions).values({
      id: crypto.randomUUID(),
      messageId,
      workspaceId: message.workspaceId,
      body: message.body,
      change: "delete",
      changedBy: session.user.id,
      changedAt: now,
    }),
    ctx.db.update(chatMessages).set({ body: "", deletedAt: now, deletedBy: session.user.id }).where(eq(chatMessages.id, messageId)),
  ]);
  await ctx.audit({
    action: "chat.message.delete",
    workspaceId: message.workspaceId,
    actorUserId: session.user.id,
    targetType: "chat_message",
    targetId: messageId,
    metadata: { channel: message.channelId },
  });
  await chatEvent(ctx, access.channel, { kind: "message.deleted", channelId: message.channelId, messageId, topicId: message.topicId });
}

/** The earlier versions of a message, for those who can see its channel. */
export async function messageHistory(ctx: RequestContext, session: CurrentSession, messageId: string) {
  const { workspaceId } = workspaceOf(session);
  const message = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.workspaceId, workspaceId)))
    .get();
  if (!message) throw new Refusal(404, "errors.messageNotFound");
  await channelAccess(ctx.db, session, message.channelId);
  // Earlier words (including those of a deleted message) are for the author and the trust's administrators.
  if (message.authorId !== session.user.id && !canAdminister(workspaceOf(session).role)) throw new Refusal(403, "errors.historyForbidden");
  const revisions = await ctx.db
    .select({ body: chatMessageRevisions.body, change: chatMessageRevisions.change, changedAt: chatMessageRevisions.changedAt, changedBy: users.name })
    .from(chatMessageRevisions)
    .leftJoin(users, eq(users.id, chatMessageRevisions.changedBy))
    .where(eq(chatMessageRevisions.messageId, messageId))
    .orderBy(asc(chatMessageRevisions.changedAt));
  return revisions.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() }));
}

/** Message search over the channels the caller can see (General, open ones, their private ones). */
export async function searchMessages(db: Db, session: CurrentSession, query: string) {
  const { workspaceId, userId } = workspaceOf(session);
  const fts = toFtsQuery(query);
  if (!fts) return [];
  const rows = await db.all<{ id: string; snippet: string }>(sql`
    SELECT m.id AS id, snippet(chat_messages_fts, 0, '\uE000', '\uE001', '…', 16) AS snippet
    FROM chat_messages_fts
    JOIN chat_messages m ON m.rowid = chat_messages_fts.rowid
    JOIN channels c ON c.id = m.channel_id
    WHERE chat_messages_fts MATCH ${fts}
      AND chat_messages_fts.workspace_id = ${workspaceId}
      AND m.workspace_id = ${workspaceId}
      AND m.deleted_at IS NULL
      AND (c.kind = 'open' OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = c.id AND cm.user_id = ${userId}))
    ORDER BY m.created_at DESC
    LIMIT 50`);
  if (rows.length === 0) return [];
  const messages = await inChunks(
    rows.map((r) => r.id),
    (slice) => db.select().from(chatMessages).where(inArray(chatMessages.id, slice)),
  );
  const views = await toViews(db, messages);
  const channelNames = new Map(
    (
      await inChunks([...new Set(views.map((v) => v.channelId))], (slice) =>
        db.select({ id: channels.id, name: channels.name }).from(channels).where(inArray(channels.id, slice)),
      )
    ).map((c) => [c.id, c.name]),
  );
  const byId = new Map(views.map((v) => [v.id, v]));
  return rows.flatMap((r) => {
    const view = byId.get(r.id);
    return view ? [{ message: view, channelName: channelNames.get(view.channelId) ?? "", snippet: r.snippet }] : [];
  });
}

const nameKey = (name: string) => name.trim().normalize("NFKC").toLowerCase();

/** The members named as @**Full Name** who can see the channel. */
async function resolveMentions(db: Db, access: ChannelAccess, body: string): Promise<string[]> {
  const names = mentionedNames(body);
  if (names.length === 0) return [];
  const audience = access.channel.kind === "open" ? null : new Set(await channelAudience(db, access.channel));
  // Compared in JavaScript: SQLite's lower() folds only ASCII, and names like "Émile" must match.
  const wanted = new Set(names.slice(0, 50).map(nameKey));
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, access.channel.workspaceId));
  return rows.filter((r) => wanted.has(nameKey(r.name)) && (audience === null || audience.has(r.id))).map((r) => r.id);
}
