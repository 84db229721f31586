import { and, eq, inArray } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { ADMIN_ROLES } from "./roles";
import { memberships } from "./schema";

/** The members who administer the trust (owners, trustees, co-trustees): who decides, signs and is reminded. */
export function workspaceTrustees(db: Db, workspaceId: string): Promise<{ userId: string; name: string }[]> {
  return db
    .select({ userId: memberships.userId, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.role, [...ADMIN_ROLES])));
}

export async function trusteeIds(db: Db, workspaceId: string): Promise<string[]> {
  return (await workspaceTrustees(db, workspaceId)).map((t) => t.userId);
}
