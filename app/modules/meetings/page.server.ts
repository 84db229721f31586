import type { CurrentSession } from "~/modules/auth/session.server";
import type { RequestContext } from "~/platform/request-context.server";
import { meetingScope } from "./access.server";
import { linkedItems } from "./links.server";
import { meetingChat, meetingDetail } from "./service.server";

/**
 * What the meeting's page shows: the meeting as GET /api/meetings/{id} gives it, its linked poll and documents as
 * this person may see them, and, once it ended, its chat log (for the host and invitees, as GET …/chat allows).
 */
export async function meetingPage(ctx: RequestContext, session: CurrentSession, id: string) {
  const scope = meetingScope(session);
  const detail = await meetingDetail(ctx, scope, id);
  const guest = detail.meeting.yourRole === "guest";
  const linked = guest ? { poll: null, documents: [] } : await linkedItems(ctx.db, session, detail.meeting);
  const chatLog = !guest && detail.meeting.status === "ended" ? (await meetingChat(ctx, scope, id)).messages : null;
  return { ...detail, linked, chatLog };
}
