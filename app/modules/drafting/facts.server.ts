import { and, desc, eq, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { users } from "~/modules/auth/schema";
import { visibleDocuments } from "~/modules/documents/access.server";
import type { DocumentAnalysis } from "~/modules/documents/analysis/schema";
import { documentAnalyses, documents } from "~/modules/documents/schema";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { type AnalysedDocument, buildFacts, type DraftingFacts, type FactSources } from "./prefill";

/**
 * The facts a draft starts from, read from this person's workspace and from the analysis of a
 * document they may see: the one asked for, else their most recent trust instrument. A document
 * they may not see is never read (it is simply not among the choices).
 */
export async function draftingFacts(
  db: Db,
  session: CurrentSession,
  documentId?: string | null,
): Promise<{ facts: DraftingFacts; sources: FactSources; analysed: AnalysedDocument[] }> {
  const workspace = session.workspace;
  if (!workspace) throw new Error("draftingFacts needs a workspace");
  const [members, analysedRows, requested] = await Promise.all([
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
      .where(visibleDocuments(session))
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
  ]);
  const chosen = requested ?? analysedRows.find((row) => row.type === "trust") ?? null;
  // The document asked for is among the choices even when it is older than the ones listed.
  const analysed = requested && !analysedRows.some((row) => row.id === requested.id) ? [requested, ...analysedRows] : analysedRows;
  const analysisRow = chosen
    ? await db
        .select({ result: documentAnalyses.result, engine: documentAnalyses.engine })
        .from(documentAnalyses)
        .where(and(eq(documentAnalyses.documentId, chosen.id), eq(documentAnalyses.workspaceId, workspace.id)))
        .get()
    : undefined;
  const analysis = (analysisRow?.result as DocumentAnalysis | undefined) ?? null;
  const facts = buildFacts({
    workspace,
    members,
    user: { name: session.user.name, role: workspace.role },
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
    sources: { workspace: workspace.name, document: chosen && analysisRow ? { id: chosen.id, title: chosen.title, engine: analysisRow.engine } : null },
    analysed,
  };
}
