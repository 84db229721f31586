import { and, asc, count, eq } from "drizzle-orm";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import type { CommunicationScope } from "./access.server";
import { communicationTIn } from "./i18n.server";
import { mergeValues } from "./merge-data.server";
import { fieldsIn, MERGE_FIELD_NAMES, plainText, renderTemplate } from "./merge-fields";
import { messageTemplates } from "./schema";
import { BUILTIN_TEMPLATES, builtinKey, TEMPLATE_LIMITS } from "./templates";

export interface TemplateView {
  id: string;
  name: string;
  subject: string | null;
  body: string;
  builtin: boolean;
  updatedAt: string | null;
}

/** A text's merge fields must all exist: the unknown ones are named, so the person sees which to fix. */
export function checkFields(text: string) {
  const { unknown } = fieldsIn(text);
  if (unknown.length) throw new Refusal(400, "errors.unknownFields", { fields: unknown.map((f) => `{{${f}}}`).join(", "), count: unknown.length });
}

/** GET /api/communication/templates: the built-in ones in the caller's language, then the workspace's own. */
export async function listTemplates(ctx: RequestContext, scope: CommunicationScope, language: string) {
  const t = communicationTIn(language);
  const own = await ctx.db.select().from(messageTemplates).where(eq(messageTemplates.workspaceId, scope.workspaceId)).orderBy(asc(messageTemplates.name));
  const templates: TemplateView[] = [
    ...BUILTIN_TEMPLATES.map((key) => ({
      id: `builtin:${key}`,
      name: t(`builtin.${key}.name`),
      subject: t(`builtin.${key}.subject`),
      body: t(`builtin.${key}.body`),
      builtin: true,
      updatedAt: null,
    })),
    ...own.map((row) => ({ id: row.id, name: row.name, subject: null, body: row.body, builtin: false, updatedAt: row.updatedAt.toISOString() })),
  ];
  return { templates, fields: MERGE_FIELD_NAMES };
}

/** POST /api/communication/templates: markup taken out, fields checked, audited with the change. */
export async function createTemplate(ctx: RequestContext, scope: CommunicationScope, input: { name: string; body: string }) {
  const { text, changed } = plainText(input.body);
  checkFields(text);
  const existing = await ctx.db.select({ n: count() }).from(messageTemplates).where(eq(messageTemplates.workspaceId, scope.workspaceId)).get();
  if ((existing?.n ?? 0) >= TEMPLATE_LIMITS.perWorkspace) throw new Refusal(409, "errors.tooManyTemplates", { max: TEMPLATE_LIMITS.perWorkspace });
  const now = new Date();
  const row = {
    id: crypto.randomUUID(),
    workspaceId: scope.workspaceId,
    name: plainText(input.name).text,
    body: text,
    createdBy: scope.userId,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.batch([ctx.db.insert(messageTemplates).values(row), ctx.auditStatement(templateAudit(scope, row.id, "communication.template_saved", row.name))]);
  return { template: view(row), markupRemoved: changed };
}

/** PUT /api/communication/templates/{id}: a workspace's own template; the built-in ones are copied, not changed. */
export async function updateTemplate(ctx: RequestContext, scope: CommunicationScope, id: string, input: { name: string; body: string }) {
  const row = await ownTemplate(ctx, scope, id);
  const { text, changed } = plainText(input.body);
  checkFields(text);
  const next = { ...row, name: plainText(input.name).text, body: text, updatedAt: new Date() };
  await ctx.db.batch([
    ctx.db.update(messageTemplates).set({ name: next.name, body: next.body, updatedAt: next.updatedAt }).where(eq(messageTemplates.id, row.id)),
    ctx.auditStatement(templateAudit(scope, row.id, "communication.template_saved", next.name)),
  ]);
  return { template: view(next), markupRemoved: changed };
}

export async function deleteTemplate(ctx: RequestContext, scope: CommunicationScope, id: string) {
  const row = await ownTemplate(ctx, scope, id);
  await ctx.db.batch([
    ctx.db.delete(messageTemplates).where(eq(messageTemplates.id, row.id)),
    ctx.auditStatement(templateAudit(scope, row.id, "communication.template_deleted", row.name)),
  ]);
  return { deleted: row.id };
}

/**
 * POST /api/communication/templates/preview: the text as one member (or a channel, without `recipientId`) would read
 * it now, with the workspace's real values; what has no value yet is named in words.
 */
export async function previewText(ctx: RequestContext, scope: CommunicationScope, input: { body: string; recipientId?: string | null }, language: string) {
  checkFields(input.body);
  const recipientId = input.recipientId ? await memberOf(ctx, scope, input.recipientId) : null;
  const { known } = fieldsIn(input.body);
  const values = await mergeValues(ctx.db, known, {
    workspaceId: scope.workspaceId,
    senderId: scope.userId,
    recipientId,
    language,
    publicOrigin: ctx.publicOrigin,
    now: new Date(),
  });
  const t = communicationTIn(language);
  const missing = known.filter((f) => values[f] === undefined);
  return { text: renderTemplate(input.body, values, (f) => t(`missing.${f.replace(".", "_")}`)), missing };
}

/** The member's id when they belong to the scope's workspace; otherwise a refusal naming no one. */
export async function memberOf(ctx: RequestContext, scope: { workspaceId: string }, userId: string): Promise<string> {
  const row = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, scope.workspaceId), eq(memberships.userId, userId)))
    .get();
  if (!row) throw new Refusal(422, "errors.recipientNotMember");
  return row.userId;
}

async function ownTemplate(ctx: RequestContext, scope: CommunicationScope, id: string) {
  if (builtinKey(id)) throw new Refusal(409, "errors.builtinReadOnly");
  const row = isUuid(id)
    ? await ctx.db
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.workspaceId, scope.workspaceId)))
        .get()
    : undefined;
  if (!row) throw new Refusal(404, "errors.templateNotFound");
  return row;
}

function view(row: typeof messageTemplates.$inferSelect): TemplateView {
  return { id: row.id, name: row.name, subject: null, body: row.body, builtin: false, updatedAt: row.updatedAt.toISOString() };
}

function templateAudit(scope: CommunicationScope, id: string, action: string, name: string) {
  return {
    action,
    outcome: "success" as const,
    workspaceId: scope.workspaceId,
    actorUserId: scope.userId,
    targetType: "message_template",
    targetId: id,
    metadata: { name },
  };
}
