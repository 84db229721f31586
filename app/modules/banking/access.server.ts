import { and, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { Refusal } from "~/platform/http.server";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import { bankingGrantCounts } from "./grants";
import { bankingGrants, bankingSettings } from "./schema";

/**
 * What a person may do with the trust's banking (issue 16): owners, trustees and co-trustees edit; the
 * family's lawyer reads everything and annotates; a beneficiary sees only her own sub-ledger (and the
 * account totals when the owner allows it); family members and viewers see nothing unless granted.
 */
export interface BankingAccess {
  workspaceId: string;
  userId: string;
  manage: boolean;
  annotate: boolean;
  /** Every transaction of every account; otherwise only `ownSubLedger`. */
  readAll: boolean;
  /** Only transactions categorised to this person's sub-ledger. */
  ownSubLedger: boolean;
  /** Account names, balances and totals. */
  seesTotals: boolean;
}

export async function bankingAccess(db: Db, session: CurrentSession): Promise<BankingAccess> {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const base = { workspaceId: workspace.id, userId: session.user.id };
  const role = workspace.role;
  if (canAdminister(role)) return { ...base, manage: true, annotate: true, readAll: true, ownSubLedger: false, seesTotals: true };
  if (role === "legal_professional") return { ...base, manage: false, annotate: true, readAll: true, ownSubLedger: false, seesTotals: true };
  if (role === "beneficiary") {
    const settings = await db.select().from(bankingSettings).where(eq(bankingSettings.workspaceId, workspace.id)).get();
    return { ...base, manage: false, annotate: false, readAll: false, ownSubLedger: true, seesTotals: settings?.beneficiariesSeeTotals ?? false };
  }
  // A grant is for family members and viewers only: whatever else its holder has become, it gives nothing.
  if (!bankingGrantCounts(role)) throw new Refusal(403, "errors.noBankingAccess");
  const grant = await db
    .select({ userId: bankingGrants.userId })
    .from(bankingGrants)
    .where(and(eq(bankingGrants.workspaceId, workspace.id), eq(bankingGrants.userId, session.user.id)))
    .get();
  if (grant) return { ...base, manage: false, annotate: false, readAll: true, ownSubLedger: false, seesTotals: true };
  throw new Refusal(403, "errors.noBankingAccess");
}

export function requireManage(access: BankingAccess): void {
  if (!access.manage) throw new Refusal(403, "errors.onlyTrustees");
}

/** An entry in the audit log for a banking change, with what it was before and after when it has one. */
export function auditBanking(
  ctx: RequestContext,
  access: BankingAccess,
  action: string,
  target: { type: string; id: string },
  metadata?: Record<string, string | number | boolean | null>,
  outcome?: "denied",
) {
  return ctx.audit({ action, outcome, workspaceId: access.workspaceId, actorUserId: access.userId, targetType: target.type, targetId: target.id, metadata });
}
