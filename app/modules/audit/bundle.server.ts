import { and, asc, between, eq, gte, isNotNull, lt, max, min, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { type AuditBundle, BUNDLE_FORMAT, BUNDLE_VERSION, type BundleEntry, signBundle } from "./bundle";
import { chainHead, entryColumns } from "./chain.server";
import { auditLog } from "./schema";
import type { AuditSigningKey } from "./signing-key.server";

const DAY = 86_400_000;

export interface BundlePeriod {
  /** YYYY-MM-DD (UTC), inclusive; absent: from the chain's start. */
  from?: string;
  /** YYYY-MM-DD (UTC), inclusive; absent: until now. */
  to?: string;
}

/**
 * The sealed entries of a workspace's chain from the period's first to its last, by number, up to `limit`. A bundle
 * must be a contiguous run of the chain for its links to verify, so the period picks the first and last numbers and
 * everything between is included: entries written across midnight by two isolates can carry times slightly out of
 * order, and leaving one out would read as a gap.
 */
export async function bundleEntries(db: Db, workspaceId: string, period: BundlePeriod, limit: number): Promise<BundleEntry[]> {
  const sealed = and(eq(auditLog.workspaceId, workspaceId), isNotNull(auditLog.hash));
  const since: SQL | undefined = period.from ? gte(auditLog.createdAt, new Date(`${period.from}T00:00:00Z`)) : undefined;
  const until: SQL | undefined = period.to ? lt(auditLog.createdAt, new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY)) : undefined;
  const [first, last] = await Promise.all([
    db
      .select({ seq: min(auditLog.seq) })
      .from(auditLog)
      .where(and(sealed, since))
      .get(),
    db
      .select({ seq: max(auditLog.seq) })
      .from(auditLog)
      .where(and(sealed, until))
      .get(),
  ]);
  if (first?.seq == null || last?.seq == null || first.seq > last.seq) return [];
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), between(auditLog.seq, first.seq, last.seq)))
    .orderBy(asc(auditLog.seq))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row, seq: row.seq!, createdAt: Number(row.createdAt), prevHash: row.prevHash!, hash: row.hash! }));
}

export interface BundleRequest {
  workspace: { id: string; name: string };
  exportedBy: { userId: string; name: string | null };
  period: BundlePeriod;
  entries: BundleEntry[];
  key: AuditSigningKey;
  now: Date;
}

/** The bundle signed, with the chain's head read after its entries (so the head is never before them). */
export async function signedBundle(db: Db, request: BundleRequest): Promise<AuditBundle> {
  const head = await chainHead(db, request.workspace.id);
  return signBundle(
    {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      workspaceId: request.workspace.id,
      workspaceName: request.workspace.name,
      period: { from: request.period.from ?? null, to: request.period.to ?? null },
      exportedAt: request.now.toISOString(),
      exportedBy: request.exportedBy,
      entries: request.entries,
      chainHead: { seq: head.seq, hash: head.hash, at: head.at },
      publicKey: request.key.publicJwk,
      keyId: request.key.keyId,
    },
    request.key.privateKey,
  );
}
