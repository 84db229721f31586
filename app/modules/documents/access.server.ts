import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { documents, documentShares, type SharePermission } from "./schema";

/** Owners and trustees see and manage every document of their workspace. */
export function seesEveryDocument(session: CurrentSession): boolean {
  return canAdminister(session.workspace?.role);
}

/**
 * The one rule for which documents a member may see, used by every query that lists, counts,
 * searches or opens them: owners and trustees see all; everyone else (legal professionals,
 * beneficiaries, family members, viewers) sees what they uploaded and what is shared with them.
 */
export function visibleDocuments(session: CurrentSession): SQL {
  const workspaceId = session.workspace?.id ?? "";
  const inWorkspace = eq(documents.workspaceId, workspaceId);
  if (seesEveryDocument(session)) return inWorkspace;
  const sharedWithMe = sql`exists (select 1 from ${documentShares} where ${documentShares.documentId} = ${documents.id} and ${documentShares.userId} = ${session.user.id})`;
  return and(inWorkspace, or(eq(documents.uploadedBy, session.user.id), sharedWithMe)) as SQL;
}

export interface DocumentRights {
  /** Change the title and type, re-run the analysis, add recognised text, versions. */
  canEdit: boolean;
  /** Delete, and share or stop sharing. */
  canManage: boolean;
}

/** What this person may do with a document they can see. */
export function documentRights(session: CurrentSession, document: { uploadedBy: string | null; sharePermission?: SharePermission | null }): DocumentRights {
  const canManage = seesEveryDocument(session) || document.uploadedBy === session.user.id;
  return { canManage, canEdit: canManage || document.sharePermission === "edit" };
}
