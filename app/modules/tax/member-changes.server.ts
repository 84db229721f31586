import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { taxFeedTokens } from "./schema";

/**
 * A tax calendar feed is for someone who sees the trust's taxes (its administrators and lawyer). The feed already
 * answers 404 once its owner's role no longer sees them; the addresses are also revoked then (and when they leave),
 * so that a later role change back does not quietly bring an old address to life again.
 */
async function revokeFeeds(env: Env, workspaceId: string, userId: string, byUserId: string, metadata: Record<string, string>) {
  const db = createDb(env.DB);
  const revoked = await db
    .update(taxFeedTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(taxFeedTokens.workspaceId, workspaceId), eq(taxFeedTokens.userId, userId), isNull(taxFeedTokens.revokedAt)))
    .returning({ id: taxFeedTokens.id });
  for (const { id } of revoked)
    await recordAudit(db, {
      action: "tax.feed_revoked",
      workspaceId,
      actorUserId: byUserId,
      targetType: "tax_feed",
      targetId: id,
      metadata: { ...metadata, userId },
    });
}

export async function revokeFeedsOnRoleChange(env: Env, { workspaceId, userId, from, to, byUserId }: DomainEvents["member.role_changed"]): Promise<void> {
  if (seesWholeWorkspace(to)) return;
  await revokeFeeds(env, workspaceId, userId, byUserId, { reason: "role_changed", from, to });
}

export async function revokeFeedsOfDepartedMember(env: Env, { workspaceId, userId, reason, byUserId }: DomainEvents["member.left"]): Promise<void> {
  await revokeFeeds(env, workspaceId, userId, byUserId, { reason: reason === "left" ? "member_left" : "member_removed" });
}
