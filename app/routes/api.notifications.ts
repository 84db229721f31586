import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { isNotificationType, listNotifications, markRead } from "~/modules/notifications/service.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { handleJson, HttpError, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/notifications?type=&unread=1&before=: this person's notifications in the current workspace. */
export async function loader(args: LoaderFunctionArgs) {
  const t = pollsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const params = new URL(args.request.url).searchParams;
    const type = params.get("type");
    if (type && !isNotificationType(type)) throw new HttpError(400, t("errors.unknownNotificationType"));
    const before = params.get("before");
    const beforeDate = before ? new Date(before) : undefined;
    if (beforeDate && Number.isNaN(beforeDate.getTime())) throw new HttpError(400, t("errors.invalidDate"));
    const list = await listNotifications(getRequestContext(args.request, args.context).db, session, {
      type: type && isNotificationType(type) ? type : undefined,
      unreadOnly: params.get("unread") === "1",
      before: beforeDate,
    });
    return jsonResponse({ success: true, ...list });
  });
}

/** POST /api/notifications `{ "read": true, "id"?: "…" }`: mark one, or all, as read. */
export async function action(args: ActionFunctionArgs) {
  const t = pollsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const { id } = parseWith(z.object({ read: z.literal(true), id: z.string().max(64).optional() }).strict(), await readJsonBody(args.request, t), t);
    const changed = await markRead(getRequestContext(args.request, args.context).db, session, id);
    return jsonResponse({ success: true, changed });
  });
}
