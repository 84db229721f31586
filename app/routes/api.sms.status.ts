import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { twilioStatus } from "~/modules/conversations/sms/provider.server";
import { applyDeliveryStatus } from "~/modules/conversations/sms/service.server";
import { readSignedForm, twiml } from "~/modules/conversations/sms/webhook.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = () => twiml(405, "POST only");

/** POST /api/sms/status: Twilio's delivery-status callback (signed): queued, sent, delivered, undelivered, failed. */
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return twiml(405, "POST only");
  const ctx = getRequestContext(args.request, args.context);
  const form = await readSignedForm(ctx, args.request);
  if (!form.ok) return twiml(form.status, form.error);
  const sid = form.params.get("MessageSid") ?? form.params.get("SmsSid");
  if (!sid) return twiml(400, "MessageSid is missing.");
  const code = form.params.get("ErrorCode");
  const found = await applyDeliveryStatus(
    ctx,
    sid,
    twilioStatus(form.params.get("MessageStatus") ?? form.params.get("SmsStatus")),
    code ? `Twilio error ${code}` : null,
  );
  return found ? twiml(200) : twiml(404, "No message with this SID.");
}
