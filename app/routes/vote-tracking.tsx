import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { VoteTrackingPage } from "~/modules/polls/components/polls-list";
import { listPolls } from "~/modules/polls/service.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["polls"] };
export const meta: MetaFunction = () => [{ title: "Vote tracking · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  return { polls: await listPolls(getRequestContext(args.request, args.context).db, session) };
}

export default function VoteTrackingRoute() {
  const { polls } = useLoaderData<typeof loader>();
  return <VoteTrackingPage polls={polls} />;
}
