import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import type { KeyProvision, Party } from "~/modules/documents/analysis/schema";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documentAnalyses, documents, documentTexts } from "~/modules/documents/schema";
import { findVisibleDocument } from "~/modules/documents/service.server";
import { trustAsAmendedOf } from "~/modules/instruments/as-amended.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { spanOf } from "./passage-span";
import type { DistributionAuthority } from "./schema";

/** A clause of an analysed trust or will that a distribution may cite; its id is its place in the analysis ("p1"). */
export interface ProvisionChoice {
  provisionId: string;
  reference: string | null;
  title: string;
  text: string;
}

export interface AuthorityDocument {
  documentId: string;
  title: string;
  provisions: ProvisionChoice[];
}

const INSTRUMENT_TYPES = ["trust", "will"];
const choices = (provisions: KeyProvision[]): ProvisionChoice[] =>
  provisions.map((p, i) => ({ provisionId: `p${i + 1}`, reference: p.reference, title: p.title, text: p.text }));

/** The analysed trusts and wills this person may read, with the key provisions a request may cite. */
export async function authorityChoices(db: Db, session: CurrentSession): Promise<AuthorityDocument[]> {
  if (!session.workspace) return [];
  const rows = await db
    .select({ id: documents.id, title: documents.title, provisions: sql<string | null>`json_extract(${documentAnalyses.result}, '$.keyProvisions')` })
    .from(documents)
    .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
    .where(and(visibleDocuments(session), inArray(sql`json_extract(${documentAnalyses.result}, '$.documentType')`, INSTRUMENT_TYPES)))
    .orderBy(desc(documents.updatedAt))
    .limit(50);
  return rows
    .map((row) => ({ documentId: row.id, title: row.title, provisions: row.provisions ? choices(JSON.parse(row.provisions) as KeyProvision[]) : [] }))
    .filter((d) => d.provisions.length > 0);
}

export interface ResolvedAuthority {
  authority: DistributionAuthority;
  /** The trust as its amendments leave it, or the cited document alone when it belongs to no family. */
  parties: Party[];
  terms: { heading: string | null; body: string }[];
}

/**
 * The clause a request cites, read from a document the requester may see, as it reads now (the quote is kept with
 * the request). Another family's document, or one she may not read, is refused like one that does not exist.
 */
export async function resolveAuthority(db: Db, session: CurrentSession, documentId: string, provisionId: string): Promise<ResolvedAuthority> {
  const document = await findVisibleDocument(db, session, documentId);
  if (!document) throw new Refusal(422, "errors.authorityNotFound", undefined, { authority: "errors.authorityNotFound" });
  const analysis = await db.select({ result: documentAnalyses.result }).from(documentAnalyses).where(eq(documentAnalyses.documentId, documentId)).get();
  const result = analysis?.result as { documentType?: string; keyProvisions?: KeyProvision[]; parties?: Party[] } | undefined;
  if (!result || !INSTRUMENT_TYPES.includes(result.documentType ?? "")) {
    throw new Refusal(422, "errors.authorityNotInstrument", undefined, { authority: "errors.authorityNotInstrument" });
  }
  const provision = choices(result.keyProvisions ?? []).find((p) => p.provisionId === provisionId);
  if (!provision) throw new Refusal(422, "errors.provisionNotFound", undefined, { authority: "errors.provisionNotFound" });
  const [amended, text] = await Promise.all([
    trustAsAmendedOf(db, session, documentId),
    db.select({ content: documentTexts.content }).from(documentTexts).where(eq(documentTexts.documentId, documentId)).get(),
  ]);
  const terms = amended
    ? amended.terms.filter((t) => t.status !== "deleted").map((t) => ({ heading: [t.reference, t.title].filter(Boolean).join(" ") || null, body: t.body }))
    : (result.keyProvisions ?? []).map((p) => ({ heading: [p.reference, p.title].filter(Boolean).join(" ") || null, body: p.text }));
  return {
    authority: {
      documentId,
      versionId: document.currentVersionId,
      provisionId,
      documentTitle: document.title,
      reference: provision.reference,
      title: provision.title,
      passage: provision.text,
      span: text ? spanOf(text.content, provision.text) : null,
    },
    parties: amended?.parties ?? result.parties ?? [],
    terms,
  };
}
