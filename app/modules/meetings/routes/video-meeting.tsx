import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { MeetingPage } from "../components/meeting-page";
import { meetingsT } from "../i18n.server";
import { meetingPage } from "../page.server";

export const handle = { i18n: ["meetings"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Video Meeting · Legal Document Platform" }];

/**
 * One meeting, for its host and those invited (with its linked poll and documents, and its chat log once it ended);
 * another member of its workspace sees enough to knock at its lobby while it has not ended; anyone else gets the
 * same 404 as for a meeting that does not exist.
 */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    return await meetingPage(ctx, session, args.params.id ?? "");
  } catch (error) {
    throwAsResponse(error, meetingsT(args.request));
  }
}

export default function VideoMeetingRoute() {
  const detail = useLoaderData<typeof loader>();
  if (!detail) return null;
  return <MeetingPage key={detail.meeting.id} detail={detail} />;
}
