import { and, eq } from "drizzle-orm";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { documentAccess, documentShares } from "./schema";

/** Someone left the workspace: nothing stays shared with them, and their recently-opened list in it goes. */
export async function forgetDepartedMember(env: Env, { workspaceId, userId }: DomainEvents["member.left"]): Promise<void> {
  const db = createDb(env.DB);
  await db.batch([
    db.delete(documentShares).where(and(eq(documentShares.workspaceId, workspaceId), eq(documentShares.userId, userId))),
    db.delete(documentAccess).where(and(eq(documentAccess.workspaceId, workspaceId), eq(documentAccess.userId, userId))),
  ]);
}
