import { and, asc, eq, inArray } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { bankingGrants, bankingSettings } from "./schema";

/** Roles that see nothing of banking unless an owner or trustee grants it (read only). */
const GRANTABLE_ROLES = ["family_member", "viewer"] as const;

/** Who sees what beyond their role: the beneficiaries' totals switch and the read grants, for the managers' panel. */
export async function bankingSharing(ctx: RequestContext, access: BankingAccess) {
  requireManage(access);
  const [settings, people] = await Promise.all([
    ctx.db.select().from(bankingSettings).where(eq(bankingSettings.workspaceId, access.workspaceId)).get(),
    ctx.db
      .select({ userId: memberships.userId, name: users.name, role: memberships.role, granted: bankingGrants.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(bankingGrants, and(eq(bankingGrants.workspaceId, memberships.workspaceId), eq(bankingGrants.userId, memberships.userId)))
      .where(and(eq(memberships.workspaceId, access.workspaceId), inArray(memberships.role, [...GRANTABLE_ROLES])))
      .orderBy(asc(users.name)),
  ]);
  return {
    beneficiariesSeeTotals: settings?.beneficiariesSeeTotals ?? false,
    people: people.map((p) => ({ userId: p.userId, name: p.name, role: p.role, granted: p.granted !== null })),
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

/** A family member or viewer may be let in to read banking, and let out again; audited both ways. */
export async function setBankingGrant(ctx: RequestContext, access: BankingAccess, userId: string, granted: boolean) {
  requireManage(access);
  const member = isUuid(userId)
    ? await ctx.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, access.workspaceId), eq(memberships.userId, userId)))
        .get()
    : undefined;
  if (!member) throw new Refusal(404, "errors.memberNotFound");
  if (!(GRANTABLE_ROLES as readonly string[]).includes(member.role)) throw new Refusal(400, "validation.grantRoleInvalid");
  if (granted)
    await ctx.db
      .insert(bankingGrants)
      .values({ workspaceId: access.workspaceId, userId, grantedBy: access.userId, createdAt: new Date() })
      .onConflictDoNothing();
  else await ctx.db.delete(bankingGrants).where(and(eq(bankingGrants.workspaceId, access.workspaceId), eq(bankingGrants.userId, userId)));
  await auditBanking(ctx, access, granted ? "banking.access_granted" : "banking.access_revoked", { type: "user", id: userId });
  return { userId, granted };
}
