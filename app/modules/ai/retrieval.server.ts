import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { complianceItems } from "~/modules/compliance/schema";
import { visibleDocuments } from "~/modules/documents/access.server";
import { FTS_RANK } from "~/modules/documents/search-index";
import { documentAnalyses, documents, documentTexts } from "~/modules/documents/schema";
import { scopedFtsQuery } from "~/modules/documents/search";
import type { Db } from "~/platform/db.server";
import { isUuid } from "~/platform/ids";
import type { OpenComplianceItem } from "./answer-offline";
import { intentTerms, type Intent } from "./intents";
import { anyWordFtsQuery, type Passage, queryTerms, scorePassages, stem } from "./passages";
import { passageOf, sourceDocument, type SourceDocument } from "./sources";

/** How many documents FTS5 proposes, and how many passages an answer quotes at most. */
export const RETRIEVAL_DOCUMENTS = 5;
export const RETRIEVAL_PASSAGES = 6;
const PASSAGES_PER_DOCUMENT = 3;
/** Passages scoring below this share of the best one are left out. */
const RELEVANCE_FLOOR = 0.35;
/** The document on screen counts this much more than one found by search. */
const CONTEXT_BOOST = 1.6;

export interface Retrieved {
  documents: SourceDocument[];
  passages: Passage[];
  /** The context document, when the asker may read it (never otherwise). */
  contextDocumentId: string | null;
}

const STRUCTURED = new Set<Intent["kind"]>(["parties", "duties", "dates", "governing_law", "summary"]);

/**
 * Finds what the workspace's documents say about a question, among the documents this person may
 * read (the same rule as every document list: `visibleDocuments`). FTS5 proposes documents, ranked by
 * bm25 inside the workspace's scope; their texts are then cut into passages and ranked by the
 * question's words. A document given as context comes first when the person may read it; otherwise
 * it is ignored without a trace in the answer.
 */
export async function retrieve(db: Db, session: CurrentSession, question: string, intent: Intent, contextDocumentId?: string | null): Promise<Retrieved> {
  const workspaceId = session.workspace?.id;
  if (!workspaceId) return { documents: [], passages: [], contextDocumentId: null };
  const visible = visibleDocuments(session);

  const extra = intentTerms(intent);
  const ftsQuery = anyWordFtsQuery(`${question} ${extra.join(" ")}`);
  const [context, found] = await Promise.all([
    contextDocumentId && isUuid(contextDocumentId)
      ? db
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.id, contextDocumentId), visible))
          .get()
      : Promise.resolve(undefined),
    ftsQuery
      ? db
          .select({ id: documents.id })
          .from(sql`documents_fts`)
          .innerJoin(documents, sql`${documents.searchRowid} = documents_fts.rowid`)
          .where(and(sql`documents_fts MATCH ${scopedFtsQuery(workspaceId, ftsQuery)}`, visible, sql`documents_fts.rank MATCH ${FTS_RANK}`))
          .orderBy(sql`documents_fts.rank`)
          .limit(RETRIEVAL_DOCUMENTS)
      : Promise.resolve([] as { id: string }[]),
  ]);

  let ids = [...new Set([...(context ? [context.id] : []), ...found.map((r) => r.id)])];
  // A summary of "this document" is about the one on screen only.
  if (intent.kind === "summary" && context) ids = [context.id];
  // Questions about parties, duties or dates can be answered from the analyses even when no word matched.
  if (!ids.length && STRUCTURED.has(intent.kind)) {
    const recent = await db
      .select({ id: documents.id })
      .from(documents)
      .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
      .where(visible)
      .orderBy(desc(documents.updatedAt))
      .limit(RETRIEVAL_DOCUMENTS);
    ids = recent.map((r) => r.id);
  }
  if (!ids.length) return { documents: [], passages: [], contextDocumentId: null };

  const rows = await db
    .select({ id: documents.id, title: documents.title, type: documents.type, content: documentTexts.content, analysis: documentAnalyses.result })
    .from(documents)
    .leftJoin(documentTexts, eq(documentTexts.documentId, documents.id))
    .leftJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
    .where(and(inArray(documents.id, ids), visible));
  const sources = ids
    .map((id) => rows.find((row) => row.id === id))
    .filter((row) => row !== undefined)
    .map(sourceDocument);

  const terms = [...new Set([...queryTerms(question), ...extra.map(stem)])];
  const ranked: { passage: Passage; score: number }[] = [];
  sources.forEach((document, rank) => {
    const weight = (document.id === context?.id ? CONTEXT_BOOST : 1) * (1 - rank * 0.05);
    const scored = scorePassages(document.content, document.spans, terms)
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, PASSAGES_PER_DOCUMENT);
    for (const span of scored) ranked.push({ passage: passageOf(document, span), score: span.score * weight });
  });
  ranked.sort((a, b) => b.score - a.score);
  // Passages far weaker than the best one (a single common word) are noise, not answers.
  const floor = (ranked[0]?.score ?? 0) * RELEVANCE_FLOOR;
  const passages = ranked
    .filter((r) => r.score >= floor)
    .slice(0, RETRIEVAL_PASSAGES)
    .map((r) => r.passage);
  return { documents: sources, passages, contextDocumentId: context?.id ?? null };
}

/** Whether this person may read at least one document of the workspace (select 1 … limit 1). */
export async function hasReadableDocument(db: Db, session: CurrentSession): Promise<boolean> {
  if (!session.workspace) return false;
  const row = await db
    .select({ one: sql<number>`1` })
    .from(documents)
    .where(visibleDocuments(session))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Open compliance items, soonest first, that are not tied to a document this person may not read. */
export async function openComplianceItems(db: Db, session: CurrentSession, limit = 8): Promise<OpenComplianceItem[]> {
  if (!session.workspace) return [];
  return db
    .select({ title: complianceItems.title, dueAt: complianceItems.dueAt, responsibleParty: complianceItems.responsibleParty })
    .from(complianceItems)
    .leftJoin(documents, eq(documents.id, complianceItems.documentId))
    .where(
      and(
        eq(complianceItems.workspaceId, session.workspace.id),
        isNull(complianceItems.completedAt),
        or(isNull(complianceItems.documentId), and(isNotNull(documents.id), visibleDocuments(session))),
      ),
    )
    .orderBy(asc(complianceItems.dueAt))
    .limit(limit);
}
