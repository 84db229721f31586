import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";

/** The workspace's e-mails are the owner's to personalise (issue 21); everyone chooses their own digest. */
export function emailOwnerScope(session: CurrentSession) {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  if (session.workspace.role !== "owner") throw new Refusal(403, "errors.onlyOwners");
  return { workspaceId: session.workspace.id, userId: session.user.id };
}
export type EmailOwnerScope = ReturnType<typeof emailOwnerScope>;
