import { pushThreadEvent } from "~/modules/notifications/service.server";
import type { RequestContext } from "~/platform/request-context.server";
import { channelAudience, type ChannelRow } from "./audience.server";
import { chatThreadId } from "./limits";
import type { ChatEvent } from "../../../party/protocol";

/**
 * Sends a chat event to the rooms of everyone in the channel (and `extra` people, e.g. someone just
 * removed), which forward it to their tabs subscribed to the workspace's chat thread. Only the
 * channel's audience is reached: a private channel's words never go to anyone else's room.
 */
export async function chatEvent(ctx: RequestContext, channel: ChannelRow, event: ChatEvent, extra: string[] = []) {
  const audience = await channelAudience(ctx.db, channel);
  try {
    await pushThreadEvent(ctx.env, [...audience, ...extra], chatThreadId(channel.workspaceId), event);
  } catch (error) {
    // The message is stored; a tab that missed the push sees it at its next load.
    console.error("chat push failed", error);
  }
}
