import type { CurrentSession } from "~/modules/auth/session.server";
import type { Db } from "~/platform/db.server";
import { type AsAmendedView, confirmedLinks, instrumentCandidates, trustAsAmendedOf } from "./as-amended.server";
import { type AmendmentChoice, amendmentChoice } from "./links.server";

/** What the document page shows of a trust or will: the family read as amended, and for an amendment which instrument it amends. */
export async function instrumentReadings(
  db: Db,
  session: CurrentSession,
  documentId: string,
): Promise<{ asAmended: AsAmendedView | null; amendmentChoice: AmendmentChoice | null }> {
  const [candidates, links] = await Promise.all([instrumentCandidates(db, session), confirmedLinks(db, session.workspace?.id ?? "")]);
  const [asAmended, choice] = await Promise.all([
    trustAsAmendedOf(db, session, documentId, candidates, links),
    amendmentChoice(db, session, documentId, candidates, links),
  ]);
  return { asAmended, amendmentChoice: choice };
}
