import type { Role } from "~/modules/workspaces/schema";

/**
 * The roles a banking read grant is for: family members and viewers see nothing of banking (or of the trust's
 * finances) unless an owner or trustee lets them read it. A grant counts only while its holder has one of these
 * roles: for anyone else it gives nothing (their role decides), and it is removed when the role changes.
 */
export const BANKING_GRANT_ROLES = ["family_member", "viewer"] as const satisfies readonly Role[];

export function bankingGrantCounts(role: string | null | undefined): boolean {
  return role != null && (BANKING_GRANT_ROLES as readonly string[]).includes(role);
}
