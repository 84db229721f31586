import { z } from "zod";
import { isNotificationType, listNotifications, markRead } from "~/modules/notifications/service.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { HttpError } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const readSchema = () => z.object({ read: z.literal(true), id: z.string().max(64).optional() }).strict();

const notifications = jsonRoute(pollsT, {
  /** GET /api/notifications?type=&unread=1&before=: this person's notifications in the current workspace. */
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const type = query.get("type");
      if (type && !isNotificationType(type)) throw new HttpError(400, t("errors.unknownNotificationType"));
      const before = query.get("before");
      const beforeDate = before ? new Date(before) : undefined;
      if (beforeDate && Number.isNaN(beforeDate.getTime())) throw new HttpError(400, t("errors.invalidDate"));
      return listNotifications(ctx.db, session, {
        type: type && isNotificationType(type) ? type : undefined,
        unreadOnly: query.get("unread") === "1",
        before: beforeDate,
      });
    },
  }),
  /** POST /api/notifications `{ "read": true, "id"?: "…" }`: mark one, or all, as read. */
  POST: endpoint({ body: readSchema, run: async ({ ctx, session, body }) => ({ changed: await markRead(ctx.db, session, body.id) }) }),
});

export const loader = notifications;
export const action = notifications;
