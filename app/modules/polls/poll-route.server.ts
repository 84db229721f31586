import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requireSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { asHttpError, HttpError, readFormData, throwAsResponse } from "~/platform/http.server";
import { getRequestContext, type RequestContext } from "~/platform/request-context.server";
import { castBallot } from "./ballots.server";
import { closePollByHand } from "./closing.server";
import { pollsT } from "./i18n.server";
import { remindVoters } from "./reminders.server";
import { pollDetail, setWatching } from "./service.server";
import { pollCommandSchema, type PollCommand } from "./validation";

/**
 * The loader and action shared by /polling/{id} and /vote-tracking/{id}: the same poll, the same
 * commands. A poll this person may not see answers 404 (audited), never its data.
 */
export async function pollPageLoader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const t = pollsT(args.request);
  const poll = await pollDetail(getRequestContext(args.request, args.context), session, args.params.id ?? "", t).catch((error) => throwAsResponse(error, t));
  return { poll };
}

/**
 * The poll pages' commands (vote, close, remind, watch), shared by /polling/{id} and /vote-tracking/{id}: read
 * by Conform with `pollCommandSchema`. A refusal comes back as `{ intent, error, result }` with its status, the
 * ballot's field errors in `result` for the form.
 */
export async function pollPageAction(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const t = pollsT(args.request);
  const form = await readFormData(args.request);
  const intent = String(form.get("intent") ?? "");
  const submission = parseWithZod(form, { schema: pollCommandSchema(t) });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), error: Object.values(submission.error ?? {}).flat()[0] ?? t("errors.unknownCommand") }, 400);
  }
  try {
    return await pollFormAction(getRequestContext(args.request, args.context), session, args.params.id ?? "", submission.value);
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ intent, result: submission.reply({ fieldErrors: error.fieldErrors }), error: error.message }, error.status);
    throw error;
  }
}

/** Runs one validated command of the poll pages' forms. */
export async function pollFormAction(ctx: RequestContext, session: CurrentSession, id: string, command: PollCommand) {
  switch (command.intent) {
    case "vote":
      await castBallot(ctx, session, id, command.choices);
      return { intent: command.intent, ok: true };
    case "close":
      await closePollByHand(ctx, session, id);
      return { intent: command.intent, ok: true };
    case "remind":
      return { intent: command.intent, ok: true, ...(await remindVoters(ctx, session, id)) };
    case "watch":
      await setWatching(ctx, session, id, command.watching);
      return { intent: command.intent, ok: true };
  }
}
