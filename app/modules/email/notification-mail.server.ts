import { and, eq, inArray } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { chunks, D1_IN_LIST } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import type { JobsQueue } from "~/platform/mail.server";
import { emailT, readWorkspaceLook, sendEmail, type Addressee } from "./compose.server";
import type { EmailContent } from "./render";
import { emailDigestItems, emailOptOuts, emailSettings, type DigestMode } from "./schema";

export interface NotificationMailRequest {
  workspaceId: string;
  type: string;
  /** Reminders (a deadline, a vote still owed) use the reminder e-mail; everything else the notification e-mail. */
  template: "notification" | "reminder";
  recipients: { userId: string; email: string; language: string | null }[];
  /** The mail's words for one recipient (subject, and text whose last paragraph may be the link to open). */
  compose: (recipient: { userId: string; email: string; language: string | null }) => { subject: string; text: string };
  /** When each recipient's quiet hours end, for those inside them now (ADR 0033). */
  holds?: Map<string, Date>;
}

/** Where each recipient's mail goes: stopped by their unsubscribe link, into their digest, or out now. */
export async function notificationMailPlan(db: Db, workspaceId: string, type: string, userIds: string[]) {
  const stopped = new Set<string>();
  const digest = new Map<string, DigestMode>();
  const names = new Map<string, { name: string; firstName: string | null }>();
  for (const slice of chunks(userIds, D1_IN_LIST)) {
    const [outs, settings, people] = await db.batch([
      db
        .select({ userId: emailOptOuts.userId })
        .from(emailOptOuts)
        .where(and(inArray(emailOptOuts.userId, slice), eq(emailOptOuts.workspaceId, workspaceId), inArray(emailOptOuts.scope, [type, "all"]))),
      db.select({ userId: emailSettings.userId, digest: emailSettings.digest }).from(emailSettings).where(inArray(emailSettings.userId, slice)),
      db.select({ id: users.id, name: users.name, firstName: users.firstName }).from(users).where(inArray(users.id, slice)),
    ]);
    for (const row of outs) stopped.add(row.userId);
    for (const row of settings) if (row.digest !== "off") digest.set(row.userId, row.digest);
    for (const row of people) names.set(row.id, { name: row.name, firstName: row.firstName });
  }
  return { stopped, digest, names };
}

/**
 * The e-mails of one notification: each in its recipient's language and the workspace's look, with an unsubscribe
 * link for this kind of event; held for the digest of those who chose one; none for those who stopped it.
 */
export async function sendNotificationMails(db: Db, config: AppConfig, jobs: JobsQueue, request: NotificationMailRequest) {
  if (request.recipients.length === 0) return;
  const plan = await notificationMailPlan(
    db,
    request.workspaceId,
    request.type,
    request.recipients.map((r) => r.userId),
  );
  const kind = `notification.${request.type}`;
  const now = new Date();
  const held = request.recipients
    .filter((r) => !plan.stopped.has(r.userId) && plan.digest.has(r.userId))
    .map((recipient) => {
      const words = request.compose(recipient);
      return {
        id: crypto.randomUUID(),
        userId: recipient.userId,
        workspaceId: request.workspaceId,
        kind,
        subject: words.subject,
        text: words.text,
        createdAt: now,
      };
    });
  const inserts = chunks(held, 10).map((slice) => db.insert(emailDigestItems).values(slice));
  if (inserts.length) await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);

  const immediate = request.recipients.filter((r) => !plan.stopped.has(r.userId) && !plan.digest.has(r.userId));
  if (immediate.length === 0) return;
  const look = await readWorkspaceLook(db, request.workspaceId);
  await Promise.all(
    immediate.map((recipient) => {
      const person = plan.names.get(recipient.userId);
      const to: Addressee = {
        userId: recipient.userId,
        email: recipient.email,
        name: person?.name ?? null,
        firstName: person?.firstName ?? null,
        language: recipient.language,
      };
      return sendEmail(
        db,
        config,
        jobs,
        {
          key: request.template,
          workspaceId: request.workspaceId,
          to,
          content: contentOf(request.compose(recipient), recipient.language, config.PUBLIC_ORIGIN),
          unsubscribeScope: request.type,
          kind,
          holdUntil: request.holds?.get(recipient.userId),
        },
        look,
      );
    }),
  );
}

/** A notification's words as an e-mail: paragraphs, and a last line that is our own address becomes the button. */
export function contentOf(words: { subject: string; text: string }, language: string | null, origin: string): EmailContent {
  const paragraphs = words.text.split(/\n{2,}/).filter((p) => p.trim());
  const last = paragraphs.at(-1)?.trim() ?? "";
  if (paragraphs.length > 1 && last.startsWith(`${origin}/`) && !/\s/.test(last)) {
    return { subject: words.subject, paragraphs: paragraphs.slice(0, -1), action: { label: emailT(language)("frame.open"), url: last } };
  }
  return { subject: words.subject, paragraphs };
}
