import { eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import { smsMessages, smsOptOuts } from "../schema";
import { toE164 } from "./phone";
import { chooseSmsProvider } from "./provider.server";

/** Texts are cut here: a notice is a pointer to the app, never a document (about two SMS segments). */
const NOTICE_MAX = 300;

export type NoticeSmsOutcome = "sent" | "no_number" | "opted_out" | "failed";

/**
 * Texts one notification to a person's own phone through the SMS adapter in use (Twilio when configured, else the
 * outbox the phone simulator reads). It belongs to no topic, so a reply is routed like any text from that phone.
 * Recorded before sending (as topic texts are), so an early status callback finds it; a number that texted STOP
 * gets nothing and the attempt is recorded as blocked.
 */
export async function sendNoticeSms(
  db: Db,
  config: AppConfig,
  input: { workspaceId: string; phone: string | null | undefined; body: string },
): Promise<NoticeSmsOutcome> {
  const to = input.phone ? toE164(input.phone) : null;
  if (!to) return "no_number";
  const provider = chooseSmsProvider(config);
  const body = input.body.length > NOTICE_MAX ? `${input.body.slice(0, NOTICE_MAX - 1)}…` : input.body;
  const optedOut = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, to)).get();
  const now = new Date();
  const id = crypto.randomUUID();
  await db.insert(smsMessages).values({
    id,
    workspaceId: input.workspaceId,
    direction: "outbound",
    fromNumber: provider.from,
    toNumber: to,
    body,
    status: optedOut ? "blocked" : "queued",
    provider: provider.id,
    error: optedOut ? "opted_out" : null,
    createdAt: now,
    updatedAt: now,
  });
  if (optedOut) return "opted_out";
  const callbackBase = config.SMS_WEBHOOK_BASE_URL ?? config.PUBLIC_ORIGIN;
  const result = await provider.send({ to, body, statusCallback: provider.id === "twilio" ? `${callbackBase}/api/sms/status` : undefined });
  await db
    .update(smsMessages)
    .set({
      status: sql`case when ${smsMessages.status} = 'queued' then ${result.status} else ${smsMessages.status} end`,
      providerSid: result.sid,
      error: result.error,
      updatedAt: new Date(),
    })
    .where(eq(smsMessages.id, id));
  return result.status === "failed" ? "failed" : "sent";
}
