import { and, asc, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { memberships, workspaces } from "./schema";

/**
 * The workspace's beneficiaries as members (the beneficiary portal): who they are and their beneficial share. Kept
 * apart from service.server.ts, which reads the workspace as a whole.
 */
export interface BeneficiaryMember {
  userId: string;
  name: string;
  shareBp: number | null;
}

/** One member with the beneficiary role, or null (not a member, or another role). */
export async function findBeneficiary(db: Db, workspaceId: string, userId: string): Promise<BeneficiaryMember | null> {
  const row = await db
    .select({ userId: memberships.userId, name: users.name, shareBp: memberships.beneficialShareBp })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), eq(memberships.role, "beneficiary")))
    .get();
  return row ?? null;
}

/** Every member with the beneficiary role, by name: whom a trustee may preview the portal as (no shares: just who). */
export function listBeneficiaries(db: Db, workspaceId: string): Promise<{ userId: string; name: string }[]> {
  return db
    .select({ userId: memberships.userId, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "beneficiary")))
    .orderBy(asc(users.name));
}

/** Whether beneficiaries see the trust's totals on their portal (the owner's switch). */
export async function portalShowsTotals(db: Db, workspaceId: string): Promise<boolean> {
  const row = await db.select({ on: workspaces.portalShowsTotals }).from(workspaces).where(eq(workspaces.id, workspaceId)).get();
  return row?.on ?? false;
}

/** Turns the switch; the caller checks that the owner asks and audits it. */
export async function setPortalShowsTotals(db: Db, workspaceId: string, on: boolean): Promise<void> {
  await db.update(workspaces).set({ portalShowsTotals: on }).where(eq(workspaces.id, workspaceId));
}
