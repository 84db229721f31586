import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requireSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { asHttpError, HttpError, Refusal, throwAsResponse } from "~/platform/http.server";
import { getRequestContext, type RequestContext } from "~/platform/request-context.server";
import { castBallot } from "./ballots.server";
import { closePollByHand } from "./closing.server";
import { pollsT } from "./i18n.server";
import { remindVoters } from "./reminders.server";
import { pollDetail, setWatching } from "./service.server";

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

export async function pollPageAction(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const t = pollsT(args.request);
  const form = await args.request.formData();
  try {
    return await pollFormAction(getRequestContext(args.request, args.context), session, args.params.id ?? "", form);
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ intent: String(form.get("intent") ?? ""), error: error.message }, error.status);
    throw error;
  }
}

/**
 * The poll pages' form actions (vote, close, remind, watch), shared by /polling/{id} and
 * /vote-tracking/{id}. Refusals come back as `{ intent, error }` with their status.
 */
export async function pollFormAction(ctx: RequestContext, session: CurrentSession, id: string, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "vote": {
      const choices = form.getAll("choices").filter((c): c is string => typeof c === "string" && c.length > 0);
      if (choices.length === 0) throw new Refusal(400, "errors.choiceMissing");
      await castBallot(ctx, session, id, choices);
      return { intent, ok: true };
    }
    case "close":
      await closePollByHand(ctx, session, id);
      return { intent, ok: true };
    case "remind":
      return { intent, ok: true, ...(await remindVoters(ctx, session, id)) };
    case "watch":
      await setWatching(ctx, session, id, form.get("watching") === "true");
      return { intent, ok: true };
    default:
      throw new Refusal(400, "errors.unknownCommand");
  }
}
