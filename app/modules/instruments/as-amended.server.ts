import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import type { AmendmentEdit, DocumentAnalysis, Party } from "~/modules/documents/analysis/schema";
import { documentAnalyses, documents, documentTexts, documentVersions, type DocumentType } from "~/modules/documents/schema";
import { findVisibleDocument } from "~/modules/documents/service.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { consolidate, type TrustAsAmended } from "./as-amended";
import { compareTexts, type DiffPart } from "~/modules/documents/version-diff";
import type { InstrumentText, Term } from "./consolidate";
import { type Edit, editsFromAnalysis } from "./edits";
import { type ConfirmedLinks, familyOf, type FamilyDocument, type LinkedBy } from "./family";
import { instrumentLinks } from "./schema";

/** How many instruments and amendments are considered when looking for a document's family (newest first). */
export const FAMILY_CANDIDATES_MAX = 200;
/** Grouping reads only the top of each text (the heading and the "amendment to …" line). */
const HEAD_CHARACTERS = 2000;

export interface AsAmendedTerm extends Term {
  /** For an amended term: its words now against the words it replaced (the latest earlier wording). */
  diff: DiffPart[] | null;
}

export interface AsAmendedView extends Omit<TrustAsAmended, "terms"> {
  /** The document asked about: the instrument itself or one of its amendments. */
  documentId: string;
  /** For an amendment: how it was matched to the instrument, and whether another instrument could have been meant. */
  link: { by: LinkedBy; ambiguous: boolean } | null;
  terms: AsAmendedTerm[];
}

const isInstrument = or(inArray(documents.type, ["trust", "will"]), sql`json_extract(${documentAnalyses.result}, '$.documentType') in ('trust', 'will')`);

/**
 * The documents that could belong to an instrument family, with the top of their texts: analysed trusts and wills
 * (and their amendments) this person may read. Drafts the product made itself are left out: a certification or a
 * notice saved into the documents is never read back as the trust's own terms.
 */
export async function instrumentCandidates(db: Db, session: CurrentSession): Promise<FamilyDocument[]> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      type: documents.type,
      // Only what grouping reads of the analysis: not the whole stored result of up to 200 documents.
      documentType: sql<string | null>`json_extract(${documentAnalyses.result}, '$.documentType')`,
      instrumentDate: sql<string | null>`json_extract(${documentAnalyses.result}, '$.instrumentDate')`,
      parties: sql<string | null>`json_extract(${documentAnalyses.result}, '$.parties')`,
      head: sql<string>`substr(${documentTexts.content}, 1, ${HEAD_CHARACTERS})`,
    })
    .from(documents)
    .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
    .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
    .innerJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .where(and(visibleDocuments(session), isInstrument, ne(documentVersions.source, "draft")))
    .orderBy(desc(documents.updatedAt))
    .limit(FAMILY_CANDIDATES_MAX);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    content: row.head ?? "",
    analysis: {
      documentType: (row.documentType ?? "other") as DocumentAnalysis["documentType"],
      instrumentDate: row.instrumentDate,
      parties: row.parties ? (JSON.parse(row.parties) as Party[]) : [],
    },
  }));
}

/** What people confirmed in this workspace: amendment → the instrument it amends (null: none of the documents here). */
export async function confirmedLinks(db: Db, workspaceId: string): Promise<ConfirmedLinks> {
  const rows = await db
    .select({ documentId: instrumentLinks.documentId, instrumentId: instrumentLinks.instrumentId })
    .from(instrumentLinks)
    .where(eq(instrumentLinks.workspaceId, workspaceId));
  return new Map(rows.map((row) => [row.documentId, row.instrumentId]));
}

/** The family's full texts, read again under the same visibility rule. */
async function familyTexts(db: Db, session: CurrentSession, ids: string[]): Promise<Map<string, { text: string; edits: Edit[] }>> {
  const rows = await db
    .select({
      id: documents.id,
      content: documentTexts.content,
      // A model engine's edits, when it gave them (the offline engine's are read from the text).
      edits: sql<string | null>`json_extract(${documentAnalyses.result}, '$.edits')`,
    })
    .from(documents)
    .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
    .leftJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
    .where(and(visibleDocuments(session), inArray(documents.id, ids)));
  return new Map(rows.map((row) => [row.id, { text: row.content, edits: row.edits ? editsFromAnalysis(JSON.parse(row.edits) as AmendmentEdit[]) : [] }]));
}

const asText = (document: FamilyDocument, read: { text: string; edits: Edit[] } | undefined): InstrumentText => ({
  documentId: document.id,
  title: document.title,
  date: document.analysis?.instrumentDate ?? null,
  text: read?.text ?? "",
  edits: read?.edits,
});

/**
 * The trust as amended for the family of one document (its instrument or any of its amendments), from what this
 * person may read: an amendment whose instrument they may not read has no family for them. Null when the document
 * is visible but belongs to no instrument family (not a trust or will, not analysed yet, or no instrument found).
 */
export async function trustAsAmendedOf(
  db: Db,
  session: CurrentSession,
  documentId: string,
  candidates?: FamilyDocument[],
  links?: ConfirmedLinks,
): Promise<AsAmendedView | null> {
  const family = familyOf(
    candidates ?? (await instrumentCandidates(db, session)),
    documentId,
    links ?? (session.workspace ? await confirmedLinks(db, session.workspace.id) : undefined),
  );
  if (!family) return null;
  const members = [family.base, ...family.amendments];
  const texts = await familyTexts(
    db,
    session,
    members.map((m) => m.id),
  );
  const base = asText(family.base, texts.get(family.base.id));
  const amendments = family.amendments.map((a) => asText(a, texts.get(a.id)));
  const type: DocumentType = family.base.type === "will" || family.base.analysis?.documentType === "will" ? "will" : "trust";
  const reading = consolidate(base, amendments, type);
  const terms = reading.terms.map((term) => {
    const previous = term.replaced.at(-1);
    return { ...term, diff: previous && term.status === "amended" ? compareTexts(previous.body, term.body).parts : null };
  });
  return { ...reading, documentId, terms, link: family.links.get(documentId) ?? null };
}

/** GET /api/documents/{id}/as-amended: the view, or why there is none (404 unseen, 409 not read yet, 422 no family). */
export async function requireTrustAsAmended(db: Db, session: CurrentSession, documentId: string): Promise<AsAmendedView> {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  const document = await findVisibleDocument(db, session, documentId);
  if (!document) throw new Refusal(404, "errors.documentNotFound");
  const view = await trustAsAmendedOf(db, session, documentId);
  if (view) return view;
  if (document.status === "pending" || document.status === "analyzing") throw new Refusal(409, "errors.notReadYet");
  throw new Refusal(422, "errors.noFamily");
}
