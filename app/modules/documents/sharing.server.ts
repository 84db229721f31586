import { and, asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CurrentSession } from "~/modules/auth/session.server";
import type { Db } from "~/platform/db.server";
import { users } from "~/modules/auth/schema";
import { canAdminister } from "~/modules/workspaces/roles";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { documentRights } from "./access.server";
import { documents, documentShares, type SharePermission } from "./schema";
import { documentAudit, refuse, requireVisibleDocument } from "./service.server";

/** Only those who may manage a document (its uploader, owners and trustees) see and change its sharing. */
async function requireManageable(ctx: RequestContext, session: CurrentSession, documentId: string) {
  const document = await requireVisibleDocument(ctx, session, documentId);
  if (!documentRights(session, document).canManage) await refuse(ctx, session, documentId, 403, "errors.shareForbidden");
  return document;
}

/** Who the document is shared with, and the members it could be shared with. */
export async function listShares(ctx: RequestContext, session: CurrentSession, documentId: string) {
  return sharingOf(ctx, await requireManageable(ctx, session, documentId));
}

/** The sharing of a document the caller has already opened and may manage (the document page). */
export async function sharingOf(ctx: RequestContext, document: { id: string; workspaceId: string; uploadedBy: string | null }) {
  const grantor = alias(users, "grantor");
  // Not a D1 batch: drizzle maps batch rows by column name, and two joined users both have a "name".
  const [shares, members] = await Promise.all([
    ctx.db
      .select({
        userId: documentShares.userId,
        name: users.name,
        email: users.email,
        role: memberships.role,
        permission: documentShares.permission,
        grantedByName: grantor.name,
        updatedAt: documentShares.updatedAt,
      })
      .from(documentShares)
      .innerJoin(users, eq(users.id, documentShares.userId))
      .innerJoin(memberships, and(eq(memberships.userId, documentShares.userId), eq(memberships.workspaceId, document.workspaceId)))
      .leftJoin(grantor, eq(grantor.id, documentShares.grantedBy))
      .where(eq(documentShares.documentId, document.id))
      .orderBy(asc(users.name)),
    ctx.db
      .select({ userId: memberships.userId, name: users.name, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, document.workspaceId))
      .orderBy(asc(users.name)),
  ]);
  const shared = new Set(shares.map((share) => share.userId));
  // Owners and trustees see everything and the uploader has it already: sharing with them means nothing.
  const candidates = members.filter((member) => !shared.has(member.userId) && !canAdminister(member.role) && member.userId !== document.uploadedBy);
  return { shares: shares.map((share) => ({ ...share, updatedAt: share.updatedAt.toISOString() })), candidates };
}

/** Shares a document with a member, or changes what the share allows. */
export async function shareDocument(ctx: RequestContext, session: CurrentSession, documentId: string, userId: string, permission: SharePermission) {
  const document = await requireManageable(ctx, session, documentId);
  const member = isUuid(userId)
    ? await ctx.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, document.workspaceId), eq(memberships.userId, userId)))
        .get()
    : undefined;
  if (!member) throw new Refusal(404, "errors.memberNotFound");
  if (canAdminister(member.role) || userId === document.uploadedBy) throw new Refusal(400, "errors.shareNotNeeded");
  const existing = await ctx.db
    .select({ permission: documentShares.permission })
    .from(documentShares)
    .where(and(eq(documentShares.documentId, document.id), eq(documentShares.userId, userId)))
    .get();
  if (existing?.permission === permission) return { changed: false };
  const now = new Date();
  await ctx.db.batch([
    ctx.db
      .insert(documentShares)
      .values({ documentId: document.id, userId, workspaceId: document.workspaceId, permission, grantedBy: session.user.id, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [documentShares.documentId, documentShares.userId], set: { permission, grantedBy: session.user.id, updatedAt: now } }),
    documentAudit(ctx, session, existing ? "document.share_changed" : "document.share_granted", document.id, { userId, permission }),
  ]);
  return { changed: true };
}

/** Stops sharing a document with a member; they no longer find it anywhere. */
export async function revokeShare(ctx: RequestContext, session: CurrentSession, documentId: string, userId: string) {
  const document = await requireManageable(ctx, session, documentId);
  const where = and(eq(documentShares.documentId, document.id), eq(documentShares.userId, userId));
  const existing = await ctx.db.select({ permission: documentShares.permission }).from(documentShares).where(where).get();
  if (!existing) throw new Refusal(404, "errors.shareNotFound");
  await ctx.db.batch([ctx.db.delete(documentShares).where(where), documentAudit(ctx, session, "document.share_revoked", document.id, { userId })]);
}

/** The documents shared with one member (the beneficiary portal), newest share first: only her rows, filtered in SQL. */
export function documentsSharedWith(db: Db, workspaceId: string, userId: string, limit = 50) {
  return db
    .select({ id: documents.id, title: documents.title, type: documents.type, permission: documentShares.permission, sharedAt: documentShares.updatedAt })
    .from(documentShares)
    .innerJoin(documents, and(eq(documents.id, documentShares.documentId), eq(documents.workspaceId, workspaceId)))
    .where(and(eq(documentShares.workspaceId, workspaceId), eq(documentShares.userId, userId)))
    .orderBy(desc(documentShares.updatedAt))
    .limit(limit);
}
