import type { AppConfig } from "~/platform/env.server";
import type { SmsStatus } from "../schema";

export interface OutgoingSms {
  to: string;
  body: string;
  /** Where the provider reports delivery (Twilio's StatusCallback). */
  statusCallback?: string;
}

export interface SmsSendResult {
  /** The provider's id for the message (Twilio's SM… SID); status callbacks name it. */
  sid: string | null;
  status: SmsStatus;
  error: string | null;
}

/** One interface for every way a text leaves: Twilio in production, the outbox here. */
export interface SmsProvider {
  id: "outbox" | "twilio";
  /** The number phones see and reply to. */
  from: string;
  send(sms: OutgoingSms): Promise<SmsSendResult>;
}

/** The embedded default: the text is only recorded (sms_messages is the outbox the phone simulator reads). */
export function outboxProvider(from: string): SmsProvider {
  return { id: "outbox", from, send: async () => ({ sid: `OB${crypto.randomUUID().replace(/-/g, "")}`, status: "sent", error: null }) };
}

/** Twilio's statuses folded into ours (https://www.twilio.com/docs/messaging/api/message-resource#message-status-values). */
export function twilioStatus(status: string | null | undefined): SmsStatus {
  switch (status) {
    case "delivered":
    case "read":
      return "delivered";
    case "sending":
    case "sent":
      return "sent";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return "queued";
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  messagingServiceSid?: string;
  apiBaseUrl?: string;
  fetch?: typeof fetch;
}

/** Twilio's Programmable Messaging REST API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form encoded, Basic auth. */
export function twilioProvider(options: TwilioOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${(options.apiBaseUrl ?? "https://api.twilio.com").replace(/\/+$/, "")}/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  return {
    id: "twilio",
    from: options.from,
    async send(sms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body });
      if (options.messagingServiceSid) form.set("MessagingServiceSid", options.messagingServiceSid);
      else form.set("From", options.from);
      if (sms.statusCallback) form.set("StatusCallback", sms.statusCallback);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: {
            authorization: `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        return { sid: null, status: "failed", error: "Twilio could not be reached." };
      }
      const body = (await response.json().catch(() => null)) as {
        sid?: string;
        status?: string;
        message?: string;
        code?: number;
        error_message?: string | null;
      } | null;
      if (!response.ok)
        return {
          sid: null,
          status: "failed",
          error: `Twilio refused the message (HTTP ${response.status}${body?.code ? `, error ${body.code}` : ""}${body?.message ? `: ${body.message}` : ""}).`,
        };
      return { sid: body?.sid ?? null, status: twilioStatus(body?.status), error: body?.error_message ?? null };
    },
  };
}

export function chooseSmsProvider(config: AppConfig, fetchImpl?: typeof fetch): SmsProvider {
  if (config.SMS_PROVIDER === "twilio" && config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) {
    return twilioProvider({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.SMS_FROM_NUMBER,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
      fetch: fetchImpl,
    });
  }
  return outboxProvider(config.SMS_FROM_NUMBER);
}
