import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { serverT } from "~/i18n.server";
import { requireSession } from "~/modules/auth/guard.server";
import { NotificationsPage, type NotificationsActionData } from "~/modules/notifications/components/notifications-page";
import { toE164 } from "~/modules/conversations/sms/phone";
import { AVAILABLE_CHANNELS } from "~/modules/notifications/preferences";
import { notificationsFormSchema } from "~/modules/notifications/validation";
import { getPreferences, savePreferences } from "~/modules/notifications/preferences.server";
import { NOTIFICATION_NAMESPACES, NOTIFICATION_TYPES } from "~/modules/registry";
import { isNotificationType, listNotifications, markRead } from "~/modules/notifications/service.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { NotificationChannel } from "~/modules/notifications/schema";
import { readFormData } from "~/platform/http.server";

export const handle = { i18n: ["notifications", ...NOTIFICATION_NAMESPACES] };
export const meta: MetaFunction = () => [{ title: "Notifications · Legal Document Platform" }];

/** `?type=`, `?unread=1` and `?before=` (ISO time of the last item shown); anything unreadable is simply ignored. */
function parseQuery(params: URLSearchParams) {
  const type = params.get("type");
  const before = params.get("before") ? new Date(params.get("before")!) : null;
  return {
    type: isNotificationType(type) ? type : null,
    unreadOnly: params.get("unread") === "1",
    before: before && !Number.isNaN(before.getTime()) ? before.toISOString() : null,
  };
}

/** The person's notifications in the current workspace (newest first, filtered, paged) and their preferences. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  const query = parseQuery(new URL(args.request.url).searchParams);
  const [list, preferences] = await Promise.all([
    listNotifications(db, session, { type: query.type ?? undefined, unreadOnly: query.unreadOnly, before: query.before ? new Date(query.before) : undefined }),
    getPreferences(db, session.user.id),
  ]);
  return { query, ...list, preferences, availableChannels: AVAILABLE_CHANNELS, hasPhone: toE164(session.user.phone ?? "") !== null };
}

/** Forms of the page (Conform; they work without JavaScript): mark one read, mark all read, save the preferences. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  const t = serverT("notifications", resolveDisplayPreferences(args.request).language);
  const form = await readFormData(args.request);
  const intent = String(form.get("intent") ?? "");
  const submission = parseWithZod(form, { schema: notificationsFormSchema(NOTIFICATION_TYPES, t) });
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {}).flat()[0] ?? t("errors.unknownAction");
    return data({ intent, notice: null, error, result: submission.reply() } satisfies NotificationsActionData, 400);
  }
  const command = submission.value;
  switch (command.intent) {
    case "read": {
      await markRead(db, session, command.id);
      return { intent, notice: t("notice.markedRead"), error: null } satisfies NotificationsActionData;
    }
    case "read-all": {
      await markRead(db, session);
      return { intent, notice: t("notice.markedAllRead"), error: null } satisfies NotificationsActionData;
    }
    case "preferences": {
      // Only the deliverable channels are on the form; an unticked box is absent, so it means off.
      // SMS keeps whatever is stored (merged from the current matrix, as the JSON API does).
      const current = await getPreferences(db, session.user.id);
      const chosen: Record<string, Partial<Record<NotificationChannel, boolean>> | string> = command;
      const merged = Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [
          type,
          {
            ...current[type],
            ...Object.fromEntries(AVAILABLE_CHANNELS.map((channel) => [channel, typeof chosen[type] === "object" && chosen[type][channel] === true])),
          },
        ]),
      );
      await savePreferences(db, session.user.id, merged);
      return { intent, notice: t("prefs.saved"), error: null } satisfies NotificationsActionData;
    }
  }
}

export default function NotificationsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <NotificationsPage {...loaded} actionData={actionData ?? null} />;
}
