import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveInboundSms } from "~/modules/conversations/sms/service.server";
import { readSignedForm, twiml } from "~/modules/conversations/sms/webhook.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = () => twiml(405, "POST only");

/** POST /api/sms/inbound: Twilio's incoming-message webhook (signed). The reply is empty TwiML. */
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return twiml(405, "POST only");
  const ctx = getRequestContext(args.request, args.context);
  const form = await readSignedForm(ctx, args.request);
  if (!form.ok) return twiml(form.status, form.error);
  const from = form.params.get("From") ?? "";
  const body = form.params.get("Body") ?? "";
  const result = await receiveInboundSms(ctx, { from, to: form.params.get("To") ?? "", body, sid: form.params.get("MessageSid") });
  if (result.outcome === "unknown_number") return twiml(404, "This number is not part of any conversation.");
  if (result.outcome === "empty") return twiml(400, "The message was empty.");
  return twiml(200, result.outcome === "message" ? `routed by ${result.route}` : result.outcome);
}
