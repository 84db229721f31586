import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { createPoll, listPolls } from "~/modules/polls/service.server";
import { createPollSchema } from "~/modules/polls/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/polls: the polls this person may see (administrators: all; others: those they vote in, made or watch). */
export async function loader(args: LoaderFunctionArgs) {
  const t = pollsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    return jsonResponse({ success: true, polls: await listPolls(getRequestContext(args.request, args.context).db, session) });
  });
}

/** POST /api/polls: open a poll (owners and trustees). */
export async function action(args: ActionFunctionArgs) {
  const t = pollsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(createPollSchema(t), await readJsonBody(args.request, t), t);
    const poll = await createPoll(getRequestContext(args.request, args.context), session, input, t);
    return jsonResponse({ success: true, poll }, { status: 201 });
  });
}
