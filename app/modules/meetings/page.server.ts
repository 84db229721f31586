import type { CurrentSession } from "~/modules/auth/session.server";
import type { RequestContext } from "~/platform/request-context.server";
import { meetingScope } from "./access.server";
import { linkedItems } from "./links.server";
import { meetingDetail } from "./service.server";

/** What the meeting's page shows: the meeting as GET /api/meetings/{id} gives it, and its linked poll and documents as this person may see them. */
export async function meetingPage(ctx: RequestContext, session: CurrentSession, id: string) {
  const scope = meetingScope(session);
  const detail = await meetingDetail(ctx, scope, id);
  const guest = detail.meeting.yourRole === "guest";
  const linked = guest ? { poll: null, documents: [] } : await linkedItems(ctx.db, session, detail.meeting);
  return { ...detail, linked };
}
