import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requireSession } from "~/modules/auth/guard.server";
import { HttpError, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import { pollsT } from "./i18n.server";
import { pollDetail, pollFormAction } from "./service.server";

/**
 * The loader and action shared by /polling/{id} and /vote-tracking/{id}: the same poll, the same
 * commands. A poll this person may not see answers 404 (audited), never its data.
 */
export async function pollPageLoader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const t = pollsT(args.request);
  const poll = await pollDetail(getRequestContext(args.request, args.context), session, args.params.id ?? "", t).catch(throwAsResponse);
  return { poll };
}

export async function pollPageAction(args: ActionFunctionArgs) {
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
