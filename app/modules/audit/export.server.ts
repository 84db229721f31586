import { and, asc, between, eq } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import type { AuditBundle, BundleEntry } from "./bundle";
import { signedBundle } from "./bundle.server";
import { chainHead, entryColumns, sealChain } from "./chain.server";
import { auditLog } from "./schema";
import { signingKey } from "./signing-key.server";

const PAGE = 1000;

/**
 * The workspace's audit chain for its export (issue 19), fixed at one head: every entry is sealed first, then the head
 * is signed as a bundle holding only the head's entry (scripts/verify-audit-bundle.mjs checks it), and the log is
 * read up to that entry. Entries written while the export runs (its own request among them) come after the head and
 * belong to the next export.
 */
export async function auditForExport(
  db: Db,
  env: { AUDIT_SIGNING_KEY?: string },
  request: { workspace: { id: string; name: string }; exportedBy: { userId: string; name: string | null }; now: Date },
): Promise<{ head: AuditBundle; entries: () => AsyncGenerator<BundleEntry> }> {
  const workspaceId = request.workspace.id;
  // Sealing is bounded per call; a long backlog takes a few rounds.
  for (let round = 0; round < 20 && (await sealChain(db, workspaceId)) > 0; round++);
  const head = await chainHead(db, workspaceId);
  const last = head.seq > 0 ? await entriesBetween(db, workspaceId, head.seq, head.seq) : [];
  const day = head.at?.slice(0, 10) ?? null;
  const bundle = await signedBundle(db, {
    workspace: request.workspace,
    exportedBy: request.exportedBy,
    period: day ? { from: day, to: day } : {},
    entries: last,
    key: await signingKey(db, env),
    now: request.now,
  });
  async function* entries(): AsyncGenerator<BundleEntry> {
    for (let from = 1; from <= head.seq; from += PAGE) {
      for (const entry of await entriesBetween(db, workspaceId, from, Math.min(head.seq, from + PAGE - 1))) yield entry;
    }
  }
  return { head: bundle, entries };
}

async function entriesBetween(db: Db, workspaceId: string, from: number, to: number): Promise<BundleEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), between(auditLog.seq, from, to)))
    .orderBy(asc(auditLog.seq))
    .all();
  return rows.map((row) => ({ ...row, seq: row.seq!, createdAt: Number(row.createdAt), prevHash: row.prevHash!, hash: row.hash! }));
}
