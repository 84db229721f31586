import { and, desc, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documents } from "~/modules/documents/schema";
import { financeAccountings } from "~/modules/finance/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";

/** A document offered as proof (a duty done, a conflict's basis, a flag's resolution) must be the workspace's own. */
export async function requireEvidence(db: Db, workspaceId: string, documentId: string | null | undefined, field = "documentId") {
  if (!documentId) return null;
  const document = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.workspaceId, workspaceId)))
    .get();
  if (!document) throw new Refusal(422, "errors.evidenceNotFound", undefined, { [field]: "errors.evidenceNotFound" });
  return document.id;
}

/** An accounting offered as a delivery record must be one of this workspace's accountings. */
export async function requireDeliveryEvidence(db: Db, workspaceId: string, deliveryId: string | null | undefined) {
  if (!deliveryId) return null;
  const accounting = await db
    .select({ id: financeAccountings.id })
    .from(financeAccountings)
    .where(and(eq(financeAccountings.id, deliveryId), eq(financeAccountings.workspaceId, workspaceId)))
    .get();
  if (!accounting) throw new Refusal(422, "errors.deliveryNotFound", undefined, { deliveryId: "errors.deliveryNotFound" });
  return accounting.id;
}

/** Documents that can prove something (the evidence pickers): the newest the person may read. */
export async function evidenceChoices(db: Db, session: CurrentSession) {
  return db.select({ id: documents.id, title: documents.title }).from(documents).where(visibleDocuments(session)).orderBy(desc(documents.updatedAt)).limit(100);
}
