import { and, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import { smsMessages, smsOptOuts, type SmsStatus } from "../schema";
import { toE164 } from "./phone";
import { chooseSmsProvider, type SmsProvider } from "./provider.server";

/** Texts are cut here: a notice is a pointer to the app, never a document (about two SMS segments). */
const NOTICE_MAX = 300;

export interface OutgoingText {
  workspaceId: string;
  to: string;
  body: string;
  /** A number that texted STOP: the attempt is recorded as blocked and nothing is sent. */
  optedOut: boolean;
  topicId?: string;
  participantId?: string;
  chatMessageId?: string;
}

/**
 * Every text we send: recorded before sending (so the page shows it at once and an early status callback finds it),
 * sent through the adapter in use, and the provider's answer recorded, with `alsoOnSent` in the same batch when it
 * went out. Returns the outcome, or "blocked" for an opted-out number.
 */
export async function sendRecordedText(
  db: Db,
  config: AppConfig,
  provider: SmsProvider,
  text: OutgoingText,
  alsoOnSent: () => BatchItem<"sqlite">[] = () => [],
): Promise<SmsStatus> {
  const now = new Date();
  const id = crypto.randomUUID();
  await db.insert(smsMessages).values({
    id,
    workspaceId: text.workspaceId,
    topicId: text.topicId ?? null,
    participantId: text.participantId ?? null,
    chatMessageId: text.chatMessageId ?? null,
    direction: "outbound",
    fromNumber: provider.from,
    toNumber: text.to,
    body: text.body,
    status: text.optedOut ? "blocked" : "queued",
    provider: provider.id,
    error: text.optedOut ? "opted_out" : null,
    createdAt: now,
    updatedAt: now,
  });
  if (text.optedOut) return "blocked";
  const callbackBase = config.SMS_WEBHOOK_BASE_URL ?? config.PUBLIC_ORIGIN;
  const result = await provider.send({ to: text.to, body: text.body, statusCallback: provider.id === "twilio" ? `${callbackBase}/api/sms/status` : undefined });
  // A status callback may already have moved the row on: only a row still queued takes the send's answer.
  const status: SQL = sql`case when ${smsMessages.status} = 'queued' then ${result.status} else ${smsMessages.status} end`;
  await db.batch([
    db.update(smsMessages).set({ status, providerSid: result.sid, error: result.error, updatedAt: new Date() }).where(eq(smsMessages.id, id)),
    ...(result.status === "failed" ? [] : alsoOnSent()),
  ]);
  return result.status;
}

export type NoticeSmsOutcome = "sent" | "no_number" | "opted_out" | "failed";

/**
 * Texts one notification to a person's own phone. It belongs to no topic, so a reply is routed like any text from
 * that phone.
 */
export async function sendNoticeSms(
  db: Db,
  config: AppConfig,
  input: { workspaceId: string; phone: string | null | undefined; body: string },
): Promise<NoticeSmsOutcome> {
  const to = input.phone ? toE164(input.phone) : null;
  if (!to) return "no_number";
  const body = input.body.length > NOTICE_MAX ? `${input.body.slice(0, NOTICE_MAX - 1)}…` : input.body;
  const optedOut = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, to)).get();
  const status = await sendRecordedText(db, config, chooseSmsProvider(config), { workspaceId: input.workspaceId, to, body, optedOut: Boolean(optedOut) });
  return status === "blocked" ? "opted_out" : status === "failed" ? "failed" : "sent";
}

/** How a workspace's texts fared since a day: outbound counts by status, and the latest failures with their reasons. */
export async function smsOutcomes(db: Db, workspaceId: string, since: Date) {
  const scope = and(eq(smsMessages.workspaceId, workspaceId), eq(smsMessages.direction, "outbound"), gte(smsMessages.createdAt, since));
  const [byStatus, failures] = await db.batch([
    db.select({ status: smsMessages.status, n: count() }).from(smsMessages).where(scope).groupBy(smsMessages.status),
    db
      .select({ id: smsMessages.id, to: smsMessages.toNumber, status: smsMessages.status, error: smsMessages.error, createdAt: smsMessages.createdAt })
      .from(smsMessages)
      .where(and(scope, inArray(smsMessages.status, ["failed", "undelivered", "blocked"])))
      .orderBy(desc(smsMessages.createdAt))
      .limit(20),
  ]);
  return { byStatus, failures };
}
