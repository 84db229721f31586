import { and, eq, type SQL } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import type { Role } from "~/modules/workspaces/schema";
import { documents } from "./schema";

/**
 * The one rule for which documents a member may see, used by every query that lists or counts them.
 * Until sharing exists, members without a whole-workspace role see the documents they uploaded.
 */
export function visibleDocuments(session: CurrentSession): SQL {
  const workspaceId = session.workspace?.id ?? "";
  const inWorkspace = eq(documents.workspaceId, workspaceId);
  if (seesWholeWorkspace(session.workspace?.role as Role | undefined)) return inWorkspace;
  return and(inWorkspace, eq(documents.uploadedBy, session.user.id)) as SQL;
}
