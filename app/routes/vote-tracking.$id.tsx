import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { PollPageData } from "~/modules/polls/components/poll-page";
import { VoteRecordPage } from "~/modules/polls/components/vote-record";
import { pollPageAction, pollPageLoader } from "~/modules/polls/poll-route.server";

export const handle = { i18n: ["polls"] };
export const loader = pollPageLoader;
export const action = pollPageAction;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.poll.poll.title ?? "Vote"} · Vote tracking · Legal Document Platform` }];

export default function VoteRecordRoute() {
  const { poll } = useLoaderData<typeof loader>();
  return <VoteRecordPage data={poll as unknown as PollPageData} />;
}
