import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { getPreferences, savePreferences } from "~/modules/notifications/preferences.server";
import { NOTIFICATION_CHANNELS } from "~/modules/notifications/schema";
import { NOTIFICATION_TYPES } from "~/modules/registry";
import { pollsT } from "~/modules/polls/i18n.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

const channels = z
  .object(
    Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean().optional()])) as Record<
      (typeof NOTIFICATION_CHANNELS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();
const matrixSchema = z.object({ preferences: z.object(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, channels.optional()]))).strict() }).strict();

/** GET /api/notifications/preferences: each event type × channel (in_app, email, sms) as it applies now. */
export async function loader(args: LoaderFunctionArgs) {
  const t = pollsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    return jsonResponse({ success: true, preferences: await getPreferences(getRequestContext(args.request, args.context).db, session.user.id) });
  });
}

/** PUT `{ preferences: { vote_cast: { in_app: false, email: false }, … } }`: what is off is not sent there. */
export async function action(args: ActionFunctionArgs) {
  const t = pollsT(args.request);
  if (args.request.method !== "PUT") return methodNotAllowed(t, "GET, PUT");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const db = getRequestContext(args.request, args.context).db;
    const { preferences } = parseWith(matrixSchema, await readJsonBody(args.request, t), t);
    const current = await getPreferences(db, session.user.id);
    const merged = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { ...current[type], ...(preferences[type] ?? {}) }]));
    await savePreferences(db, session.user.id, merged);
    return jsonResponse({ success: true, preferences: await getPreferences(db, session.user.id) });
  });
}
