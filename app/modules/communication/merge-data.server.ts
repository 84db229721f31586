import { and, desc, eq, gte, inArray, ne } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { financeAccountings, financeDistributions } from "~/modules/finance/schema";
import { visibleMeetings } from "~/modules/meetings/access.server";
import { meetings } from "~/modules/meetings/schema";
import { workspaces } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import type { MergeField, MergeValues } from "./merge-fields";

export interface MergeContext {
  workspaceId: string;
  senderId: string;
  /** One member the message goes to; absent for a channel (then per-recipient fields were refused before). */
  recipientId?: string | null;
  language: string;
  publicOrigin: string;
  now: Date;
}

/**
 * The workspace's values for the merge fields a text names, read in one round trip. What a field may show is what
 * its reader may see: a distribution is the recipient's own; a meeting is one both the sender and the recipient are
 * part of (the sender's, for a channel).
 */
export async function mergeValues(db: Db, fields: readonly MergeField[], c: MergeContext): Promise<MergeValues> {
  const needs = (prefix: string) => fields.some((f) => f.startsWith(prefix));
  const meetingScope = and(
    visibleMeetings({ workspaceId: c.workspaceId, userId: c.senderId }),
    ...(c.recipientId ? [visibleMeetings({ workspaceId: c.workspaceId, userId: c.recipientId })] : []),
    ne(meetings.status, "ended"),
    gte(meetings.startsAt, new Date(c.now.getTime() - 2 * 3600_000)),
  );
  const [workspace, people, meeting, distribution, accounting] = await db.batch([
    db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, c.workspaceId)),
    db
      .select({ id: users.id, name: users.name, firstName: users.firstName })
      .from(users)
      .where(inArray(users.id, [c.senderId, ...(c.recipientId ? [c.recipientId] : [])])),
    db
      .select({ id: meetings.id, title: meetings.title, startsAt: meetings.startsAt })
      .from(meetings)
      .where(needs("meeting.") ? meetingScope : eq(meetings.id, ""))
      .orderBy(meetings.startsAt)
      .limit(1),
    db
      .select({
        amountMinor: financeDistributions.amountMinor,
        currency: financeDistributions.currency,
        purpose: financeDistributions.purpose,
        decidedAt: financeDistributions.decidedAt,
        paidOn: financeDistributions.paidOn,
      })
      .from(financeDistributions)
      .where(
        and(
          eq(financeDistributions.workspaceId, c.workspaceId),
          eq(financeDistributions.beneficiaryUserId, needs("distribution.") && c.recipientId ? c.recipientId : ""),
          inArray(financeDistributions.status, ["approved", "paid"]),
        ),
      )
      .orderBy(desc(financeDistributions.updatedAt))
      .limit(1),
    db
      .select({ from: financeAccountings.periodFrom, to: financeAccountings.periodTo })
      .from(financeAccountings)
      .where(and(eq(financeAccountings.workspaceId, c.workspaceId)))
      .orderBy(desc(financeAccountings.periodTo))
      .limit(1),
  ]);
  const sender = people.find((p) => p.id === c.senderId);
  const recipient = c.recipientId ? people.find((p) => p.id === c.recipientId) : undefined;
  const date = (value: Date | string) =>
    new Intl.DateTimeFormat(c.language, { dateStyle: "long", timeZone: "UTC" }).format(typeof value === "string" ? new Date(`${value}T12:00:00Z`) : value);
  const values: MergeValues = {
    "trust.name": workspace[0]?.name,
    "sender.name": sender?.name,
    today: date(c.now),
    "tax.year": String(c.now.getUTCFullYear() - 1),
    "link.app": `${c.publicOrigin}/dashboard`,
    "link.documents": `${c.publicOrigin}/documents`,
    "link.meetings": `${c.publicOrigin}/video-meetings`,
    "link.portal": `${c.publicOrigin}/beneficiary-portal`,
  };
  if (recipient) {
    values["recipient.name"] = recipient.name;
    values["recipient.firstName"] = recipient.firstName?.trim() || recipient.name.split(/\s+/)[0];
  }
  const next = meeting[0];
  if (next) {
    values["meeting.title"] = next.title;
    values["meeting.when"] = new Intl.DateTimeFormat(c.language, { dateStyle: "full", timeStyle: "short", timeZone: "UTC", timeZoneName: "short" }).format(
      next.startsAt,
    );
    values["meeting.link"] = `${c.publicOrigin}/video-meetings/${next.id}`;
  }
  const paid = distribution[0];
  if (paid) {
    values["distribution.amount"] = new Intl.NumberFormat(c.language, { style: "currency", currency: paid.currency }).format(paid.amountMinor / 100);
    values["distribution.purpose"] = paid.purpose;
    const when = paid.paidOn ?? paid.decidedAt;
    if (when) values["distribution.date"] = date(when);
  }
  if (accounting[0]) values["accounting.period"] = `${date(accounting[0].from)} – ${date(accounting[0].to)}`;
  return values;
}
