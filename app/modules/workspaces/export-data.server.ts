import { asc, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { memberships, workspaces } from "./schema";

/**
 * The workspace and its members for its export (issue 19): who the ids in the other files are. Only what the
 * members see of each other (name, e-mail, role, share); never passwords or sessions.
 */
export async function workspaceForExport(db: Db, workspaceId: string) {
  const [workspace, members] = await Promise.all([
    db
      .select({ id: workspaces.id, name: workspaces.name, jurisdiction: workspaces.jurisdiction, createdAt: workspaces.createdAt })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .get(),
    db
      .select({
        userId: memberships.userId,
        name: users.name,
        email: users.email,
        role: memberships.role,
        beneficialShareBp: memberships.beneficialShareBp,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspaceId))
      .orderBy(asc(memberships.createdAt))
      .all(),
  ]);
  return workspace ? { ...workspace, members } : null;
}
