import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { toE164 } from "~/modules/conversations/sms/phone";
import { phoneSimulatorEnabled, simulatorRead, simulatorSend } from "~/modules/conversations/sms/simulator.server";
import { HttpError, handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** Development only: GET /api/dev/sms?phone=: the texts a phone of this workspace got and sent (the phone reads them). */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const ctx = getRequestContext(args.request, args.context);
    if (!phoneSimulatorEnabled(ctx)) throw new HttpError(404, t("errors.simulatorOff"));
    const session = await requireApiSession(args);
    const phone = toE164(new URL(args.request.url).searchParams.get("phone") ?? "");
    if (!phone) throw new HttpError(400, t("errors.phoneInvalid"));
    return jsonResponse({ success: true, messages: await simulatorRead(ctx, session, phone, t) });
  });
}

/** Development only: POST /api/dev/sms {from, body}: the phone texts our number, through the webhook's own path. */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const ctx = getRequestContext(args.request, args.context);
    if (!phoneSimulatorEnabled(ctx)) throw new HttpError(404, t("errors.simulatorOff"));
    const session = await requireApiSession(args);
    const input = parseWith(
      z.object({ from: z.string().min(3).max(32), body: z.string().min(1, t("errors.messageEmpty")).max(1600) }).strict(),
      await readJsonBody(args.request, t),
      t,
    );
    const result = await simulatorSend(ctx, session, input, t);
    return jsonResponse({ success: true, result }, { status: result.outcome === "message" ? 201 : 200 });
  });
}
