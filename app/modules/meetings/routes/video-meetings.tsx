import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { listMembers } from "~/modules/workspaces/service.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { meetingScope } from "../access.server";
import { MeetingsPage } from "../components/meetings-page";
import { meetingsT } from "../i18n.server";
import { linkChoices } from "../links.server";
import { retentionRule } from "../recordings/retention.server";
import { listMeetings } from "../service.server";

export const handle = { i18n: ["meetings"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Video Meetings · Legal Document Platform" }];

/** The person's meetings, and for those who call meetings, whom they may invite and which polls and documents they may link. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    const scope = meetingScope(session);
    const list = await listMeetings(ctx, scope);
    const members = list.canSchedule ? (await listMembers(ctx, session)).filter((m) => m.userId !== session.user.id) : [];
    const links = list.canSchedule ? await linkChoices(ctx.db, session) : { polls: [], documents: [] };
    const retention = await retentionRule(ctx.db, scope.workspaceId);
    return { ...list, members: members.map((m) => ({ id: m.userId, name: m.name })), links, retention, isOwner: scope.role === "owner" };
  } catch (error) {
    throwAsResponse(error, meetingsT(args.request));
  }
}

export default function VideoMeetingsRoute() {
  const page = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <MeetingsPage
      upcoming={page.upcoming}
      past={page.past}
      canSchedule={page.canSchedule}
      members={page.members}
      links={page.links}
      retention={page.retention}
      isOwner={page.isOwner}
    />
  );
}
