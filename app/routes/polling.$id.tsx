import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PollPage, type PollPageData } from "~/modules/polls/components/poll-page";
import { pollPageAction, pollPageLoader } from "~/modules/polls/poll-route.server";

export const handle = { i18n: ["polls"] };
export const loader = pollPageLoader;
export const action = pollPageAction;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.poll.poll.title ?? "Poll"} · Legal Document Platform` }];

export default function PollRoute() {
  const { poll } = useLoaderData<typeof loader>();
  return <PollPage data={poll as unknown as PollPageData} />;
}
