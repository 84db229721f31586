import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { requireSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { PollPage, type PollPageData } from "~/modules/polls/components/poll-page";
import { pollsT } from "~/modules/polls/i18n.server";
import { pollDetail, pollFormAction } from "~/modules/polls/service.server";
import { HttpError } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["polls"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.poll.poll.title ?? "Poll"} · Legal Document Platform` }];

/** A poll this person may not see answers 404 (audited), never its data. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const t = pollsT(args.request);
  try {
    return { user: toPublicUser(session), poll: await pollDetail(getRequestContext(args.request, args.context), session, args.params.id ?? "", t) };
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const t = pollsT(args.request);
  const form = await args.request.formData();
  try {
    return await pollFormAction(getRequestContext(args.request, args.context), session, args.params.id ?? "", form, t);
  } catch (error) {
    if (error instanceof HttpError) return data({ intent: String(form.get("intent") ?? ""), error: error.message }, error.status);
    throw error;
  }
}

export default function PollRoute() {
  const { user, poll } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <PollPage data={poll as unknown as PollPageData} />
    </AppShell>
  );
}
