import type { CurrentSession } from "~/modules/auth/session.server";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { k1Worksheets } from "./k1.server";
import { calendarFor, listFeedTokens, taxAccess, taxProfile } from "./tax.server";

/** What /tax-administration shows: the whole calendar to the trustees and the lawyer; a beneficiary only her own K-1. */
export async function taxPage(db: Db, session: CurrentSession, year: number) {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  if (!seesWholeWorkspace(session.workspace.role)) {
    return { staff: null, own: await k1Worksheets(db, session, year - 1, session.user.id), year };
  }
  const access = taxAccess(session);
  const [profile, calendar, k1, feeds] = await Promise.all([
    taxProfile(db, access),
    calendarFor(db, access, year),
    k1Worksheets(db, session, year, null),
    listFeedTokens(db, access),
  ]);
  return { staff: { manage: access.manage, profile, calendar, k1, feeds }, own: null, year };
}

export type TaxPageData = Awaited<ReturnType<typeof taxPage>>;
