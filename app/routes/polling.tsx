import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { PollingPage } from "~/modules/polls/components/polls-list";
import { pollsT } from "~/modules/polls/i18n.server";
import { canCreatePolls } from "~/modules/polls/access.server";
import { createPoll, listPolls } from "~/modules/polls/service.server";
import { workspaceVoters } from "~/modules/workspaces/beneficial-shares.server";
import { createPollFormSchema } from "~/modules/polls/validation";
import { asHttpError, HttpError, readFormData } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["polls"] };
export const meta: MetaFunction = () => [{ title: "Polling · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  const canCreate = canCreatePolls(session.workspace?.role);
  const [polls, voters] = await Promise.all([listPolls(db, session), canCreate ? workspaceVoters(db, session) : []]);
  return { polls, voters, canCreate };
}

/** Opens a poll from the form (Conform, the API's rules), then shows it. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = pollsT(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: createPollFormSchema(t) });
  // Adding or removing an option row without JavaScript comes back as the form with its new rows.
  if (submission.status === undefined) return { intent: "create", result: submission.reply(), error: null };
  if (submission.status !== "success") {
    return data({ intent: "create", result: submission.reply(), error: Object.values(submission.error ?? {}).flat()[0] ?? null }, 400);
  }
  try {
    const { id } = await createPoll(ctx, session, submission.value, t);
    return redirect(`/polling/${id}`);
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) {
      return data({ intent: "create", result: submission.reply({ fieldErrors: error.fieldErrors }), error: error.message }, error.status);
    }
    throw error;
  }
}

export default function PollingRoute() {
  const { polls, voters, canCreate } = useLoaderData<typeof loader>();
  return <PollingPage polls={polls} voters={voters} canCreate={canCreate} />;
}
