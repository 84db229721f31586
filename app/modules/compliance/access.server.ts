import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister, seesWholeWorkspace } from "~/modules/workspaces/roles";
import { Refusal } from "~/platform/http.server";

/**
 * Who may do what with the trust's administration (issue 18). Owners, trustees and co-trustees keep the profile,
 * record events and mark duties done; the family's lawyer reads everything, the audit included; every other member
 * sees the duties and their dates (not the profile, which names every beneficiary's share).
 */
export interface ComplianceAccess {
  workspaceId: string;
  userId: string;
  manage: boolean;
  /** The profile, the clauses behind duties, the audit log. */
  readAll: boolean;
}

export function complianceAccess(session: CurrentSession): ComplianceAccess {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  return { workspaceId: workspace.id, userId: session.user.id, manage: canAdminister(workspace.role), readAll: seesWholeWorkspace(workspace.role) };
}

export function requireReadAll(access: ComplianceAccess): ComplianceAccess {
  if (!access.readAll) throw new Refusal(403, "errors.trusteesOnly");
  return access;
}

export function requireManage(access: ComplianceAccess): ComplianceAccess {
  if (!access.manage) throw new Refusal(403, "errors.manageOnly");
  return access;
}

/** The trustees' view of the workspace's documents, for work no person asked for (the cron's reminders). */
export function trusteeView(session: CurrentSession): CurrentSession {
  if (!session.workspace) return session;
  return { ...session, workspace: { ...session.workspace, role: "owner" } };
}
