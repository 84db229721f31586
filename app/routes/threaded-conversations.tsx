import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { TopicsPage } from "~/modules/conversations/components/topics-page";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { listTopics } from "~/modules/conversations/topics.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["conversations"] };
export const meta: MetaFunction = () => [{ title: "Threaded conversations · Legal Document Platform" }];

/** Every topic of the channels the person can see, most recently active first. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  if (!session.workspace) return { topics: [], state: "open" as const, canAct: false };
  const state = new URL(args.request.url).searchParams.get("state");
  const chosen: "open" | "resolved" | "all" = state === "resolved" || state === "all" ? state : "open";
  try {
    const topics = await listTopics(getRequestContext(args.request, args.context).db, session, { state: chosen });
    return { topics, state: chosen, canAct: session.workspace.role !== "viewer" };
  } catch (error) {
    throwAsResponse(error, conversationsT(args.request));
  }
}

export default function ThreadedConversationsRoute() {
  const { topics, state, canAct } = useLoaderData<typeof loader>();
  return <TopicsPage key={state} topics={topics} state={state} canAct={canAct} />;
}
