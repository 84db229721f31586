import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { PollingPage } from "~/modules/polls/components/polls-list";
import { pollsT } from "~/modules/polls/i18n.server";
import { canCreatePolls } from "~/modules/polls/access.server";
import { createPoll, listPolls } from "~/modules/polls/service.server";
import { workspaceVoters } from "~/modules/workspaces/beneficial-shares.server";
import { createPollSchema, pollFormToObject } from "~/modules/polls/validation";
import { asHttpError, HttpError } from "~/platform/http.server";
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

/** Opens a poll from the form, then shows it. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = pollsT(args.request);
  const parsed = createPollSchema(t).safeParse(pollFormToObject(await args.request.formData()));
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return data({ intent: "create", error: parsed.error.issues[0].message, fieldErrors }, 400);
  }
  try {
    const { id } = await createPoll(ctx, session, parsed.data, t);
    return redirect(`/polling/${id}`);
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ intent: "create", error: error.message, fieldErrors: error.fieldErrors }, error.status);
    throw error;
  }
}

export default function PollingRoute() {
  const { polls, voters, canCreate } = useLoaderData<typeof loader>();
  return <PollingPage polls={polls} voters={voters} canCreate={canCreate} />;
}
