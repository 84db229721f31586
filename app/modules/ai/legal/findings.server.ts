import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documentAnalyses, documents, documentTexts } from "~/modules/documents/schema";
import type { Db } from "~/platform/db.server";
import { sourceDocument } from "../sources";
import { findInconsistencies, type Finding } from "./checks";

/** The checks read at most this many analysed documents (the newest); the page says when there are more. */
export const CHECKED_DOCUMENTS_MAX = 60;

export interface LegalIntelligenceReport {
  findings: Finding[];
  /** Analysed documents the checks read (all of them the viewer may read, up to the cap). */
  checkedDocuments: number;
  /** Documents the viewer may read that were not checked: no text or analysis yet, or beyond the cap. */
  uncheckedDocuments: number;
  capped: boolean;
}

/**
 * Runs the cross-document checks over the analysed documents this person may read, and nothing
 * else: a finding can never quote or name a document outside their rights.
 */
export async function legalIntelligenceReport(db: Db, session: CurrentSession): Promise<LegalIntelligenceReport> {
  if (!session.workspace) return { findings: [], checkedDocuments: 0, uncheckedDocuments: 0, capped: false };
  const visible = visibleDocuments(session);
  const [rows, all] = await Promise.all([
    db
      .select({ id: documents.id, title: documents.title, type: documents.type, content: documentTexts.content, analysis: documentAnalyses.result })
      .from(documents)
      .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
      .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
      .where(and(visible, isNotNull(documentTexts.content)))
      .orderBy(desc(documents.updatedAt))
      .limit(CHECKED_DOCUMENTS_MAX + 1),
    db.$count(documents, visible),
  ]);
  const capped = rows.length > CHECKED_DOCUMENTS_MAX;
  const checked = rows.slice(0, CHECKED_DOCUMENTS_MAX).map(sourceDocument);
  return { findings: findInconsistencies(checked), checkedDocuments: checked.length, uncheckedDocuments: Math.max(0, all - checked.length), capped };
}
