import { and, asc, count, desc, eq, gte, lte } from "drizzle-orm";
import { mailOutbox } from "~/modules/mail/schema";
import type { AppConfig } from "./env.server";
import type { Db } from "./db.server";
import type { JobsQueue } from "./job-message";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; every mail keeps its plain-text part too. */
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for mail a person can stop). */
  headers?: Record<string, string>;
  /** What the mail is for (verify_email, reset_password, invitation…): shown in the dev outbox and logs. */
  kind: string;
  /** The workspace it is about, so that its owners see how their family's mail fared; none for account mail. */
  workspaceId?: string | null;
  /**
   * Inside the recipient's quiet hours: recorded as "held" and released by the cron once this time has come
   * (ADR 0033). Never given for account mail (verification, reset, invitations) nor for urgent notices.
   */
  holdUntil?: Date | null;
}

export type { JobMessage, JobsQueue } from "./job-message";

/**
 * Every mail is recorded in the outbox first. The embedded default stops there (read it at /dev/outbox);
 * with MAIL_PROVIDER=http a queue job delivers it, so a slow mail API never slows a sign-up.
 */
export async function sendMail(db: Db, config: AppConfig, jobs: JobsQueue, message: MailMessage): Promise<string> {
  const id = crypto.randomUUID();
  const queued = config.MAIL_PROVIDER === "http";
  const held = message.holdUntil && message.holdUntil.getTime() > Date.now() ? message.holdUntil : null;
  await db.insert(mailOutbox).values({
    id,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    headers: message.headers ?? null,
    kind: message.kind,
    workspaceId: message.workspaceId ?? null,
    status: held ? "held" : queued ? "queued" : "recorded",
    sendAfter: held,
    createdAt: new Date(),
  });
  if (queued && !held) await jobs.send({ type: "mail.deliver", outboxId: id });
  return id;
}

/**
 * The cron: held mail whose time has come goes on as if sent now. Each is claimed by one conditional update
 * (held → queued or recorded), so two runs at once never both deliver it. Returns how many were released.
 */
export async function releaseHeldMail(db: Db, config: AppConfig, jobs: JobsQueue, now: Date): Promise<number> {
  const queued = config.MAIL_PROVIDER === "http";
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "held"), lte(mailOutbox.sendAfter, now)))
    .orderBy(asc(mailOutbox.sendAfter))
    .limit(200);
  let released = 0;
  for (const { id } of due) {
    const claimed = await db
      .update(mailOutbox)
      .set({ status: queued ? "queued" : "recorded" })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "held")))
      .returning({ id: mailOutbox.id });
    if (!claimed.length) continue;
    if (queued) await jobs.send({ type: "mail.deliver", outboxId: id });
    released++;
  }
  return released;
}

/** The HTTP mail adapter: POSTs JSON to MAIL_API_URL with a bearer key. Throws so the queue retries. */
export async function deliverMail(db: Db, config: AppConfig, outboxId: string, fetcher: typeof fetch = fetch) {
  const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).get();
  if (!mail || mail.status === "sent" || mail.status === "held") return;
  if (!config.MAIL_API_URL || !config.MAIL_API_KEY) throw new Error("The HTTP mail provider is not configured");
  const response = await fetcher(config.MAIL_API_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.MAIL_API_KEY}` },
    body: JSON.stringify({
      from: config.MAIL_FROM,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    }),
  });
  if (!response.ok) {
    const error = `Mail provider answered ${response.status}`;
    await db.update(mailOutbox).set({ status: "failed", error }).where(eq(mailOutbox.id, outboxId));
    throw new Error(error);
  }
  // Delivered: drop the body so single-use links do not stay readable in the database.
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(), error: null, textBody: "(delivered; body removed)", htmlBody: null, headers: null })
    .where(eq(mailOutbox.id, outboxId));
}

/** How a workspace's mail fared since a day: counts by status, and the latest failures with their reasons. */
export async function mailOutcomes(db: Db, workspaceId: string, since: Date) {
  const scope = and(eq(mailOutbox.workspaceId, workspaceId), gte(mailOutbox.createdAt, since));
  const [byStatus, failures] = await db.batch([
    db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).where(scope).groupBy(mailOutbox.status),
    db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress, kind: mailOutbox.kind, error: mailOutbox.error, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(and(scope, eq(mailOutbox.status, "failed")))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(20),
  ]);
  return { byStatus, failures };
}
