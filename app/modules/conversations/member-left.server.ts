import { and, eq } from "drizzle-orm";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { channelMembers, topicFollows } from "./schema";

/** Someone left the workspace: they leave its channels and stop following its topics; what they wrote stays. */
export async function removeDepartedMember(env: Env, { workspaceId, userId }: DomainEvents["member.left"]): Promise<void> {
  const db = createDb(env.DB);
  await db.batch([
    db.delete(channelMembers).where(and(eq(channelMembers.workspaceId, workspaceId), eq(channelMembers.userId, userId))),
    db.delete(topicFollows).where(and(eq(topicFollows.workspaceId, workspaceId), eq(topicFollows.userId, userId))),
  ]);
}
