import type { Role } from "./schema";

/** Owners and trustees administer a workspace: members, invitations, settings, everything in it. */
export const ADMIN_ROLES: readonly Role[] = ["owner", "trustee", "co_trustee"];

export function canAdminister(role: Role | null | undefined): boolean {
  return role != null && ADMIN_ROLES.includes(role);
}

/** Roles the creator of a new workspace can take: each of them administers it. */
export const CREATOR_ROLES = ["owner", "trustee", "co_trustee"] as const satisfies readonly Role[];

/** Roles an invitation can give; ownership is not handed out by e-mail. */
export const INVITABLE_ROLES = ["trustee", "co_trustee", "beneficiary", "family_member", "legal_professional", "viewer"] as const satisfies readonly Role[];

/**
 * Who sees the whole workspace's records (every document, all activity): administrators and the
 * family's lawyer. Beneficiaries, family members and viewers see their own and what is shared with them.
 */
export function seesWholeWorkspace(role: Role | null | undefined): boolean {
  return canAdminister(role) || role === "legal_professional";
}
