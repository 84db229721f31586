import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import type { RequestContext } from "~/platform/request-context.server";
import {
  channelAccess,
  channelMemberList,
  lastUsedChannelId,
  listChannels,
  markRead,
  resolveChannelId,
  workspaceMembers,
  workspaceOf,
} from "./channels.server";
import { chatThreadId } from "./limits";
import { listMessages } from "./messages.server";
import { phoneSimulatorEnabled } from "./sms/simulator.server";
import { listTopics } from "./topics.server";

/** Everything the chat screen shows first: the channel (last used for /chat), its newest messages, topics and people. */
export async function loadChatScreen(ctx: RequestContext, session: CurrentSession, channelParam: string | undefined, topicId: string | null) {
  const { workspaceId, role } = workspaceOf(session);
  const channelId = channelParam ? await resolveChannelId(ctx.db, session, channelParam) : await lastUsedChannelId(ctx.db, session);
  const access = await channelAccess(ctx.db, session, channelId);
  // Opening a channel shows its newest page: that is what has been read.
  await markRead(ctx.db, session, access, "newest", { visited: true });
  const [channels, topics, page, channelMembers, everyone] = await Promise.all([
    listChannels(ctx.db, session),
    listTopics(ctx.db, session, { channelId }),
    listMessages(ctx.db, access, { topicId: topicId ?? undefined }),
    // General's members are the workspace's: one query serves both.
    access.channel.isDefault ? null : channelMemberList(ctx.db, access.channel),
    workspaceMembers(ctx.db, workspaceId),
  ]);
  const { channel } = access;
  return {
    workspaceId,
    threadId: chatThreadId(workspaceId),
    // Message templates (the communication module) are for those who write to the family: administrators and the lawyer.
    me: {
      id: session.user.id,
      name: session.user.name,
      admin: canAdminister(role),
      canCreate: role !== "viewer",
      templates: canAdminister(role) || role === "legal_professional",
    },
    channel: {
      id: channel.id,
      name: channel.name,
      description: channel.description,
      kind: channel.kind,
      isDefault: channel.isDefault,
      archived: channel.archivedAt !== null,
      member: access.member,
      manage: access.manage,
      post: access.post,
    },
    channels,
    topics,
    topicId: topicId && topics.some((tp) => tp.id === topicId) ? topicId : null,
    messages: page.messages,
    hasOlder: page.hasOlder,
    members: channelMembers ?? everyone,
    everyone,
    simulator: phoneSimulatorEnabled(ctx),
  };
}

export type ChatScreenData = Awaited<ReturnType<typeof loadChatScreen>>;
