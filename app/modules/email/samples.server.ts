import { and, desc, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { serverT } from "~/i18n.server";
import { notifications } from "~/modules/notifications/schema";
import { NOTIFICATION_KINDS } from "~/modules/registry";
import type { RequestContext } from "~/platform/request-context.server";
import { coreContent, emailT, type Addressee } from "./compose.server";
import type { EmailContent } from "./render";
import type { EmailTemplateKey } from "./templates";

/** A notification's words in a language, as the bell and its e-mail say them. */
function described(type: string, metadata: Record<string, unknown>, language: string) {
  const kind = NOTIFICATION_KINDS[type];
  if (!kind) return null;
  return kind.describe(metadata, serverT([kind.namespace ?? "common"], language) as unknown as TFunction);
}

/**
 * What a preview or a test shows as the mail's own words: for notifications, reminders and digests the member's real
 * latest ones (as they would read them); for account mail and invitations the product's words with a link that
 * leads nowhere ("preview" is no token).
 */
export async function sampleContent(
  ctx: RequestContext,
  workspace: { id: string; name: string | null },
  key: EmailTemplateKey,
  to: Addressee,
): Promise<EmailContent> {
  const workspaceId = workspace.id;
  const language = to.language ?? "en";
  const t = emailT(language);
  const origin = ctx.publicOrigin;
  if (key === "verify_email") return coreContent(key, language, {}, `${origin}/verify-email?token=preview`);
  if (key === "reset_password") return coreContent(key, language, {}, `${origin}/reset-password?token=preview`);
  if (key === "invitation") {
    const words = { inviter: to.name ?? "", workspace: workspace.name ?? "", role: serverT("auth", language)("roles.family_member") };
    return coreContent(key, language, words, `${origin}/invite-signup?token=preview`);
  }
  if (key === "message") return { subject: t("samples.message.subject"), paragraphs: t("samples.message.body").split(/\n{2,}/) };

  const recent = to.userId ? await latestNotificationOf(ctx, workspaceId, to.userId, 20) : [];
  const isReminder = (type: string) => NOTIFICATION_KINDS[type]?.email === "reminder";
  if (key === "digest") {
    const lines = recent
      .slice(0, 5)
      .map((n) => described(n.type, n.metadata, language))
      .filter((w): w is NonNullable<typeof w> => w !== null)
      .map((w) => (w.href ? `• ${w.text}\n  ${new URL(w.href, origin).href}` : `• ${w.text}`));
    const list = lines.length ? lines : [`• ${t("samples.notification.subject")}`];
    return {
      subject: t("core.digest.subjectDaily", { trust: workspace.name ?? "" }),
      paragraphs: [t("core.digest.intro", { count: list.length }), list.join("\n")],
      action: { label: t("core.digest.action"), url: `${origin}/notifications` },
    };
  }
  const latest = recent.find((n) => isReminder(n.type) === (key === "reminder"));
  const words = latest ? described(latest.type, latest.metadata, language) : null;
  if (!words) {
    const sample = key === "reminder" ? "samples.reminder" : "samples.notification";
    return { subject: t(`${sample}.subject`), paragraphs: [t(`${sample}.body`)], action: { label: t("frame.open"), url: `${origin}/notifications` } };
  }
  return {
    subject: words.text,
    paragraphs: [words.text, ...(words.detail ? [`“${words.detail}”`] : [])],
    action: words.href ? { label: t("frame.open"), url: new URL(words.href, origin).href } : undefined,
  };
}

/** A member's latest notifications, for the preview's "real data". */
export async function latestNotificationOf(ctx: RequestContext, workspaceId: string, userId: string, limit: number) {
  return ctx.db
    .select({ type: notifications.type, metadata: notifications.metadata })
    .from(notifications)
    .where(and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId)))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}
