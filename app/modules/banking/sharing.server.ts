import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { BANKING_GRANT_ROLES, bankingGrantCounts } from "./grants";
import { bankingGrants, bankingSettings } from "./schema";

/**
 * Who sees what beyond their role: the beneficiaries' totals switch and the read grants, for the managers' panel.
 * Someone whose role no longer takes a grant but still holds one (from before grants were removed with a role
 * change) is listed too, marked `counts: false`, so that it can be switched off.
 */
export async function bankingSharing(ctx: RequestContext, access: BankingAccess) {
  requireManage(access);
  const [settings, people] = await Promise.all([
    ctx.db.select().from(bankingSettings).where(eq(bankingSettings.workspaceId, access.workspaceId)).get(),
    ctx.db
      .select({ userId: memberships.userId, name: users.name, role: memberships.role, granted: bankingGrants.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(bankingGrants, and(eq(bankingGrants.workspaceId, memberships.workspaceId), eq(bankingGrants.userId, memberships.userId)))
      .where(and(eq(memberships.workspaceId, access.workspaceId), or(inArray(memberships.role, [...BANKING_GRANT_ROLES]), isNotNull(bankingGrants.userId))))
      .orderBy(asc(users.name)),
  ]);
  return {
    beneficiariesSeeTotals: settings?.beneficiariesSeeTotals ?? false,
    people: people.map((p) => ({ userId: p.userId, name: p.name, role: p.role, granted: p.granted !== null, counts: bankingGrantCounts(p.role) })),
  };
}

/** Only the owner decides whether beneficiaries see the accounts' totals (issue 16). */
export async function setBeneficiariesSeeTotals(ctx: RequestContext, session: CurrentSession, access: BankingAccess, value: boolean) {
  if (session.workspace?.role !== "owner") throw new Refusal(403, "errors.onlyOwnerTotals");
  await ctx.db
    .insert(bankingSettings)
    .values({ workspaceId: access.workspaceId, beneficiariesSeeTotals: value })
    .onConflictDoUpdate({ target: bankingSettings.workspaceId, set: { beneficiariesSeeTotals: value } });
  await auditBanking(ctx, access, "banking.totals_visibility_set", { type: "workspace", id: access.workspaceId }, { beneficiariesSeeTotals: value });
  return { beneficiariesSeeTotals: value };
}

/**
 * A family member or viewer may be let in to read banking, and let out again; audited both ways. Letting out works
 * whatever the person's role now is (and after they left): a grant must never be stuck where nobody can remove it.
 */
export async function setBankingGrant(ctx: RequestContext, access: BankingAccess, userId: string, granted: boolean) {
  requireManage(access);
  if (!isUuid(userId)) throw new Refusal(404, "errors.memberNotFound");
  const member = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, access.workspaceId), eq(memberships.userId, userId)))
    .get();
  const grantOf = and(eq(bankingGrants.workspaceId, access.workspaceId), eq(bankingGrants.userId, userId));
  if (granted) {
    if (!member) throw new Refusal(404, "errors.memberNotFound");
    if (!bankingGrantCounts(member.role)) throw new Refusal(400, "validation.grantRoleInvalid");
    await ctx.db
      .insert(bankingGrants)
      .values({ workspaceId: access.workspaceId, userId, grantedBy: access.userId, createdAt: new Date() })
      .onConflictDoNothing();
  } else {
    const removed = await ctx.db.delete(bankingGrants).where(grantOf).returning({ userId: bankingGrants.userId });
    if (!member && removed.length === 0) throw new Refusal(404, "errors.memberNotFound");
  }
  await auditBanking(ctx, access, granted ? "banking.access_granted" : "banking.access_revoked", { type: "user", id: userId });
  return { userId, granted };
}
