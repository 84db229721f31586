import { and, eq, isNull } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import { LANGUAGES } from "~/modules/preferences/languages";
import { THEMES, isThemeId } from "~/modules/preferences/themes";
import { memberships, workspaces } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import { sendMail, type JobsQueue } from "~/platform/mail.server";
import { DEFAULT_ACCENT, renderEmail, type EmailContent, type EmailLook, type RenderedEmail } from "./render";
import { emailBranding, emailTemplateIntros } from "./schema";
import { SECURITY_TEMPLATES, UNSUBSCRIBABLE_TEMPLATES, type EmailMergeValues, type EmailTemplateKey } from "./templates";
import { PREVIEW_UNSUBSCRIBE_TOKEN, signUnsubscribe } from "./unsubscribe-token.server";

/** Who a mail goes to: a member (with an id), or an address without an account yet (an invitation). */
export interface Addressee {
  userId: string | null;
  email: string;
  name: string | null;
  firstName: string | null;
  language: string | null;
}

/** A workspace's saved look, read once per workspace and reused for every mail of one request or cron run. */
export interface WorkspaceLook {
  workspaceName: string | null;
  familyName: string | null;
  greeting: string | null;
  signature: string | null;
  accentTheme: string | null;
  intros: Partial<Record<EmailTemplateKey, string>>;
}

const NO_LOOK: WorkspaceLook = { workspaceName: null, familyName: null, greeting: null, signature: null, accentTheme: null, intros: {} };

export async function readWorkspaceLook(db: Db, workspaceId: string | null): Promise<WorkspaceLook> {
  if (!workspaceId) return NO_LOOK;
  const [workspace, branding, intros] = await db.batch([
    db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    db.select().from(emailBranding).where(eq(emailBranding.workspaceId, workspaceId)),
    db
      .select({ key: emailTemplateIntros.templateKey, intro: emailTemplateIntros.intro })
      .from(emailTemplateIntros)
      .where(eq(emailTemplateIntros.workspaceId, workspaceId)),
  ]);
  const row = branding[0];
  return {
    workspaceName: workspace[0]?.name ?? null,
    familyName: row?.familyName ?? null,
    greeting: row?.greeting ?? null,
    signature: row?.signature ?? null,
    accentTheme: row?.accentTheme ?? null,
    intros: Object.fromEntries(intros.map((i) => [i.key, i.intro])),
  };
}

export function accentOf(themeId: string | null): string {
  const theme = isThemeId(themeId) ? THEMES.find((t) => t.id === themeId) : undefined;
  return theme?.swatches[0] ?? DEFAULT_ACCENT;
}

/** The look one e-mail gets: security mail keeps the product's own, with the family's greeting only. */
export function lookFor(key: EmailTemplateKey, look: WorkspaceLook): EmailLook {
  if (SECURITY_TEMPLATES.has(key)) return { familyName: null, greeting: look.greeting, intro: null, signature: null, accent: DEFAULT_ACCENT };
  return {
    familyName: look.familyName,
    greeting: look.greeting,
    intro: look.intros[key] ?? null,
    signature: look.signature,
    accent: accentOf(look.accentTheme),
  };
}

export function mergeValuesFor(to: Addressee, look: WorkspaceLook, origin: string, language: string, now = new Date()): EmailMergeValues {
  const firstName = to.firstName?.trim() || to.name?.trim().split(/\s+/)[0] || undefined;
  return {
    "recipient.name": to.name?.trim() || undefined,
    "recipient.firstName": firstName,
    "family.name": look.familyName ?? look.workspaceName ?? undefined,
    "trust.name": look.workspaceName ?? undefined,
    "link.app": `${origin}/dashboard`,
    today: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(now),
  };
}

export function emailT(language: string | null | undefined) {
  return serverT(["email"], language ?? "en");
}

export interface ComposeInput {
  key: EmailTemplateKey;
  workspaceId: string | null;
  to: Addressee;
  content: EmailContent;
  /** The unsubscribe link's scope: a notification type, or `all` (a digest). Only for unsubscribable mail to a member. */
  unsubscribeScope?: string;
  /** Who invited, for the invitation's footer. */
  inviter?: string;
  /** Inside the recipient's quiet hours: held until then (ADR 0033). */
  holdUntil?: Date | null;
  /**
   * A preview or a test send: the mail looks as the member's would, but its unsubscribe link (and List-Unsubscribe)
   * carries no token of hers, so whoever follows it (the owner who asked for the preview) stops nothing.
   */
  preview?: boolean;
}

/** One mail in the recipient's language, in the workspace's look, with its unsubscribe link and headers where it has one. */
export async function composeEmail(config: AppConfig, look: WorkspaceLook, input: ComposeInput, now = new Date()) {
  const language = input.to.language ?? "en";
  const t = emailT(language);
  const direction = LANGUAGES.find((l) => l.code === language)?.direction ?? "ltr";
  const canUnsubscribe = UNSUBSCRIBABLE_TEMPLATES.has(input.key) && input.to.userId && input.workspaceId && input.unsubscribeScope;
  const url = !canUnsubscribe
    ? null
    : input.preview
      ? `${config.PUBLIC_ORIGIN}/unsubscribe?token=${PREVIEW_UNSUBSCRIBE_TOKEN}`
      : `${config.PUBLIC_ORIGIN}/unsubscribe?token=${await signUnsubscribe(config.PASSWORD_PEPPER, {
          userId: input.to.userId!,
          workspaceId: input.workspaceId!,
          scope: input.unsubscribeScope!,
        })}`;
  const footer = SECURITY_TEMPLATES.has(input.key)
    ? t("frame.footerSecurity")
    : input.key === "invitation"
      ? t("frame.footerInvitation", { inviter: input.inviter ?? "" })
      : t("frame.footerMember", { trust: look.workspaceName ?? "" });
  const rendered: RenderedEmail = renderEmail(
    lookFor(input.key, look),
    input.content,
    {
      language,
      direction,
      defaultGreeting: t("frame.greeting"),
      neutralGreeting: t("frame.neutralGreeting"),
      footer,
      unsubscribe: url ? { url, label: t("frame.unsubscribe") } : undefined,
    },
    mergeValuesFor(input.to, look, config.PUBLIC_ORIGIN, language, now),
  );
  // RFC 2369 and RFC 8058: mail apps show their own "Unsubscribe" and POST to the same address with one click.
  const headers = url ? { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
  return { ...rendered, headers };
}

/** Composes and records one mail (platform/mail.server.ts delivers it). */
export async function sendEmail(db: Db, config: AppConfig, jobs: JobsQueue, input: ComposeInput & { kind: string }, look?: WorkspaceLook) {
  const mail = await composeEmail(config, look ?? (await readWorkspaceLook(db, input.workspaceId)), input);
  return sendMail(db, config, jobs, {
    to: input.to.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    kind: input.kind,
    workspaceId: input.workspaceId,
    holdUntil: input.holdUntil,
  });
}

/** A member's account mail (verification, reset) takes its greeting from the first workspace they joined that is open. */
export async function firstWorkspaceOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .select({ workspaceId: memberships.workspaceId })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), isNull(workspaces.deletionRequestedAt)))
    .orderBy(memberships.createdAt)
    .limit(1)
    .get();
  return row?.workspaceId ?? null;
}

/** The product's words of one of its e-mails, split in paragraphs. */
export function coreContent(
  key: "verify_email" | "reset_password" | "invitation",
  language: string | null,
  values: Record<string, string>,
  url: string,
): EmailContent {
  const t = emailT(language);
  return {
    subject: t(`core.${key}.subject`, values),
    paragraphs: t(`core.${key}.body`, values).split(/\n{2,}/),
    action: { label: t(`core.${key}.action`), url },
  };
}
