import { and, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { bankingGrantCounts } from "~/modules/banking/grants";
import { bankingGrants } from "~/modules/banking/schema";
import { memberships } from "~/modules/workspaces/schema";
import { canAdminister } from "~/modules/workspaces/roles";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";

/**
 * What a person may do with the trust's finances (issue 17). Owners, trustees and co-trustees manage assets and
 * decide distributions; the family's lawyer reads everything; a family member or viewer the owner let see the
 * banking reads too (while they are a family member or viewer: the grant is for those roles only). Every member with an interest (a beneficiary, or anyone holding a beneficial share) sees her
 * own distributions and may request one for herself, and nothing of anyone else's.
 */
export interface FinanceAccess {
  workspaceId: string;
  userId: string;
  role: string;
  manage: boolean;
  /** Assets, the ledger, every distribution and the accounting. */
  readAll: boolean;
  /** May ask for a distribution to herself. */
  mayRequestOwn: boolean;
}

export async function financeAccess(db: Db, session: CurrentSession): Promise<FinanceAccess> {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const base = { workspaceId: workspace.id, userId: session.user.id, role: workspace.role };
  if (canAdminister(workspace.role)) return { ...base, manage: true, readAll: true, mayRequestOwn: true };
  const [membership, grant] = await db.batch([
    db
      .select({ share: memberships.beneficialShareBp })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, session.user.id))),
    db
      .select({ userId: bankingGrants.userId })
      .from(bankingGrants)
      .where(and(eq(bankingGrants.workspaceId, workspace.id), eq(bankingGrants.userId, session.user.id))),
  ]);
  const hasInterest = workspace.role === "beneficiary" || (membership[0]?.share ?? 0) > 0;
  // A banking grant counts only for the roles it is for (a family member, a viewer): one left behind by a role change
  // (a family member made a beneficiary) must not open every distribution, the overview and the assets.
  const readAll = workspace.role === "legal_professional" || (grant.length > 0 && bankingGrantCounts(workspace.role));
  return { ...base, manage: false, readAll, mayRequestOwn: hasInterest };
}

export function requireManage(access: FinanceAccess): void {
  if (!access.manage) throw new Refusal(403, "errors.onlyTrustees");
}

export function requireReadAll(access: FinanceAccess): void {
  if (!access.readAll) throw new Refusal(403, "errors.noFinanceAccess");
}

export function auditFinance(
  ctx: RequestContext,
  access: FinanceAccess,
  action: string,
  target: { type: string; id: string },
  metadata?: Record<string, string | number | boolean | null>,
  outcome?: "denied",
) {
  return ctx.audit({ action, outcome, workspaceId: access.workspaceId, actorUserId: access.userId, targetType: target.type, targetId: target.id, metadata });
}
