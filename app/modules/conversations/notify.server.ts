import { eq } from "drizzle-orm";
import { notify, recipientsFor, recipientT } from "~/modules/notifications/service.server";
import type { RequestContext } from "~/platform/request-context.server";
import { channelAudience } from "./audience.server";
import type { ChannelAccess } from "./channels.server";
import { plainText } from "./format";
import { chatMessages, chatTopics, topicFollows } from "./schema";

const EXCERPT_CHARS = 140;

/**
 * Tells the people mentioned (@**Name**) and those following the topic. A muted topic never
 * notifies, not even a mention: muting is the person's explicit choice. Nobody is told about their own words.
 */
export async function notifyChat(
  ctx: RequestContext,
  input: {
    access: ChannelAccess;
    topic: typeof chatTopics.$inferSelect;
    message: typeof chatMessages.$inferSelect;
    authorName: string;
    newMentions: string[];
    /** An edit: only newly mentioned people hear of it. */
    mentionsOnly?: boolean;
  },
) {
  const { access, topic, message } = input;
  const follows = await ctx.db.select({ userId: topicFollows.userId, mode: topicFollows.mode }).from(topicFollows).where(eq(topicFollows.topicId, topic.id));
  const muted = new Set(follows.filter((f) => f.mode === "mute").map((f) => f.userId));
  const audience = new Set(await channelAudience(ctx.db, access.channel));
  const eligible = (userId: string) => userId !== message.authorId && !muted.has(userId) && (access.channel.kind === "open" || audience.has(userId));
  const mentioned = input.newMentions.filter(eligible);
  const followers = input.mentionsOnly
    ? []
    : follows.filter((f) => f.mode === "follow" && !mentioned.includes(f.userId) && audience.has(f.userId) && eligible(f.userId)).map((f) => f.userId);
  const excerpt = plainText(message.body).replace(/\s+/g, " ").trim().slice(0, EXCERPT_CHARS);
  const metadata = {
    authorName: input.authorName,
    channelId: access.channel.id,
    channelName: access.channel.name,
    topicId: topic.id,
    topicName: topic.name,
    messageId: message.id,
    excerpt,
  };
  const deps = { db: ctx.db, env: ctx.env, config: ctx.config };
  const link = `${ctx.publicOrigin}/channel/${access.channel.id}?topic=${encodeURIComponent(topic.id)}#message-${message.id}`;
  const event = (reason: "mention" | "follow") => () => ({
    type: "chat_notification" as const,
    reason,
    authorName: input.authorName,
    channelName: access.channel.name,
    topicName: topic.name,
    excerpt,
    channelId: access.channel.id,
    topicId: topic.id,
    messageId: message.id,
  });
  await Promise.all([
    mentioned.length
      ? notify(deps, {
          workspaceId: access.channel.workspaceId,
          type: "chat_mention",
          recipients: await recipientsFor(ctx.db, mentioned),
          metadata,
          event: event("mention"),
          mail: (recipient) => {
            const rt = recipientT(recipient, ["conversations"]);
            return {
              subject: rt("mail.mentionSubject", { name: input.authorName, channel: access.channel.name }),
              text: rt("mail.mentionBody", { name: input.authorName, channel: access.channel.name, topic: topic.name, excerpt, link }),
            };
          },
        })
      : null,
    followers.length
      ? notify(deps, {
          workspaceId: access.channel.workspaceId,
          type: "topic_message",
          recipients: await recipientsFor(ctx.db, followers),
          metadata,
          event: event("follow"),
        })
      : null,
  ]);
}
