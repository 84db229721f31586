import { and, asc, eq, isNull } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { quietHolds } from "~/modules/profile/quiet-hours.server";
import { memberships } from "~/modules/workspaces/schema";
import { createDb, type Db } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { emailT, readWorkspaceLook, sendEmail } from "./compose.server";
import { contentOf } from "./notification-mail.server";
import { emailDigestItems, emailSettings, type DigestMode } from "./schema";

/** A digest goes at the first cron run from this hour of the person's day. */
export const DIGEST_HOUR = 8;
const DAY_MS = 86_400_000;
/** At most this many people's digests in one cron run (the next run takes the rest). */
const PEOPLE_PER_RUN = 200;

/** The person's local calendar day and hour (UTC until they choose a time zone on /profile). */
export function localDayAndHour(at: Date, timeZone: string | null): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/**
 * Whether a person's digest is due now: daily, once a local day from DIGEST_HOUR; weekly, the same but at least six
 * days after the last. Someone who turned the digest off gets what was held for them at once, so nothing is lost.
 */
export function digestDue(mode: DigestMode, lastAt: Date | null, now: Date, timeZone: string | null): boolean {
  if (mode === "off") return true;
  const here = localDayAndHour(now, timeZone);
  if (here.hour < DIGEST_HOUR) return false;
  if (!lastAt) return true;
  if (localDayAndHour(lastAt, timeZone).day === here.day) return false;
  return mode === "daily" || now.getTime() - lastAt.getTime() >= 6 * DAY_MS;
}

/** The cron's part: every due person's held notification e-mails, one digest per workspace, each item in one digest only. */
export async function sendDueDigests(env: Env, now: Date): Promise<{ digests: number }> {
  const db = createDb(env.DB);
  const config = getConfig(env);
  const waiting = await db
    .select({
      userId: emailDigestItems.userId,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      language: users.language,
      timeZone: users.timeZone,
      mode: emailSettings.digest,
      lastAt: emailSettings.lastDigestAt,
    })
    .from(emailDigestItems)
    .innerJoin(users, eq(users.id, emailDigestItems.userId))
    .leftJoin(emailSettings, eq(emailSettings.userId, emailDigestItems.userId))
    .where(isNull(emailDigestItems.sentIn))
    .groupBy(emailDigestItems.userId)
    .limit(PEOPLE_PER_RUN);
  let digests = 0;
  for (const person of waiting) {
    if (!digestDue(person.mode ?? "off", person.lastAt, now, person.timeZone)) continue;
    digests += await sendDigestsOf(db, env, config, person, now);
  }
  return { digests };
}

async function sendDigestsOf(
  db: Db,
  env: Env,
  config: ReturnType<typeof getConfig>,
  person: { userId: string; email: string; name: string; firstName: string | null; language: string | null; mode: DigestMode | null },
  now: Date,
): Promise<number> {
  // The claim: one conditional update marks this person's waiting items as this digest's; a run at the same time
  // finds none left, so no item is sent twice.
  const batch = crypto.randomUUID();
  await db
    .update(emailDigestItems)
    .set({ sentIn: batch })
    .where(and(eq(emailDigestItems.userId, person.userId), isNull(emailDigestItems.sentIn)));
  const items = await db.select().from(emailDigestItems).where(eq(emailDigestItems.sentIn, batch)).orderBy(asc(emailDigestItems.createdAt));
  try {
    return await writeDigests(db, env, config, person, items, now);
  } catch (error) {
    // Not sent: the items go back to waiting for the next run rather than being lost with this one.
    await db.update(emailDigestItems).set({ sentIn: null }).where(eq(emailDigestItems.sentIn, batch));
    throw error;
  }
}

async function writeDigests(
  db: Db,
  env: Env,
  config: ReturnType<typeof getConfig>,
  person: { userId: string; email: string; name: string; firstName: string | null; language: string | null; mode: DigestMode | null },
  items: (typeof emailDigestItems.$inferSelect)[],
  now: Date,
): Promise<number> {
  // Someone who left a workspace since gets nothing more of it.
  const member = new Set(
    (await db.select({ workspaceId: memberships.workspaceId }).from(memberships).where(eq(memberships.userId, person.userId))).map((m) => m.workspaceId),
  );
  const byWorkspace = new Map<string, typeof items>();
  for (const item of items) if (member.has(item.workspaceId)) byWorkspace.set(item.workspaceId, [...(byWorkspace.get(item.workspaceId) ?? []), item]);
  const t = emailT(person.language);
  // A digest is mail like any other: inside the person's quiet hours it waits for their end.
  const holdUntil = (await quietHolds(db, [person.userId], now)).get(person.userId) ?? null;
  for (const [workspaceId, list] of byWorkspace) {
    const look = await readWorkspaceLook(db, workspaceId);
    const lines = list.map((item) => {
      const link = contentOf({ subject: item.subject, text: item.text }, person.language, config.PUBLIC_ORIGIN).action?.url;
      return link ? `• ${item.subject}\n  ${link}` : `• ${item.subject}`;
    });
    await sendEmail(
      db,
      config,
      env.JOBS,
      {
        key: "digest",
        kind: "digest",
        workspaceId,
        unsubscribeScope: "all",
        holdUntil,
        to: { userId: person.userId, email: person.email, name: person.name, firstName: person.firstName, language: person.language },
        content: {
          subject: t(person.mode === "weekly" ? "core.digest.subjectWeekly" : "core.digest.subjectDaily", { trust: look.workspaceName ?? "" }),
          paragraphs: [t("core.digest.intro", { count: list.length }), lines.join("\n")],
          action: { label: t("core.digest.action"), url: `${config.PUBLIC_ORIGIN}/notifications` },
        },
      },
      look,
    );
    // Sent: this workspace's held copies go (the notifications themselves stay in the bell).
    await db.delete(emailDigestItems).where(and(eq(emailDigestItems.workspaceId, workspaceId), eq(emailDigestItems.sentIn, list[0]!.sentIn!)));
  }
  await db
    .insert(emailSettings)
    .values({ userId: person.userId, digest: person.mode ?? "off", lastDigestAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: emailSettings.userId, set: { lastDigestAt: now } });
  // Items of workspaces the person left go too.
  await db.delete(emailDigestItems).where(eq(emailDigestItems.sentIn, items[0]?.sentIn ?? ""));
  return byWorkspace.size;
}
