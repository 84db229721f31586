import { eq } from "drizzle-orm";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { channelMembers, type channels } from "./schema";

/**
 * Who a channel reaches. Its own module because both the channel commands and the live-event sender
 * need it, and the sender is called by the channel commands (keeping it there made an import cycle).
 */
export type ChannelRow = typeof channels.$inferSelect;

/** Who receives a channel's live events and may be mentioned in it. */
export async function channelAudience(db: Db, channel: ChannelRow): Promise<string[]> {
  if (channel.isDefault) {
    const rows = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.workspaceId, channel.workspaceId));
    return rows.map((r) => r.userId);
  }
  const rows = await db.select({ userId: channelMembers.userId }).from(channelMembers).where(eq(channelMembers.channelId, channel.id));
  return rows.map((r) => r.userId);
}
