import { and, eq } from "drizzle-orm";
import { runAuditChainChecks, type FinishedCheck } from "~/modules/audit/chain-checks.server";
import { signingKey } from "~/modules/audit/signing-key.server";
import { notificationPreferences } from "~/modules/notifications/schema";
import { notify, recipientsFor, recipientT } from "~/modules/notifications/service.server";
import { workspaces } from "~/modules/workspaces/schema";
import { workspaceTrustees } from "~/modules/workspaces/trustees.server";
import { createDb, type Db } from "~/platform/db.server";
import { getConfig, type AppConfig } from "~/platform/env.server";

export const CHAIN_HEAD_TYPE = "audit_chain_head" as const;

/**
 * The cron's audit work, then the daily chain head to the trustees who asked for it (ADR 0023): a copy of the head
 * outside our database, so a later rewrite of the log shows as a bundle whose entry at that number has another
 * hash. A broken chain is told to every trustee, in the app and by e-mail, whatever they chose.
 */
export async function runAuditChecksAndSendHeads(env: Env, now: Date) {
  const finished = await runAuditChainChecks(env, now);
  const db = createDb(env.DB);
  const config = getConfig(env);
  const keyId = finished.some((check) => check.chain)
    ? await signingKey(db, config).then(
        (key) => key.keyId,
        () => null,
      )
    : null;
  for (const check of finished) {
    if (!check.chain) continue;
    await sendChainHead(db, env, config, check, keyId, now).catch((error) => console.error(`The chain head of ${check.chain} could not be sent`, error));
  }
}

async function sendChainHead(db: Db, env: Env, config: AppConfig, check: FinishedCheck, keyId: string | null, now: Date) {
  const workspace = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, check.chain)).get();
  if (!workspace) return;
  const trustees = await workspaceTrustees(db, check.chain);
  if (trustees.length === 0) return;
  const on = now.toISOString().slice(0, 10);
  const metadata = {
    workspace: workspace.name,
    on,
    ok: check.ok,
    entries: check.entries,
    seq: check.ok ? check.headSeq : (check.brokenSeq ?? check.headSeq),
    hash: check.headHash,
    fingerprint: keyId ?? "",
  };
  const link = new URL("/regulatory-audit", config.PUBLIC_ORIGIN).href;
  await notify(
    { db, env, config },
    {
      workspaceId: check.chain,
      type: CHAIN_HEAD_TYPE,
      recipients: await recipientsFor(
        db,
        trustees.map((t) => t.userId),
      ),
      metadata,
      // An intact head goes where each trustee chose (nowhere by default); a break goes to all of them.
      channels: check.ok ? undefined : () => ({ in_app: true, email: true }),
      mail: (recipient) => {
        const t = recipientT(recipient, ["notifications"]);
        const values = { ...metadata, brokenSeq: check.brokenSeq ?? 0 };
        return check.ok
          ? {
              subject: t("chainHead.subject", values),
              text: [t("chainHead.intact", values), check.headHash, keyId ? t("chainHead.key", values) : null, t("chainHead.keep", values), link]
                .filter(Boolean)
                .join("\n\n"),
            }
          : { subject: t("chainHead.brokenSubject", values), text: [t("chainHead.broken", values), link].join("\n\n") };
      },
    },
  );
}

/** Whether this person has asked for the daily chain head by e-mail (the audit page's switch). */
export async function wantsChainHeadMail(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, CHAIN_HEAD_TYPE), eq(notificationPreferences.channel, "email")))
    .get();
  return row?.enabled ?? false;
}

/** The audit page's switch: the same stored choice as the notifications page's "Audit chain head: E-mail". */
export async function setChainHeadMail(db: Db, userId: string, enabled: boolean) {
  const row = { userId, type: CHAIN_HEAD_TYPE, channel: "email" as const, enabled, updatedAt: new Date() };
  await db
    .insert(notificationPreferences)
    .values(row)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
      set: { enabled, updatedAt: row.updatedAt },
    });
}
