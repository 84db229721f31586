import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { users } from "~/modules/auth/schema";
import { visibleDocuments } from "~/modules/documents/access.server";
import type { DocumentAnalysis } from "~/modules/documents/analysis/schema";
import { documentAnalyses, documents, documentVersions } from "~/modules/documents/schema";
import { type AsAmendedView, confirmedLinks, instrumentCandidates, trustAsAmendedOf } from "~/modules/instruments/as-amended.server";
import { groupInstruments } from "~/modules/instruments/family";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { type AnalysedDocument, buildFacts, type DraftingFacts, type FactInputs, type FactSources } from "./prefill";

/**
 * The trust as amended that a draft starts from: the family of the document asked for, else of the most recently
 * changed trust or will this person may read. Drafts the product saved are never among them.
 */
async function sourceFamily(db: Db, session: CurrentSession, documentId: string | null | undefined): Promise<AsAmendedView | null> {
  const [candidates, links] = await Promise.all([instrumentCandidates(db, session), confirmedLinks(db, session.workspace?.id ?? "")]);
  // Without a request: the newest document that belongs to a family (the families are worked out once).
  const families = documentId ? [] : groupInstruments(candidates, links);
  const inFamily = (id: string) => families.some((f) => f.base.id === id || f.amendments.some((a) => a.id === id));
  const id = documentId ?? candidates.find((c) => inFamily(c.id))?.id;
  return id ? trustAsAmendedOf(db, session, id, candidates, links) : null;
}

/**
 * The facts a draft starts from, read from this person's workspace and from the document they asked for: a trust
 * or will is read as amended (its family's current terms: the original date and title, the settlors, the current
 * trustees), any other analysed document by its own analysis. A document they may not see is never read (it is
 * simply not among the choices).
 */
export async function draftingFacts(
  db: Db,
  session: CurrentSession,
  documentId?: string | null,
): Promise<{ facts: DraftingFacts; sources: FactSources; analysed: AnalysedDocument[] }> {
  const workspace = session.workspace;
  if (!workspace) throw new Error("draftingFacts needs a workspace");
  const notDraft = ne(documentVersions.source, "draft");
  const [members, analysedRows, requested, family] = await Promise.all([
    db
      .select({ name: users.name, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspace.id))
      .orderBy(memberships.createdAt)
      .limit(200),
    db
      .select({ id: documents.id, title: documents.title, type: documents.type })
      .from(documents)
      .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
      .innerJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
      .where(and(visibleDocuments(session), notDraft))
      // Trust instruments first, then the most recently changed.
      .orderBy(sql`case when ${documents.type} = 'trust' then 0 else 1 end`, desc(documents.updatedAt))
      .limit(50),
    // The document asked for (?from=), looked up by its id with the same visibility rule: it may be
    // older than the 50 listed.
    documentId && documentId.length <= 64
      ? db
          .select({ id: documents.id, title: documents.title, type: documents.type })
          .from(documents)
          .innerJoin(documentAnalyses, eq(documentAnalyses.documentId, documents.id))
          .where(and(eq(documents.id, documentId), visibleDocuments(session)))
          .get()
      : Promise.resolve(undefined),
    sourceFamily(db, session, documentId && documentId.length <= 64 ? documentId : null),
  ]);
  // The document asked for is among the choices even when it is older than the ones listed.
  const analysed = requested && !analysedRows.some((row) => row.id === requested.id) ? [requested, ...analysedRows] : analysedRows;
  const base = { workspace, members, user: { name: session.user.name, role: workspace.role } };
  if (family) {
    const engine = await analysisEngine(db, workspace.id, family.instrument.documentId);
    return {
      facts: buildFacts({ ...base, ...asAmendedFacts(family) }),
      sources: {
        workspace: workspace.name,
        document: { id: family.instrument.documentId, title: family.instrument.title, engine: engine ?? "offline" },
        amendments: family.amendments.map((a) => ({ id: a.documentId, title: a.title })),
      },
      analysed,
    };
  }
  const chosen = requested ?? null;
  const analysisRow = chosen
    ? await db
        .select({ result: documentAnalyses.result, engine: documentAnalyses.engine })
        .from(documentAnalyses)
        .where(and(eq(documentAnalyses.documentId, chosen.id), eq(documentAnalyses.workspaceId, workspace.id)))
        .get()
    : undefined;
  const analysis = (analysisRow?.result as DocumentAnalysis | undefined) ?? null;
  const facts = buildFacts({
    ...base,
    analysis: analysis
      ? {
          parties: analysis.parties ?? [],
          governingLaw: analysis.governingLaw ?? null,
          instrumentDate: analysis.instrumentDate ?? null,
          keyProvisions: analysis.keyProvisions ?? [],
        }
      : null,
    documentTitle: chosen?.title,
  });
  return {
    facts,
    sources: {
      workspace: workspace.name,
      document: chosen && analysisRow ? { id: chosen.id, title: chosen.title, engine: analysisRow.engine } : null,
      amendments: [],
    },
    analysed,
  };
}

async function analysisEngine(db: Db, workspaceId: string, documentId: string): Promise<string | null> {
  const row = await db
    .select({ engine: documentAnalyses.engine })
    .from(documentAnalyses)
    .where(and(eq(documentAnalyses.documentId, documentId), eq(documentAnalyses.workspaceId, workspaceId)))
    .get();
  return row?.engine ?? null;
}

/** The trust as amended in the shape the facts read: its live terms stand in for the analysis's provisions. */
function asAmendedFacts(view: AsAmendedView): Pick<FactInputs, "analysis" | "documentTitle" | "trustName" | "instrumentTrustees"> {
  const live = view.terms.filter((term) => term.status !== "deleted");
  return {
    analysis: {
      parties: view.parties,
      governingLaw: view.governingLaw,
      instrumentDate: view.instrument.date,
      keyProvisions: live.filter((term) => term.title).map((term) => ({ title: term.title ?? "", text: term.body, reference: term.reference ?? null })),
    },
    documentTitle: view.instrument.title,
    trustName: view.name ?? view.instrument.title,
    instrumentTrustees: true,
  };
}
