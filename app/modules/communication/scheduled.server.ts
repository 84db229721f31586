import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { channelAccess } from "~/modules/conversations/channels.server";
import { postMessage } from "~/modules/conversations/messages.server";
import { channels } from "~/modules/conversations/schema";
import { memberships, workspaces } from "~/modules/workspaces/schema";
import { canAdminister } from "~/modules/workspaces/roles";
import { createDb } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import { sendEmail } from "~/modules/email/compose.server";
import { backgroundContext, type RequestContext } from "~/platform/request-context.server";
import type { CommunicationScope } from "./access.server";
import { communicationTIn } from "./i18n.server";
import { mergeValues } from "./merge-data.server";
import { fieldsIn, perRecipientFields, plainText, renderTemplate } from "./merge-fields";
import { scheduledMessages, type ScheduledTarget } from "./schema";
import { holdFor, resolveSendTime } from "./send-time.server";
import { checkFields, memberOf } from "./service.server";

type Row = typeof scheduledMessages.$inferSelect;
/** A run sends at most this many; the next run (15 minutes on) takes the rest. */
const BATCH = 50;
/** A claim this old was cut off mid-send: it is not sent again, so nobody gets a message twice. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface ScheduledInput {
  target: ScheduledTarget;
  channelId?: string | null;
  recipientId?: string | null;
  subject: string | null;
  body: string;
  sendAt?: Date | null;
  /** The recipient's-local-time option (an e-mail to one member): a wall-clock time read in their zone. */
  localTime: string | null;
  authorTimeZone: string | null;
  /** Ignores the recipient's quiet hours. */
  urgent: boolean;
}

/** POST /api/communication/scheduled: checked now as it will be sent (fields, channel, recipient), audited. */
export async function scheduleMessage(ctx: RequestContext, session: CurrentSession, scope: CommunicationScope, input: ScheduledInput) {
  const body = plainText(input.body).text;
  checkFields(body);
  const subject = input.subject ? plainText(input.subject).text : null;
  if (subject) checkFields(subject);
  let channelId: string | null = null;
  let recipientId: string | null = null;
  if (input.target === "channel") {
    const perRecipient = perRecipientFields(`${subject ?? ""}\n${body}`);
    if (perRecipient.length) throw new Refusal(400, "errors.perRecipient", { fields: perRecipient.map((f) => `{{${f}}}`).join(", ") });
    channelId = await postableChannel(ctx, session, input.channelId ?? "");
  } else recipientId = await memberOf(ctx, scope, input.recipientId ?? "");
  const when = await resolveSendTime(ctx.db, input, { recipientId, authorId: scope.userId });
  if (!when) throw new Refusal(400, "errors.sendAtInvalid", undefined, { sendAt: "errors.sendAtInvalid" });
  const now = new Date();
  const row: Row = {
    id: crypto.randomUUID(),
    workspaceId: scope.workspaceId,
    authorId: scope.userId,
    target: input.target,
    channelId,
    recipientId,
    subject,
    body,
    ...when,
    urgent: input.urgent,
    status: "scheduled",
    sentRef: null,
    sentAt: null,
    error: null,
    claimedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.batch([ctx.db.insert(scheduledMessages).values(row), ctx.auditStatement(audit(scope, row, "communication.scheduled"))]);
  return { scheduled: (await views(ctx, [row]))[0] };
}

/** GET /api/communication/scheduled: the caller's own; administrators see everyone's in the workspace. */
export async function listScheduled(ctx: RequestContext, scope: CommunicationScope) {
  const rows = await ctx.db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.workspaceId, scope.workspaceId), canAdminister(scope.role) ? undefined : eq(scheduledMessages.authorId, scope.userId)))
    .orderBy(desc(scheduledMessages.sendAt))
    .limit(200);
  return { scheduled: await views(ctx, rows) };
}

/** PUT /api/communication/scheduled/{id}: its author changes the text or the time while it has not gone. */
export async function reschedule(
  ctx: RequestContext,
  scope: CommunicationScope,
  id: string,
  input: { body?: string; subject: string | null; sendAt?: Date | null; localTime: string | null; authorTimeZone: string | null; urgent?: boolean },
) {
  const row = await authorsOwn(ctx, scope, id);
  if (input.localTime && row.target !== "email") throw new Refusal(400, "errors.localTimeOnePerson", undefined, { localTime: "errors.localTimeOnePerson" });
  const when = await resolveSendTime(ctx.db, input, { recipientId: row.recipientId, authorId: row.authorId });
  const body = input.body ? plainText(input.body).text : row.body;
  checkFields(body);
  if (row.target === "channel") {
    const perRecipient = perRecipientFields(body);
    if (perRecipient.length) throw new Refusal(400, "errors.perRecipient", { fields: perRecipient.map((f) => `{{${f}}}`).join(", ") });
  }
  const next = {
    ...row,
    body,
    subject: row.target === "email" ? (input.subject ?? row.subject) : null,
    sendAt: when?.sendAt ?? row.sendAt,
    localTime: when ? when.localTime : row.localTime,
    timeZone: when ? when.timeZone : row.timeZone,
    urgent: input.urgent ?? row.urgent,
    updatedAt: new Date(),
  };
  // Only while still scheduled: a cron run that claimed it meanwhile wins, and the change is refused.
  const [changed] = await ctx.db.batch([
    ctx.db
      .update(scheduledMessages)
      .set({
        body: next.body,
        subject: next.subject,
        sendAt: next.sendAt,
        localTime: next.localTime,
        timeZone: next.timeZone,
        urgent: next.urgent,
        updatedAt: next.updatedAt,
      })
      .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.status, "scheduled")))
      .returning({ id: scheduledMessages.id }),
    ctx.auditStatement(audit(scope, next, "communication.scheduled_changed")),
  ]);
  if (!changed.length) throw new Refusal(409, "errors.notEditable");
  return { scheduled: (await views(ctx, [next]))[0] };
}

/** POST /api/communication/scheduled/{id}/cancel: its author, or an administrator, before it goes. */
export async function cancelScheduled(ctx: RequestContext, scope: CommunicationScope, id: string) {
  const row = await authorsOwn(ctx, scope, id, { administrators: true });
  const [changed] = await ctx.db.batch([
    ctx.db
      .update(scheduledMessages)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.status, "scheduled")))
      .returning({ id: scheduledMessages.id }),
    ctx.auditStatement(audit(scope, row, "communication.scheduled_cancelled")),
  ]);
  if (!changed.length) throw new Refusal(409, "errors.notEditable");
  return { scheduled: (await views(ctx, [{ ...row, status: "cancelled" }]))[0] };
}

/**
 * The cron: every message whose time has come is claimed by one run (scheduled → sending, in one conditional
 * update), so two runs at once never both send it; then sent as its author, with the values of today.
 */
export async function sendDueMessages(env: Env, now: Date): Promise<{ sent: number; failed: number }> {
  const db = createDb(env.DB);
  await db
    .update(scheduledMessages)
    .set({ status: "failed", error: "interrupted", updatedAt: now })
    .where(
      and(
        eq(scheduledMessages.status, "sending"),
        or(isNull(scheduledMessages.claimedAt), lt(scheduledMessages.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
      ),
    );
  const due = await db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.status, "scheduled"), lte(scheduledMessages.sendAt, now)))
    .orderBy(asc(scheduledMessages.sendAt))
    .limit(BATCH);
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    const claimed = await db
      .update(scheduledMessages)
      .set({ status: "sending", claimedAt: now, updatedAt: now })
      .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.status, "scheduled")))
      .returning({ id: scheduledMessages.id });
    if (!claimed.length) continue;
    const { ctx, settle } = backgroundContext(env, "scheduled message");
    try {
      const sentRef = await deliver(ctx, row, now);
      await db.batch([
        db.update(scheduledMessages).set({ status: "sent", sentRef, sentAt: new Date(), updatedAt: new Date() }).where(eq(scheduledMessages.id, row.id)),
        ctx.auditStatement({ ...audit({ workspaceId: row.workspaceId, userId: row.authorId }, row, "communication.scheduled_sent"), ip: "scheduled" }),
      ]);
      sent++;
    } catch (error) {
      const reason = error instanceof Refusal ? error.key : "send-failed";
      console.warn(`Scheduled message ${row.id} was not sent: ${reason}`, error instanceof Refusal ? "" : error);
      await db.update(scheduledMessages).set({ status: "failed", error: reason, updatedAt: new Date() }).where(eq(scheduledMessages.id, row.id));
      failed++;
    }
    await settle();
  }
  return { sent, failed };
}

/** Sends one message as its author would: their membership and rights as they are today. */
async function deliver(ctx: RequestContext, row: Row, now: Date): Promise<string> {
  const session = await authorSession(ctx, row);
  if (!session) throw new Refusal(403, "errors.authorGone");
  const { known } = fieldsIn(`${row.subject ?? ""}\n${row.body}`);
  if (row.target === "channel") {
    const language = session.user.language ?? "en";
    const values = await mergeValues(ctx.db, known, { workspaceId: row.workspaceId, senderId: row.authorId, language, publicOrigin: ctx.publicOrigin, now });
    const t = communicationTIn(language);
    const message = await postMessage(ctx, session, row.channelId ?? "", {
      body: renderTemplate(row.body, values, (f) => t(`missing.${f.replace(".", "_")}`)),
    });
    return message.id;
  }
  const recipient = await ctx.db
    .select({ id: users.id, email: users.email, language: users.language, name: users.name, firstName: users.firstName })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, row.workspaceId)))
    .where(eq(users.id, row.recipientId ?? ""))
    .get();
  if (!recipient) throw new Refusal(422, "errors.recipientNotMember");
  const language = recipient.language ?? "en";
  const t = communicationTIn(language);
  const values = await mergeValues(ctx.db, known, {
    workspaceId: row.workspaceId,
    senderId: row.authorId,
    recipientId: recipient.id,
    language,
    publicOrigin: ctx.publicOrigin,
    now,
  });
  const fill = (text: string) => renderTemplate(text, values, (f) => t(`missing.${f.replace(".", "_")}`));
  // A member writing to another: the workspace's look (/email-personalization), the author named under the words.
  return sendEmail(ctx.db, ctx.config, ctx.env.JOBS, {
    key: "message",
    kind: "scheduled_message",
    workspaceId: row.workspaceId,
    to: { userId: recipient.id, email: recipient.email, name: recipient.name, firstName: recipient.firstName, language },
    content: {
      subject: fill(row.subject ?? ""),
      paragraphs: [...fill(row.body).split(/\n{2,}/), `— ${t("mail.sentBy", { name: session.user.name, trust: session.workspace?.name ?? "" })}`],
    },
    // Inside the recipient's quiet hours it waits for their end, unless its author marked it urgent (ADR 0033).
    holdUntil: await holdFor(ctx.db, recipient.id, row.urgent, now),
  });
}

/** The author as a signed-in person of the workspace, as long as they still belong to it. */
async function authorSession(ctx: RequestContext, row: Row): Promise<CurrentSession | null> {
  const found = await ctx.db
    .select({ user: users, membership: memberships, workspace: workspaces })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, row.workspaceId)))
    .innerJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), isNull(workspaces.deletionRequestedAt)))
    .where(eq(users.id, row.authorId))
    .get();
  if (!found) return null;
  const { user, membership, workspace } = found;
  return {
    sessionId: `scheduled:${row.id}`,
    user,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      jurisdiction: workspace.jurisdiction,
      role: membership.role,
      plan: workspace.plan,
      trialEndsAt: workspace.trialEndsAt,
    },
    remember: false,
  };
}

async function postableChannel(ctx: RequestContext, session: CurrentSession, channelId: string): Promise<string> {
  try {
    const access = await channelAccess(ctx.db, session, channelId);
    if (access.member && access.post && !access.channel.archivedAt) return access.channel.id;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
  }
  throw new Refusal(422, "errors.channelNotFound");
}

async function authorsOwn(ctx: RequestContext, scope: CommunicationScope, id: string, { administrators = false } = {}) {
  const row = isUuid(id)
    ? await ctx.db
        .select()
        .from(scheduledMessages)
        .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.workspaceId, scope.workspaceId)))
        .get()
    : undefined;
  if (!row || (row.authorId !== scope.userId && !(administrators && canAdminister(scope.role)))) throw new Refusal(404, "errors.scheduledNotFound");
  if (row.status !== "scheduled") throw new Refusal(409, "errors.notEditable");
  return row;
}

/** Rows as the page shows them: the channel's and the recipient's names instead of their ids. */
async function views(ctx: RequestContext, rows: Row[]) {
  const channelIds = [...new Set(rows.flatMap((r) => (r.channelId ? [r.channelId] : [])))];
  const userIds = [...new Set(rows.flatMap((r) => [r.authorId, ...(r.recipientId ? [r.recipientId] : [])]))];
  const [channelNames, people] = await Promise.all([
    channelIds.length ? ctx.db.select({ id: channels.id, name: channels.name }).from(channels).where(inArray(channels.id, channelIds)) : [],
    userIds.length ? ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const nameOf = (list: { id: string; name: string }[], id: string | null) => list.find((x) => x.id === id)?.name ?? null;
  return rows.map((r) => ({
    id: r.id,
    target: r.target,
    channelId: r.channelId,
    channelName: nameOf(channelNames, r.channelId),
    recipientId: r.recipientId,
    recipientName: nameOf(people, r.recipientId),
    authorName: nameOf(people, r.authorId),
    subject: r.subject,
    body: r.body,
    sendAt: r.sendAt.toISOString(),
    localTime: r.localTime,
    timeZone: r.timeZone,
    urgent: r.urgent,
    status: r.status,
    sentAt: r.sentAt?.toISOString() ?? null,
    error: r.error,
  }));
}

function audit(
  scope: { workspaceId: string; userId: string },
  row: Pick<Row, "id" | "target" | "sendAt" | "urgent" | "localTime" | "timeZone">,
  action: string,
) {
  return {
    action,
    outcome: "success" as const,
    workspaceId: scope.workspaceId,
    actorUserId: scope.userId,
    targetType: "scheduled_message",
    targetId: row.id,
    metadata: { target: row.target, sendAt: row.sendAt.toISOString(), urgent: row.urgent, localTime: row.localTime, timeZone: row.timeZone },
  };
}
