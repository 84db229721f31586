import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { Refusal } from "~/platform/http.server";

/** Who writes to the family from templates and schedules messages: owners, trustees and the family's lawyer. */
export function communicationScope(session: CurrentSession) {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  const { role } = session.workspace;
  if (!canAdminister(role) && role !== "legal_professional") throw new Refusal(403, "errors.onlyOrganisers");
  return { workspaceId: session.workspace.id, userId: session.user.id, role };
}
export type CommunicationScope = ReturnType<typeof communicationScope>;
