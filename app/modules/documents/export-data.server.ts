import { and, asc, count, eq, gt, inArray, sum } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { documentAnalyses, documents, documentShares, documentVersions } from "./schema";

/**
 * Besides the documents themselves (which the export writes folder by folder with documentsForExport), who each
 * document was shared with and how.
 */
export const documentsExport: ExportContribution = {
  tables: [exportTable("documents/shares.json", documentShares, documentShares.workspaceId)],
};

export interface ExportVersion {
  id: string;
  number: number;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string | null;
  storageKey: string;
  note: string | null;
  source: string;
  restoredFrom: number | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface ExportDocument {
  document: Omit<typeof documents.$inferSelect, "searchRowid" | "storageKey" | "thumbnailKey">;
  versions: ExportVersion[];
  analysis: typeof documentAnalyses.$inferSelect | null;
}

/** How many documents, versions (files), analyses and bytes a workspace holds: the export's size before it starts. */
export async function documentFilesTotal(db: Db, workspaceId: string): Promise<{ documents: number; versions: number; analyses: number; bytes: number }> {
  const [versions, docs, analyses] = await Promise.all([
    db
      .select({ n: count(), bytes: sum(documentVersions.sizeBytes) })
      .from(documentVersions)
      .where(eq(documentVersions.workspaceId, workspaceId))
      .get(),
    db.select({ n: count() }).from(documents).where(eq(documents.workspaceId, workspaceId)).get(),
    db.select({ n: count() }).from(documentAnalyses).where(eq(documentAnalyses.workspaceId, workspaceId)).get(),
  ]);
  return { documents: docs?.n ?? 0, versions: versions?.n ?? 0, analyses: analyses?.n ?? 0, bytes: Number(versions?.bytes ?? 0) };
}

/**
 * A page of the workspace's documents after `afterId` (by id), each with every version (oldest first) and its latest
 * analysis: what the export writes for a document. The files themselves are read from R2 by each version's key.
 */
export async function documentsForExport(db: Db, workspaceId: string, afterId: string, limit: number): Promise<ExportDocument[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), gt(documents.id, afterId)))
    .orderBy(asc(documents.id))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [versions, analyses] = await Promise.all([
    db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.workspaceId, workspaceId), inArray(documentVersions.documentId, ids)))
      .orderBy(asc(documentVersions.documentId), asc(documentVersions.number))
      .all(),
    db
      .select()
      .from(documentAnalyses)
      .where(and(eq(documentAnalyses.workspaceId, workspaceId), inArray(documentAnalyses.documentId, ids)))
      .all(),
  ]);
  return rows.map(({ searchRowid: _s, storageKey: _k, thumbnailKey: _t, ...document }) => ({
    document,
    versions: versions.filter((v) => v.documentId === document.id).map(({ documentId: _d, workspaceId: _w, ...v }) => v),
    analysis: analyses.find((a) => a.documentId === document.id) ?? null,
  }));
}
