import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documentAnalyses, documents, documentTexts } from "~/modules/documents/schema";
import { confirmedLinks } from "~/modules/instruments/as-amended.server";
import type { Db } from "~/platform/db.server";
import { sourceDocument } from "../sources";
import { findInconsistencies, type Finding } from "./checks";

/** The checks read at most this many analysed documents (the newest); the page says when there are more. */
export const CHECKED_DOCUMENTS_MAX = 60;
/**
 * And at most this many characters of text in all (a Worker's memory and CPU time are bounded): a
 * document that would go past it is left unchecked (and counted so), a smaller older one may still fit.
 */
export const CHECKED_CHARACTERS_MAX = 2_000_000;

export interface LegalIntelligenceReport {
  findings: Finding[];
  /** Analysed documents the checks read (all of them the viewer may read, up to the caps). */
  checkedDocuments: number;
  /** Documents the viewer may read that were not checked: no text or analysis yet, or beyond the caps. */
  uncheckedDocuments: number;
  capped: boolean;
}

/** Picks, newest first, the documents whose texts fit in the character budget together. */
export function withinBudget<T extends { length: number | null }>(rows: T[], max = CHECKED_CHARACTERS_MAX): { chosen: T[]; skipped: number } {
  const chosen: T[] = [];
  let total = 0;
  for (const row of rows) {
    const length = row.length ?? 0;
    if (total + length > max) continue;
    total += length;
    chosen.push(row);
  }
  return { chosen, skipped: rows.length - chosen.length };
}

/**
 * Runs the cross-document checks over the analysed documents this person may read, and nothing
 * else: a finding can never quote or name a document outside their rights. The texts' lengths are
 * read first, so that only texts within the budget are ever loaded.
 */
export async function legalIntelligenceReport(db: Db, session: CurrentSession): Promise<LegalIntelligenceReport> {
  if (!session.workspace) return { findings: [], checkedDocuments: 0, uncheckedDocuments: 0, capped: false };
  const visible = visibleDocuments(session);
  const [candidates, all] = await Promise.all([
    db
      .select({ id: documents.id, length: documentTexts.charCount })
      .from(documents)
      .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
      .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
      .where(and(visible, isNotNull(documentTexts.content)))
      .orderBy(desc(documents.updatedAt))
      .limit(CHECKED_DOCUMENTS_MAX + 1),
    db.$count(documents, visible),
  ]);
  const { chosen, skipped } = withinBudget(candidates.slice(0, CHECKED_DOCUMENTS_MAX));
  const capped = candidates.length > CHECKED_DOCUMENTS_MAX || skipped > 0;
  if (!chosen.length) return { findings: [], checkedDocuments: 0, uncheckedDocuments: all, capped };
  const rows = await db
    .select({ id: documents.id, title: documents.title, type: documents.type, content: documentTexts.content, analysis: documentAnalyses.result })
    .from(documents)
    .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
    .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
    .where(
      and(
        inArray(
          documents.id,
          chosen.map((c) => c.id),
        ),
        visible,
        isNotNull(documentTexts.content),
      ),
    );
  // Newest first, as chosen (the order the checks' findings and the page rely on).
  const checked = chosen.flatMap((c) => rows.filter((row) => row.id === c.id)).map(sourceDocument);
  const links = await confirmedLinks(db, session.workspace.id);
  return { findings: findInconsistencies(checked, links), checkedDocuments: checked.length, uncheckedDocuments: Math.max(0, all - checked.length), capped };
}
