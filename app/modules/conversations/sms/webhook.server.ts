import type { RequestContext } from "~/platform/request-context.server";
import { verifyTwilioSignature } from "./twilio-signature";

const FORM_LIMIT = 64 * 1024;

export type SignedForm = { ok: true; params: URLSearchParams } | { ok: false; status: number; error: string };

/**
 * Reads a Twilio webhook's form and checks X-Twilio-Signature over the URL Twilio called (our public
 * origin, SMS_WEBHOOK_BASE_URL behind a proxy) and every parameter. Anything unsigned or forged is
 * refused; with no auth token configured nothing can be signed, so everything is refused.
 */
export async function readSignedForm(ctx: RequestContext, request: Request): Promise<SignedForm> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("Content-Type") ?? "")) {
    return { ok: false, status: 415, error: "Twilio webhooks are form encoded (application/x-www-form-urlencoded)." };
  }
  const text = await request.text();
  if (text.length > FORM_LIMIT) return { ok: false, status: 413, error: "The webhook body is too large." };
  const token = ctx.config.TWILIO_AUTH_TOKEN;
  if (!token) return { ok: false, status: 403, error: "SMS webhooks are refused: no Twilio auth token is configured to verify their signature." };
  const signature = request.headers.get("X-Twilio-Signature");
  if (!signature) return { ok: false, status: 403, error: "The request is not signed (X-Twilio-Signature is missing)." };
  const url = new URL(request.url);
  const base = ctx.config.SMS_WEBHOOK_BASE_URL?.replace(/\/+$/, "") ?? ctx.publicOrigin;
  const params = new URLSearchParams(text);
  if (!(await verifyTwilioSignature(token, `${base}${url.pathname}${url.search}`, params.entries(), signature))) {
    await ctx.audit({ action: "sms.webhook", outcome: "denied", targetType: "sms_webhook", targetId: url.pathname });
    return { ok: false, status: 403, error: "The request's X-Twilio-Signature does not match." };
  }
  return { ok: true, params };
}

/** Twilio reads TwiML back; an empty Response sends nothing to the phone. */
export function twiml(status = 200, note?: string): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?><Response>${note ? `<!-- ${note.replace(/--/g, "—")} -->` : ""}</Response>`;
  return new Response(body, { status, headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" } });
}
