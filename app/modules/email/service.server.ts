import { and, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { plainText } from "~/modules/communication/merge-fields";
import { hasTranslationFiles, LANGUAGES } from "~/modules/preferences/languages";
import { THEMES } from "~/modules/preferences/themes";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { EmailOwnerScope } from "./access.server";
import { composeEmail, emailT, readWorkspaceLook, sendEmail, type Addressee, type WorkspaceLook } from "./compose.server";
import { sampleContent } from "./samples.server";
import { safeMarkup } from "./sanitize";
import { emailBranding, emailTemplateIntros } from "./schema";
import {
  EMAIL_MERGE_FIELDS,
  EMAIL_TEMPLATE_KEYS,
  isEmailTemplateKey,
  SECURITY_TEMPLATES,
  UNSUBSCRIBABLE_TEMPLATES,
  unknownFields,
  type EmailTemplateKey,
} from "./templates";

export interface LookChanges {
  familyName?: string | null;
  greeting?: string | null;
  signature?: string | null;
  accentTheme?: string | null;
  intro?: string | null;
}

const TEST_SENDS = { limit: 10, windowMs: 3600_000 };

export function templateKey(value: string | undefined): EmailTemplateKey {
  if (!isEmailTemplateKey(value)) throw new Refusal(404, "errors.unknownTemplate");
  return value;
}

/** The texts checked and cleaned: unknown merge fields refused by name, markup reduced to the safe subset. */
export function cleanChanges(key: EmailTemplateKey, changes: LookChanges): { clean: LookChanges; markupRemoved: boolean } {
  if (
    SECURITY_TEMPLATES.has(key) &&
    (changes.intro || changes.signature !== undefined || changes.familyName !== undefined || changes.accentTheme !== undefined)
  ) {
    throw new Refusal(400, "errors.securityGreetingOnly", undefined, { intro: "errors.securityGreetingOnly" });
  }
  const fieldKeys: Record<string, string> = {};
  const names: string[] = [];
  for (const field of ["greeting", "signature", "intro"] as const) {
    const unknown = unknownFields(changes[field] ?? "");
    if (unknown.length) {
      fieldKeys[field] = "errors.unknownFields";
      names.push(...unknown);
    }
  }
  if (names.length) {
    throw new Refusal(400, "errors.unknownFields", { fields: [...new Set(names)].map((f) => `{{${f}}}`).join(", "), count: names.length }, fieldKeys);
  }
  let markupRemoved = false;
  const rich = (value: string | null | undefined) => {
    if (!value) return value;
    const safe = safeMarkup(value);
    markupRemoved ||= safe.changed;
    return safe.html;
  };
  // The family's name and the greeting are plain text (a subject line and a heading show them).
  const plain = (value: string | null | undefined) => {
    if (!value) return value;
    const cleaned = plainText(value);
    markupRemoved ||= cleaned.changed;
    return cleaned.text.trim();
  };
  return {
    clean: {
      familyName: plain(changes.familyName),
      greeting: plain(changes.greeting),
      signature: rich(changes.signature),
      accentTheme: changes.accentTheme,
      intro: rich(changes.intro),
    },
    markupRemoved,
  };
}

/** A saved look with unsaved changes laid over it (for the live preview). */
function withChanges(look: WorkspaceLook, key: EmailTemplateKey, changes: LookChanges): WorkspaceLook {
  const pick = <T>(change: T | null | undefined, saved: T | null) => (change === undefined ? saved : change || null);
  return {
    ...look,
    familyName: pick(changes.familyName, look.familyName),
    greeting: pick(changes.greeting, look.greeting),
    signature: pick(changes.signature, look.signature),
    accentTheme: pick(changes.accentTheme, look.accentTheme),
    intros: { ...look.intros, [key]: pick(changes.intro, look.intros[key] ?? null) ?? undefined },
  };
}

function templateView(key: EmailTemplateKey, look: WorkspaceLook) {
  return {
    key,
    security: SECURITY_TEMPLATES.has(key),
    unsubscribable: UNSUBSCRIBABLE_TEMPLATES.has(key),
    intro: look.intros[key] ?? null,
    customised: Boolean(look.intros[key]),
  };
}

function brandingView(look: WorkspaceLook) {
  return { familyName: look.familyName, greeting: look.greeting, signature: look.signature, accentTheme: look.accentTheme };
}

/** GET /api/email/templates: every e-mail, the workspace's look, the fields, themes and languages to choose from. */
export async function listEmailTemplates(ctx: RequestContext, scope: EmailOwnerScope) {
  const look = await readWorkspaceLook(ctx.db, scope.workspaceId);
  return {
    templates: EMAIL_TEMPLATE_KEYS.map((key) => templateView(key, look)),
    branding: brandingView(look),
    fields: EMAIL_MERGE_FIELDS,
    themes: THEMES.map((t) => ({ id: t.id, colour: t.swatches[0] })),
    languages: LANGUAGES.map((l) => ({ code: l.code, name: l.nativeName, translated: hasTranslationFiles(l.code) })),
  };
}

/** GET /api/email/templates/{key}. */
export async function getEmailTemplate(ctx: RequestContext, scope: EmailOwnerScope, key: EmailTemplateKey) {
  const look = await readWorkspaceLook(ctx.db, scope.workspaceId);
  return { template: templateView(key, look), branding: brandingView(look), fields: EMAIL_MERGE_FIELDS };
}

/** PUT /api/email/templates/{key}: the intro of this template, and the look every template shares; audited with the change. */
export async function saveEmailTemplate(ctx: RequestContext, scope: EmailOwnerScope, key: EmailTemplateKey, changes: LookChanges) {
  const { clean, markupRemoved } = cleanChanges(key, changes);
  const now = new Date();
  const statements = [];
  const lookFields = (["familyName", "greeting", "signature", "accentTheme"] as const).filter((f) => clean[f] !== undefined);
  if (lookFields.length) {
    const set = Object.fromEntries(lookFields.map((f) => [f, clean[f] || null]));
    statements.push(
      ctx.db
        .insert(emailBranding)
        .values({ workspaceId: scope.workspaceId, ...set, updatedBy: scope.userId, updatedAt: now })
        .onConflictDoUpdate({ target: emailBranding.workspaceId, set: { ...set, updatedBy: scope.userId, updatedAt: now } }),
    );
  }
  if (clean.intro !== undefined) {
    const where = and(eq(emailTemplateIntros.workspaceId, scope.workspaceId), eq(emailTemplateIntros.templateKey, key));
    statements.push(
      clean.intro
        ? ctx.db
            .insert(emailTemplateIntros)
            .values({ workspaceId: scope.workspaceId, templateKey: key, intro: clean.intro, updatedBy: scope.userId, updatedAt: now })
            .onConflictDoUpdate({
              target: [emailTemplateIntros.workspaceId, emailTemplateIntros.templateKey],
              set: { intro: clean.intro, updatedBy: scope.userId, updatedAt: now },
            })
        : ctx.db.delete(emailTemplateIntros).where(where),
    );
  }
  const changed = [...lookFields, ...(clean.intro !== undefined ? ["intro"] : [])];
  await ctx.db.batch([
    ctx.auditStatement({
      action: "email.template_saved",
      actorUserId: scope.userId,
      workspaceId: scope.workspaceId,
      targetType: "email_template",
      targetId: key,
      metadata: { changed: changed.join(",") },
    }),
    ...statements,
  ]);
  return { ...(await getEmailTemplate(ctx, scope, key)), markupRemoved };
}

/** POST /api/email/templates/{key}/reset (or DELETE): the template's intro back to none; `all` resets the shared look too. */
export async function resetEmailTemplate(ctx: RequestContext, scope: EmailOwnerScope, key: EmailTemplateKey, everything: boolean) {
  await ctx.db.batch([
    ctx.auditStatement({
      action: "email.template_reset",
      actorUserId: scope.userId,
      workspaceId: scope.workspaceId,
      targetType: "email_template",
      targetId: key,
      metadata: { everything },
    }),
    ctx.db.delete(emailTemplateIntros).where(and(eq(emailTemplateIntros.workspaceId, scope.workspaceId), eq(emailTemplateIntros.templateKey, key))),
    ...(everything ? [ctx.db.delete(emailBranding).where(eq(emailBranding.workspaceId, scope.workspaceId))] : []),
  ]);
  return getEmailTemplate(ctx, scope, key);
}

/** The member whose data fills a preview: one of this workspace's, or the owner themself. */
async function previewAddressee(
  ctx: RequestContext,
  scope: EmailOwnerScope,
  memberId: string | null | undefined,
  language: string | undefined,
): Promise<Addressee> {
  const person = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name, firstName: users.firstName, language: users.language })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, scope.workspaceId)))
    .where(eq(users.id, memberId || scope.userId))
    .get();
  if (!person) throw new Refusal(404, "errors.memberNotFound", undefined, { memberId: "errors.memberNotFound" });
  return { userId: person.id, email: person.email, name: person.name, firstName: person.firstName, language: language ?? person.language ?? "en" };
}

/** POST /api/email/templates/{key}/preview: the mail as this member would get it, in a language, with unsaved changes. */
export async function previewEmail(
  ctx: RequestContext,
  scope: EmailOwnerScope,
  key: EmailTemplateKey,
  input: LookChanges & { language?: string; memberId?: string | null },
) {
  const { clean, markupRemoved } = cleanChanges(key, input);
  const to = await previewAddressee(ctx, scope, input.memberId, input.language);
  const look = withChanges(await readWorkspaceLook(ctx.db, scope.workspaceId), key, clean);
  // The look read once gives the sample its workspace name too.
  const content = await sampleContent(ctx, { id: scope.workspaceId, name: look.workspaceName }, key, to);
  // The member's mail as she would get it, but with an unsubscribe link that stops nothing: the owner reads (and may
  // follow) this one, and must not be able to opt her out of the family's mail.
  const mail = await composeEmail(ctx.config, look, {
    key,
    workspaceId: scope.workspaceId,
    to,
    content,
    unsubscribeScope: "all",
    inviter: to.name ?? "",
    preview: true,
  });
  const language = to.language ?? "en";
  return {
    preview: { subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? null, language, translated: hasTranslationFiles(language) },
    markupRemoved,
  };
}

/** POST /api/email/templates/{key}/test: the preview sent to the owner's own address, with their own data. */
export async function sendTestEmail(ctx: RequestContext, scope: EmailOwnerScope, key: EmailTemplateKey, input: LookChanges & { language?: string }) {
  const sent = await hitRateLimit(ctx.db, `email-test:${scope.userId}`, TEST_SENDS);
  if (sent > TEST_SENDS.limit) throw new Refusal(429, "errors.tooManyTests", { max: TEST_SENDS.limit });
  const { clean } = cleanChanges(key, input);
  const to = await previewAddressee(ctx, scope, scope.userId, input.language);
  const look = withChanges(await readWorkspaceLook(ctx.db, scope.workspaceId), key, clean);
  // The look read once gives the sample its workspace name too.
  const content = await sampleContent(ctx, { id: scope.workspaceId, name: look.workspaceName }, key, to);
  const t = emailT(to.language);
  const outboxId = await sendEmail(
    ctx.db,
    ctx.config,
    ctx.env.JOBS,
    {
      key,
      kind: "email_test",
      workspaceId: scope.workspaceId,
      to,
      content: { ...content, subject: `${t("test.subjectPrefix")} ${content.subject}` },
      unsubscribeScope: "all",
      inviter: to.name ?? "",
      // A test of the look, not the family's mail: its unsubscribe link stops nothing either.
      preview: true,
    },
    look,
  );
  await ctx.audit({ action: "email.test_sent", actorUserId: scope.userId, workspaceId: scope.workspaceId, targetType: "email_template", targetId: key });
  return { sentTo: to.email, outboxId };
}
