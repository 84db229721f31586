import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { toE164 } from "~/modules/conversations/sms/phone";
import { simulatorTextSchema as textSchema } from "~/modules/conversations/sms/simulator-schema";
import { phoneSimulatorEnabled, simulatorRead, simulatorSend } from "~/modules/conversations/sms/simulator.server";
import { HttpError, parseWith, readJsonBody } from "~/platform/http.server";
import { endpoint, jsonRoute, type RouteArgs } from "~/platform/json-route.server";
import type { RequestContext } from "~/platform/request-context.server";

type Translate = (key: string) => string;

/** Off, the simulator answers 404 before it asks who is calling (so the session is its to check, not jsonRoute's). */
async function simulatorCaller(args: RouteArgs, ctx: RequestContext, t: Translate) {
  if (!phoneSimulatorEnabled(ctx)) throw new HttpError(404, t("errors.simulatorOff"));
  return requireApiSession(args);
}

const sms = jsonRoute(conversationsT, {
  /** Development only: GET /api/dev/sms?phone=: the texts a phone of this workspace got and sent (the phone reads them). */
  GET: endpoint({
    session: "none",
    run: async ({ args, ctx, query, t }) => {
      const session = await simulatorCaller(args, ctx, t);
      const phone = toE164(query.get("phone") ?? "");
      if (!phone) throw new HttpError(400, t("errors.phoneInvalid"));
      return { messages: await simulatorRead(ctx, session, phone) };
    },
  }),
  /** Development only: POST /api/dev/sms {from, body}: the phone texts our number, through the webhook's own path. */
  POST: endpoint({
    session: "none",
    run: async ({ args, ctx, request, t }) => {
      const session = await simulatorCaller(args, ctx, t);
      const input = parseWith(textSchema(t), await readJsonBody(request, t), t);
      return { result: await simulatorSend(ctx, session, input) };
    },
    // After `run`, so that TypeScript knows the answer's type here.
    status: ({ result }) => (result.outcome === "message" ? 201 : 200),
  }),
});

export const loader = sms;
export const action = sms;
