import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { chatEvent } from "../events.server";
import { toViews } from "../message-views.server";
import { plainText } from "../format";
import { MAX_SMS_CHARS } from "../limits";
import { notifyChat } from "../notify.server";
import { channels, chatMessages, chatTopics, smsMessages, smsOptOuts, smsParticipants, type SmsRoute, type SmsStatus } from "../schema";
import { topicAccess, topicViews } from "../topics.server";
import { toE164 } from "./phone";
import { sendRecordedText } from "./outbound.server";
import { chooseSmsProvider } from "./provider.server";
import { newReplyCode, readInbound } from "./reply-code";

type TopicRow = typeof chatTopics.$inferSelect;

/** Adds someone without an account to a topic by phone; they get its messages by SMS and reply by SMS. */
export async function addSmsParticipant(ctx: RequestContext, session: CurrentSession, topicId: string, input: { phone: string; name: string }) {
  const { topic, access } = await topicAccess(ctx.db, session, topicId);
  if (!access.post) throw new Refusal(403, access.member ? "errors.viewerCannotPost" : "errors.notChannelMember");
  const phone = toE164(input.phone);
  if (!phone) throw new Refusal(400, "errors.phoneInvalid", undefined, { phone: "errors.phoneInvalid" });
  if (phone === ctx.config.SMS_FROM_NUMBER) throw new Refusal(400, "errors.phoneIsOurs", undefined, { phone: "errors.phoneIsOurs" });
  const existing = await ctx.db
    .select()
    .from(smsParticipants)
    .where(and(eq(smsParticipants.topicId, topicId), eq(smsParticipants.phone, phone)))
    .get();
  if (existing && existing.removedAt === null) throw new Refusal(409, "errors.phoneAlreadyInTopic", undefined, { phone: "errors.phoneAlreadyInTopic" });
  const now = new Date();
  if (existing) {
    await ctx.db.update(smsParticipants).set({ removedAt: null, displayName: input.name, addedBy: session.user.id }).where(eq(smsParticipants.id, existing.id));
  } else {
    // The code must be unique for this phone (across every topic it is in): try a few.
    for (let attempt = 0; ; attempt++) {
      const code = newReplyCode();
      const inserted = await ctx.db
        .insert(smsParticipants)
        .values({
          id: crypto.randomUUID(),
          workspaceId: topic.workspaceId,
          topicId,
          phone,
          displayName: input.name,
          replyCode: code,
          addedBy: session.user.id,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: smsParticipants.id });
      if (inserted.length) break;
      if (attempt > 20) throw new Error("No free reply code for this phone");
    }
  }
  await ctx.audit({
    action: "chat.sms.add_participant",
    workspaceId: topic.workspaceId,
    actorUserId: session.user.id,
    targetType: "chat_topic",
    targetId: topicId,
    metadata: { phoneEnding: phone.slice(-4) },
  });
  const [view] = await topicViews(ctx.db, session.user.id, [topic]);
  await chatEvent(ctx, access.channel, { kind: "topic.updated", channelId: topic.channelId, topic: { ...view, follow: null } });
  return view;
}

export async function removeSmsParticipant(ctx: RequestContext, session: CurrentSession, topicId: string, participantId: string) {
  const { topic, access } = await topicAccess(ctx.db, session, topicId);
  if (!access.post) throw new Refusal(403, "errors.notChannelMember");
  const removed = await ctx.db
    .update(smsParticipants)
    .set({ removedAt: new Date() })
    .where(and(eq(smsParticipants.id, participantId), eq(smsParticipants.topicId, topicId), isNull(smsParticipants.removedAt)))
    .returning({ id: smsParticipants.id });
  if (removed.length === 0) throw new Refusal(404, "errors.participantNotFound");
  await ctx.audit({
    action: "chat.sms.remove_participant",
    workspaceId: topic.workspaceId,
    actorUserId: session.user.id,
    targetType: "chat_topic",
    targetId: topicId,
  });
  const [view] = await topicViews(ctx.db, session.user.id, [topic]);
  await chatEvent(ctx, access.channel, { kind: "topic.updated", channelId: topic.channelId, topic: { ...view, follow: null } });
}

/** The text a phone receives: who wrote, where, the words, and how to answer this topic. */
export function smsText(input: { authorName: string; topicName: string; body: string; replyCode: string }) {
  const words = plainText(input.body).trim();
  const cut = words.length > MAX_SMS_CHARS ? `${words.slice(0, MAX_SMS_CHARS - 1)}…` : words;
  return `${input.authorName} (${input.topicName}): ${cut}\n\nReply starting with ${input.replyCode} to answer in "${input.topicName}". Text STOP to opt out.`;
}

/**
 * Sends a topic's new message to the topic's phones (not back to the phone that wrote it). A number
 * that texted STOP gets nothing: the attempt is recorded as blocked so the topic shows why.
 * Returns whether any phone is in the topic.
 */
export async function sendTopicSms(
  ctx: RequestContext,
  input: { topic: TopicRow; message: typeof chatMessages.$inferSelect; authorName: string; workspaceId: string; exceptParticipantId?: string },
): Promise<boolean> {
  const participants = await ctx.db
    .select({ participant: smsParticipants, optedOutAt: smsOptOuts.optedOutAt })
    .from(smsParticipants)
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, smsParticipants.phone))
    .where(and(eq(smsParticipants.topicId, input.topic.id), isNull(smsParticipants.removedAt)));
  const targets = participants.filter((p) => p.participant.id !== input.exceptParticipantId);
  if (targets.length === 0) return false;
  const provider = chooseSmsProvider(ctx.config);
  await Promise.all(
    targets.map(({ participant, optedOutAt }) =>
      sendRecordedText(
        ctx.db,
        ctx.config,
        provider,
        {
          workspaceId: input.workspaceId,
          topicId: input.topic.id,
          participantId: participant.id,
          chatMessageId: input.message.id,
          to: participant.phone,
          body: smsText({ authorName: input.authorName, topicName: input.topic.name, body: input.message.body, replyCode: participant.replyCode }),
          optedOut: optedOutAt !== null,
        },
        // Only a text that went out makes this topic "the one that last texted the phone".
        () => [ctx.db.update(smsParticipants).set({ lastOutboundAt: new Date() }).where(eq(smsParticipants.id, participant.id))],
      ),
    ),
  );
  return true;
}

export type InboundOutcome =
  | { outcome: "message"; topicId: string; channelId: string; route: SmsRoute; messageId: string }
  | { outcome: "opted_out" | "opted_in"; topics: number }
  | { outcome: "unknown_number" }
  | { outcome: "empty" };

/**
 * One text from a phone, from Twilio's webhook or the development simulator alike. STOP/START
 * change the number's opt-out; anything else lands in a topic: the one whose reply code it starts
 * with, else the topic that last texted this phone (Twilio keeps one conversation per pair of
 * numbers, so the code is what tells topics apart).
 */
export async function receiveInboundSms(
  ctx: RequestContext,
  input: { from: string; to: string; body: string; sid?: string | null; onlyWorkspaceId?: string },
): Promise<InboundOutcome> {
  const phone = toE164(input.from);
  if (!phone) return { outcome: "unknown_number" };
  // Twilio resends a webhook it thinks failed: the same MessageSid is answered once.
  if (input.sid) {
    const seen = await ctx.db
      .select({ topicId: smsMessages.topicId, chatMessageId: smsMessages.chatMessageId, route: smsMessages.route, channelId: chatTopics.channelId })
      .from(smsMessages)
      .leftJoin(chatTopics, eq(chatTopics.id, smsMessages.topicId))
      .where(and(eq(smsMessages.providerSid, input.sid), eq(smsMessages.direction, "inbound")))
      .get();
    if (seen?.topicId && seen.chatMessageId && seen.channelId) {
      return { outcome: "message", topicId: seen.topicId, channelId: seen.channelId, route: seen.route ?? "most_recent", messageId: seen.chatMessageId };
    }
  }
  const intent = readInbound(input.body);
  const optedOut = (await ctx.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).get()) !== undefined;
  // STOP is honoured from any number, even one in no topic yet; START (or "yes") only undoes a STOP:
  // from a number that has not opted out, "Yes" is an answer in the conversation.
  const keyword = intent.kind === "stop" || (intent.kind === "start" && optedOut) ? intent.kind : null;
  const memberships = await ctx.db
    .select({ participant: smsParticipants, topic: chatTopics, channel: channels })
    .from(smsParticipants)
    .innerJoin(chatTopics, eq(chatTopics.id, smsParticipants.topicId))
    .innerJoin(channels, eq(channels.id, chatTopics.channelId))
    .where(
      and(
        eq(smsParticipants.phone, phone),
        isNull(smsParticipants.removedAt),
        // A reply never lands in an archived channel, where nobody can answer it.
        isNull(channels.archivedAt),
        input.onlyWorkspaceId ? eq(smsParticipants.workspaceId, input.onlyWorkspaceId) : undefined,
      ),
    )
    .orderBy(desc(sql`coalesce(${smsParticipants.lastOutboundAt}, ${smsParticipants.createdAt})`));

  const now = new Date();
  if (keyword) {
    if (keyword === "stop") await ctx.db.insert(smsOptOuts).values({ phone, optedOutAt: now }).onConflictDoNothing();
    else await ctx.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    await ctx.audit({
      action: keyword === "stop" ? "chat.sms.opt_out" : "chat.sms.opt_in",
      metadata: { phoneEnding: phone.slice(-4), topics: memberships.length },
    });
    for (const { topic, channel } of memberships) {
      const [view] = await topicViews(ctx.db, null, [topic]);
      await chatEvent(ctx, channel, { kind: "topic.updated", channelId: channel.id, topic: view });
    }
    return { outcome: keyword === "stop" ? "opted_out" : "opted_in", topics: memberships.length };
  }
  if (memberships.length === 0) return { outcome: "unknown_number" };
  const text = intent.kind === "message" ? intent : { code: null, afterCode: input.body.trim(), body: input.body.trim() };

  const byCode = text.code ? memberships.find((m) => m.participant.replyCode === text.code) : undefined;
  const target = byCode ?? memberships[0];
  const route: SmsRoute = byCode ? "reply_code" : "most_recent";
  const body = (byCode ? text.afterCode : text.body).trim();
  if (!body) return { outcome: "empty" };
  const { participant, topic, channel } = target;
  const id = crypto.randomUUID();
  // The message and its SMS record are written in one batch (one transaction in D1): a resent
  // webhook finds the SID above, and a failure leaves neither behind.
  const [[message]] = await ctx.db.batch([
    ctx.db
      .insert(chatMessages)
      .values({
        id,
        workspaceId: topic.workspaceId,
        channelId: channel.id,
        topicId: topic.id,
        seq: sql`(select coalesce(max(${chatMessages.seq}), 0) + 1 from ${chatMessages} where ${chatMessages.channelId} = ${channel.id})`,
        authorId: null,
        smsParticipantId: participant.id,
        body: body.slice(0, 10_000),
        mentions: [],
        createdAt: now,
      })
      .returning(),
    ctx.db.insert(smsMessages).values({
      id: crypto.randomUUID(),
      workspaceId: topic.workspaceId,
      topicId: topic.id,
      participantId: participant.id,
      chatMessageId: id,
      direction: "inbound",
      fromNumber: phone,
      toNumber: input.to,
      body: input.body.slice(0, 10_000),
      status: "received",
      route,
      provider: ctx.config.SMS_PROVIDER,
      providerSid: input.sid ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    ctx.db.update(chatTopics).set({ lastActivityAt: now }).where(eq(chatTopics.id, topic.id)),
    ctx.db.update(channels).set({ lastMessageAt: now }).where(eq(channels.id, channel.id)),
  ]);
  const [view] = await toViews(ctx.db, [message]);
  await chatEvent(ctx, channel, { kind: "message.created", channelId: channel.id, message: view });
  const access = { channel, member: true, manage: false, post: true };
  await Promise.all([
    notifyChat(ctx, { access, topic, message, authorName: participant.displayName, newMentions: [] }),
    sendTopicSms(ctx, { topic, message, authorName: participant.displayName, workspaceId: topic.workspaceId, exceptParticipantId: participant.id }),
  ]);
  return { outcome: "message", topicId: topic.id, channelId: channel.id, route, messageId: id };
}

/** A delivery report (Twilio's status callback, or the simulator's phone reading its texts). */
/** How far a text has got; callbacks can arrive out of order, and a status never moves back. */
const STATUS_RANK: Record<SmsStatus, number> = { blocked: 0, queued: 1, sent: 2, received: 2, delivered: 3, undelivered: 3, failed: 3 };

export async function applyDeliveryStatus(ctx: RequestContext, sid: string, status: SmsStatus, error: string | null): Promise<boolean> {
  const current = await ctx.db
    .select({ status: smsMessages.status })
    .from(smsMessages)
    .where(and(eq(smsMessages.providerSid, sid), eq(smsMessages.direction, "outbound")))
    .get();
  if (!current) return false;
  if (STATUS_RANK[status] < STATUS_RANK[current.status]) return true;
  const [row] = await ctx.db
    .update(smsMessages)
    .set({ status, error, updatedAt: new Date() })
    .where(and(eq(smsMessages.providerSid, sid), eq(smsMessages.direction, "outbound")))
    .returning();
  if (!row) return false;
  if (row.chatMessageId) {
    const message = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, row.chatMessageId)).get();
    const channel = message ? await ctx.db.select().from(channels).where(eq(channels.id, message.channelId)).get() : undefined;
    if (message && channel) {
      const [view] = await toViews(ctx.db, [message]);
      await chatEvent(ctx, channel, { kind: "message.updated", channelId: channel.id, message: view });
    }
  }
  return true;
}

/** Development simulator: every text to and from one phone in this workspace that the viewer's channels carry, oldest first. */
export async function phoneConversation(ctx: RequestContext, workspaceId: string, phone: string, viewerId: string) {
  return ctx.db
    .select({
      id: smsMessages.id,
      direction: smsMessages.direction,
      body: smsMessages.body,
      status: smsMessages.status,
      route: smsMessages.route,
      providerSid: smsMessages.providerSid,
      createdAt: smsMessages.createdAt,
      topicName: chatTopics.name,
    })
    .from(smsMessages)
    .leftJoin(chatTopics, eq(chatTopics.id, smsMessages.topicId))
    .leftJoin(channels, eq(channels.id, chatTopics.channelId))
    .where(
      and(
        eq(smsMessages.workspaceId, workspaceId),
        sql`(${smsMessages.toNumber} = ${phone} or ${smsMessages.fromNumber} = ${phone})`,
        // A private channel's texts are not shown to someone outside it, even in development.
        sql`(${channels.kind} = 'open' or exists (select 1 from channel_members cm where cm.channel_id = ${channels.id} and cm.user_id = ${viewerId}))`,
      ),
    )
    .orderBy(smsMessages.createdAt)
    .limit(500);
}

/** The phones of this workspace's topics, for the simulator's list. */
export async function workspacePhones(ctx: RequestContext, workspaceId: string) {
  const rows = await ctx.db
    .select({ phone: smsParticipants.phone, name: smsParticipants.displayName, optedOutAt: smsOptOuts.optedOutAt })
    .from(smsParticipants)
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, smsParticipants.phone))
    .where(and(eq(smsParticipants.workspaceId, workspaceId), isNull(smsParticipants.removedAt)));
  const seen = new Map<string, { phone: string; name: string; optedOut: boolean }>();
  for (const r of rows) if (!seen.has(r.phone)) seen.set(r.phone, { phone: r.phone, name: r.name, optedOut: r.optedOutAt !== null });
  return [...seen.values()];
}
