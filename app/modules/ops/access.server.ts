import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import type { AppConfig } from "~/platform/env.server";
import { Refusal } from "~/platform/http.server";

/**
 * Who looks at operations, and at what (ADR 0031): an operator (a verified address in OPERATOR_EMAILS) sees every
 * workspace and the platform's configuration; a workspace's administrators see their workspace; nobody else.
 */
export type OpsViewer = { kind: "operator"; userId: string } | { kind: "workspace"; userId: string; workspaceId: string };

export function isOperator(config: AppConfig, session: CurrentSession | null): boolean {
  if (!session?.user.emailVerifiedAt) return false;
  return config.OPERATOR_EMAILS.includes(session.user.email.toLowerCase());
}

/** The viewer, or null when this person may only report problems (not see the workspace's errors or health). */
export function opsViewer(config: AppConfig, session: CurrentSession): OpsViewer | null {
  if (isOperator(config, session)) return { kind: "operator", userId: session.user.id };
  if (session.workspace && canAdminister(session.workspace.role)) return { kind: "workspace", userId: session.user.id, workspaceId: session.workspace.id };
  return null;
}

export function requireOpsViewer(config: AppConfig, session: CurrentSession): OpsViewer {
  const viewer = opsViewer(config, session);
  if (!viewer) throw new Refusal(403, "errors.adminsOnly");
  return viewer;
}
