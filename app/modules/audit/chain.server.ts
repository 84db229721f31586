import { and, asc, desc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { type ChainBreak, type ChainPosition, entryHash, GENESIS_HASH, type StoredEntry, verifyEntries } from "./chain";
import { auditLog } from "./schema";

/** A chain is a workspace's entries, or the platform's ("") for those without a workspace. */
export type ChainId = string;
const PLATFORM_CHAIN = "";

/** D1 answers a bound statement with at most 100 parameters; one UPDATE per entry keeps well below. */
const SEAL_SLICE = 200;
const VERIFY_SLICE = 1000;

const inChain = (chain: ChainId): SQL => (chain === PLATFORM_CHAIN ? isNull(auditLog.workspaceId) : eq(auditLog.workspaceId, chain))!;

/** Every stored field of an entry, its time in milliseconds as the chain hashes it. */
export const entryColumns = {
  id: auditLog.id,
  seq: auditLog.seq,
  workspaceId: auditLog.workspaceId,
  actorUserId: auditLog.actorUserId,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  outcome: auditLog.outcome,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  metadata: auditLog.metadata,
  createdAt: sql<number>`${auditLog.createdAt}`.as("created_ms"),
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};

async function sealedHead(db: Db, chain: ChainId): Promise<ChainPosition> {
  const head = await db
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(and(inChain(chain), isNotNull(auditLog.seq)))
    .orderBy(desc(auditLog.seq))
    .limit(1)
    .get();
  return head?.seq != null && head.hash ? { seq: head.seq, hash: head.hash } : { seq: 0, hash: GENESIS_HASH };
}

/** The chain's last sealed entry with its time (null for an empty chain, whose head is the genesis hash). */
export async function chainHead(db: Db, chain: ChainId): Promise<ChainPosition & { at: string | null }> {
  const head = await db
    .select({ seq: auditLog.seq, hash: auditLog.hash, createdAt: entryColumns.createdAt })
    .from(auditLog)
    .where(and(inChain(chain), isNotNull(auditLog.seq)))
    .orderBy(desc(auditLog.seq))
    .limit(1)
    .get();
  if (head?.seq == null || !head.hash) return { seq: 0, hash: GENESIS_HASH, at: null };
  return { seq: head.seq, hash: head.hash, at: new Date(Number(head.createdAt)).toISOString() };
}

/**
 * Seals one chain's new entries in the order they were written (SQLite's rowid grows with each insert, and D1
 * writes one statement at a time): each gets the next number, the previous hash and its own. Two sealers at
 * once compute the same values, and each write is guarded by "not sealed yet", so racing is harmless.
 */
export async function sealChain(db: Db, chain: ChainId, maxEntries = 5000): Promise<number> {
  let sealed = 0;
  let collisions = 0;
  let position = await sealedHead(db, chain);
  while (sealed < maxEntries && collisions < 3) {
    const rows = await db
      .select(entryColumns)
      .from(auditLog)
      .where(and(inChain(chain), isNull(auditLog.hash)))
      .orderBy(sql`rowid`)
      .limit(SEAL_SLICE)
      .all();
    if (rows.length === 0) break;
    const updates = [];
    for (const row of rows) {
      const entry: StoredEntry = { ...row, seq: position.seq + 1, createdAt: Number(row.createdAt) };
      const hash = await entryHash(position.hash, entry);
      updates.push(
        db
          .update(auditLog)
          .set({ seq: entry.seq, prevHash: position.hash, hash })
          .where(and(eq(auditLog.id, row.id), isNull(auditLog.hash))),
      );
      position = { seq: entry.seq, hash };
    }
    const [first, ...rest] = updates;
    try {
      await db.batch([first!, ...rest]);
    } catch {
      // Another sealer took these numbers first (the unique index refused ours): start again from its head.
      collisions += 1;
      position = await sealedHead(db, chain);
      continue;
    }
    sealed += rows.length;
  }
  return sealed;
}

/** Every chain with entries still to seal (the partial index keeps this cheap), each sealed. */
export async function sealPendingChains(db: Db): Promise<number> {
  // Runs after every write request: the SQL is written out so that finding nothing to seal costs one indexed read
  // and no query building.
  const { results } = await db.$client.prepare(PENDING_CHAINS).all<{ chain: string }>();
  let sealed = 0;
  for (const { chain } of results) sealed += await sealChain(db, chain);
  return sealed;
}
const PENDING_CHAINS = "select distinct coalesce(workspace_id, '') as chain from audit_log where hash is null limit 100";

export interface ChainVerification {
  ok: boolean;
  /** Entries checked. */
  entries: number;
  /** The last good entry: what a trustee's e-mailed head can be compared with. */
  head: { seq: number; hash: string; at: string | null };
  brokenAt?: { seq: number; id: string | null; at: string | null; reason: ChainBreak["reason"] };
  /** False when the walk stopped at its budget before the end (the cron continues it). */
  complete: boolean;
}

/**
 * Walks a chain from a position (the start, or a resumed walk's cursor), up to a number of entries. The entries
 * are read in slices by their number, so a chain of millions is walked in many small reads.
 */
export async function walkChain(
  db: Db,
  chain: ChainId,
  from: ChainPosition = { seq: 0, hash: GENESIS_HASH },
  budget = Number.POSITIVE_INFINITY,
): Promise<ChainVerification & { position: ChainPosition }> {
  let position = from;
  let entries = 0;
  let lastAt: number | null = null;
  while (entries < budget) {
    const rows = await db
      .select(entryColumns)
      .from(auditLog)
      .where(and(inChain(chain), gt(auditLog.seq, position.seq)))
      .orderBy(asc(auditLog.seq))
      .limit(Math.min(VERIFY_SLICE, budget - entries))
      .all();
    if (rows.length === 0) return { ...result(true, entries, position, lastAt), position };
    const stored = rows.map((row) => ({ ...row, seq: row.seq!, createdAt: Number(row.createdAt) }));
    const { position: next, broken } = await verifyEntries(position, stored);
    entries += stored.filter((row) => row.seq <= next.seq).length;
    lastAt = stored.find((row) => row.seq === next.seq)?.createdAt ?? lastAt;
    position = next;
    if (broken) {
      const at = broken.createdAt == null ? null : new Date(broken.createdAt).toISOString();
      return { ...result(false, entries, position, lastAt), brokenAt: { seq: broken.seq, id: broken.id, at, reason: broken.reason }, position };
    }
  }
  return { ...result(true, entries, position, lastAt), complete: false, position };
}

function result(ok: boolean, entries: number, position: ChainPosition, lastAt: number | null): ChainVerification {
  return { ok, entries, head: { seq: position.seq, hash: position.hash, at: lastAt == null ? null : new Date(lastAt).toISOString() }, complete: true };
}

/** On demand: seal what is new, then walk the whole chain (within a budget that fits a request). */
export async function verifyChain(db: Db, chain: ChainId, budget = 200_000): Promise<ChainVerification> {
  await sealChain(db, chain);
  const { position: _position, ...verification } = await walkChain(db, chain, undefined, budget);
  return verification;
}
