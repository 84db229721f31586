import { and, asc, eq, lte } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { sendNoticeSms } from "~/modules/conversations/sms/outbound.server";
import { memberships } from "~/modules/workspaces/schema";
import { createDb, type Db } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { heldTexts } from "./schema";

/** A run releases at most this many; the next run (15 minutes on) takes the rest. */
const BATCH = 200;

/** A notice's text that came inside the person's quiet hours: kept until they end (ADR 0033). */
export async function holdText(db: Db, input: { workspaceId: string; userId: string; type: string; body: string; sendAfter: Date }) {
  await db.insert(heldTexts).values({ id: crypto.randomUUID(), ...input, status: "held", createdAt: new Date() });
  return "held" as const;
}

/**
 * The cron: each held text whose time has come is claimed once (held → released, one conditional update, so two
 * runs never both send it), then texted to the phone on the person's profile now, as long as they still belong to
 * the workspace. A failure is recorded, not retried: a second attempt could text them twice.
 */
export async function releaseHeldTexts(env: Env, now: Date): Promise<number> {
  const db = createDb(env.DB);
  const config = getConfig(env);
  const due = await db
    .select()
    .from(heldTexts)
    .where(and(eq(heldTexts.status, "held"), lte(heldTexts.sendAfter, now)))
    .orderBy(asc(heldTexts.sendAfter))
    .limit(BATCH);
  let released = 0;
  for (const text of due) {
    const claimed = await db
      .update(heldTexts)
      .set({ status: "released", releasedAt: now })
      .where(and(eq(heldTexts.id, text.id), eq(heldTexts.status, "held")))
      .returning({ id: heldTexts.id });
    if (!claimed.length) continue;
    const person = await db
      .select({ phone: users.phone })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, text.workspaceId)))
      .where(eq(users.id, text.userId))
      .get();
    const outcome = person
      ? await sendNoticeSms(db, config, { workspaceId: text.workspaceId, phone: person.phone, body: text.body }).catch((error) => {
          console.warn(`Could not text held notice ${text.id}`, error);
          return "failed" as const;
        })
      : "not_member";
    await db.update(heldTexts).set({ outcome }).where(eq(heldTexts.id, text.id));
    released++;
  }
  return released;
}
