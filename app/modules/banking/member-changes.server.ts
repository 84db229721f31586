import { and, eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { bankingGrantCounts } from "./grants";
import { bankingGrants } from "./schema";

/**
 * A banking read grant is for a family member or a viewer. When its holder's role changes to one it is not for (a
 * family member made a beneficiary), or they leave, it goes, and the audit log says why and who changed the role.
 * (Reading it checks the role as well, so one this missed gives nothing: see access.server.ts.)
 */
async function removeGrant(env: Env, workspaceId: string, userId: string, byUserId: string, metadata: Record<string, string>) {
  const db = createDb(env.DB);
  const removed = await db
    .delete(bankingGrants)
    .where(and(eq(bankingGrants.workspaceId, workspaceId), eq(bankingGrants.userId, userId)))
    .returning({ userId: bankingGrants.userId });
  if (removed.length === 0) return;
  await recordAudit(db, { action: "banking.access_revoked", workspaceId, actorUserId: byUserId, targetType: "user", targetId: userId, metadata });
}

export async function revokeGrantOnRoleChange(env: Env, { workspaceId, userId, from, to, byUserId }: DomainEvents["member.role_changed"]): Promise<void> {
  if (bankingGrantCounts(to)) return;
  await removeGrant(env, workspaceId, userId, byUserId, { reason: "role_changed", from, to });
}

export async function revokeGrantOfDepartedMember(env: Env, { workspaceId, userId, reason, byUserId }: DomainEvents["member.left"]): Promise<void> {
  await removeGrant(env, workspaceId, userId, byUserId, { reason: reason === "left" ? "member_left" : "member_removed" });
}
