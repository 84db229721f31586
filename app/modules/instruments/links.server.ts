import { and, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canEditDocument, documentAudit, findVisibleDocument, refuse, requireVisibleDocument } from "~/modules/documents/service.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { confirmedLinks, instrumentCandidates } from "./as-amended.server";
import { type ConfirmedLinks, type FamilyDocument, isInstrumentType, readsAsAmendment } from "./family";
import { instrumentLinks } from "./schema";

export interface AmendmentChoice {
  /** The instruments (not themselves amendments) this person may read, newest first. */
  instruments: { id: string; title: string; date: string | null }[];
  /** The instrument a person confirmed, or null (none here), or undefined (never confirmed). */
  confirmed: string | null | undefined;
  canConfirm: boolean;
}

/**
 * For an amendment's page: the instruments it could amend, so that a person can say which (when the match is
 * ambiguous or missing, or to correct it). Null for a document that does not read as an amendment.
 */
export async function amendmentChoice(
  db: Db,
  session: CurrentSession,
  documentId: string,
  known?: FamilyDocument[],
  knownLinks?: ConfirmedLinks,
): Promise<AmendmentChoice | null> {
  if (!session.workspace) return null;
  const [document, candidates, links] = await Promise.all([
    findVisibleDocument(db, session, documentId),
    known ?? instrumentCandidates(db, session),
    knownLinks ?? confirmedLinks(db, session.workspace.id),
  ]);
  const self = candidates.find((c) => c.id === documentId);
  if (!document || !self || !(readsAsAmendment(self, links) || links.has(documentId))) return null;
  return {
    instruments: candidates
      .filter((c) => c.id !== documentId && !readsAsAmendment(c, links) && !links.has(c.id))
      .map((c) => ({ id: c.id, title: c.title, date: c.analysis?.instrumentDate ?? null })),
    confirmed: links.has(documentId) ? (links.get(documentId) ?? null) : undefined,
    canConfirm: canEditDocument(session, document),
  };
}

/**
 * A person says which instrument an amendment amends (or that it amends none of the documents here). Only those
 * who may edit the amendment may; the instrument must be a trust or will they may read, and not an amendment itself.
 */
export async function confirmAmendment(ctx: RequestContext, session: CurrentSession, documentId: string, instrumentId: string | null) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const document = await requireVisibleDocument(ctx, session, documentId);
  if (!canEditDocument(session, document)) await refuse(ctx, session, documentId, 403, "errors.linkForbidden");
  if (instrumentId !== null) {
    const [candidates, links] = await Promise.all([instrumentCandidates(ctx.db, session), confirmedLinks(ctx.db, workspace.id)]);
    const instrument = candidates.find((c) => c.id === instrumentId);
    // Not itself an amendment, by its heading or by a confirmation (a chain of amendments has one instrument at its root).
    if (!instrument || instrumentId === documentId || readsAsAmendment(instrument, links) || links.has(instrumentId) || !isInstrumentType(instrument)) {
      throw new Refusal(422, "errors.notAnInstrument", undefined, { instrumentId: "errors.notAnInstrument" });
    }
  }
  const confirmedAt = new Date();
  await ctx.db.batch([
    ctx.db
      .insert(instrumentLinks)
      .values({ documentId, workspaceId: workspace.id, instrumentId, confirmedBy: session.user.id, confirmedAt })
      .onConflictDoUpdate({ target: instrumentLinks.documentId, set: { instrumentId, confirmedBy: session.user.id, confirmedAt } }),
    documentAudit(ctx, session, "instrument.link_confirmed", documentId, { instrumentId }),
  ]);
  return { documentId, instrumentId, confirmedAt: confirmedAt.toISOString() };
}

/** Forgets a confirmation: the family is worked out from the documents again. */
export async function forgetAmendmentLink(ctx: RequestContext, session: CurrentSession, documentId: string) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const document = await requireVisibleDocument(ctx, session, documentId);
  if (!canEditDocument(session, document)) await refuse(ctx, session, documentId, 403, "errors.linkForbidden");
  await ctx.db.batch([
    ctx.db.delete(instrumentLinks).where(and(eq(instrumentLinks.documentId, documentId), eq(instrumentLinks.workspaceId, workspace.id))),
    documentAudit(ctx, session, "instrument.link_forgotten", documentId),
  ]);
}
