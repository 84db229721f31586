import { and, desc, eq, gt, inArray, or } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { documentAccess } from "~/modules/documents/schema";
import { shareDocument } from "~/modules/documents/sharing.server";
import { uploadDocument } from "~/modules/documents/upload.server";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditFinance, requireManage, type FinanceAccess } from "./access.server";
import { accountingInput, type AccountingQuery } from "./accounting.server";
import { computeAccounting } from "./accounting/compute";
import { accountingPdf, pdfWritesLanguage } from "./accounting/pdf";
import { financeAccountingDeliveries, financeAccountings } from "./schema";

/** The beneficiaries an accounting goes to: members who are beneficiaries or hold a beneficial share. */
export async function qualifiedBeneficiaries(db: Db, workspaceId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), or(eq(memberships.role, "beneficiary"), gt(memberships.beneficialShareBp, 0))));
}

/**
 * Saves the accounting of a period into the documents (as a PDF the product made, so it is never read as the trust's
 * own terms), shares it with each chosen beneficiary, tells each of them, and keeps a delivery record per person.
 */
export async function sendAccounting(
  ctx: RequestContext,
  session: CurrentSession,
  access: FinanceAccess,
  query: AccountingQuery,
  recipientIds: string[] | null,
  language: string,
) {
  requireManage(access);
  const qualified = await qualifiedBeneficiaries(ctx.db, access.workspaceId);
  const chosen = recipientIds ? qualified.filter((q) => recipientIds.includes(q.id)) : qualified;
  if (recipientIds && chosen.length !== recipientIds.length) throw new Refusal(422, "errors.notQualified", undefined, { recipients: "errors.notQualified" });
  if (chosen.length === 0) throw new Refusal(422, "errors.noQualified");
  const words = serverT(["accounting", "banking"], language);
  const report = computeAccounting(
    await accountingInput(ctx.db, access, query, (c) => words(c === "trustee_compensation" ? "relationship.trustee" : "relationship.notRecorded")),
  );
  const pdf = await accountingPdf(report, {
    t: words,
    locale: language,
    generatedAt: new Date(),
    ...(pdfWritesLanguage(words) ? {} : { fallback: { t: serverT(["accounting", "banking"], "en"), locale: "en-US" } }),
  });
  const ft = serverT(["finance"], language);
  const document = await uploadDocument(ctx, session, {
    fileName: `fiduciary-accounting-${query.from}-${query.to}.pdf`,
    title: ft("accounting.documentTitle", { from: query.from, to: query.to }).slice(0, 200),
    type: "other",
    body: new Response(pdf as BodyInit).body,
    contentLength: pdf.byteLength,
    source: "draft",
  });
  for (const person of chosen) await shareDocument(ctx, session, document.id, person.id, "view");
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db.insert(financeAccountings).values({
    id,
    workspaceId: access.workspaceId,
    periodFrom: query.from,
    periodTo: query.to,
    reason: query.reason,
    jurisdiction: query.jurisdiction,
    documentId: document.id,
    sentBy: access.userId,
    createdAt: now,
  });
  const sent = await notify(
    { db: ctx.db, env: ctx.env, config: ctx.config },
    {
      workspaceId: access.workspaceId,
      type: "accounting_delivered",
      recipients: await recipientsFor(
        ctx.db,
        chosen.map((c) => c.id),
      ),
      metadata: { documentId: document.id, from: query.from, to: query.to, trusteeName: session.user.name },
    },
  );
  await ctx.db
    .insert(financeAccountingDeliveries)
    .values(chosen.map((c) => ({ accountingId: id, userId: c.id, workspaceId: access.workspaceId, deliveredAt: now, notificationId: sent.get(c.id) ?? null })));
  await auditFinance(
    ctx,
    access,
    "finance.accounting_sent",
    { type: "document", id: document.id },
    { from: query.from, to: query.to, recipients: chosen.length },
  );
  return { id, documentId: document.id, recipients: chosen.map((c) => c.name) };
}

/** The accountings sent, newest first, each with its deliveries and whether each person has opened it. */
export async function sentAccountings(db: Db, access: FinanceAccess) {
  const rows = await db
    .select()
    .from(financeAccountings)
    .where(eq(financeAccountings.workspaceId, access.workspaceId))
    .orderBy(desc(financeAccountings.createdAt))
    .limit(20);
  if (rows.length === 0) return [];
  const deliveries = await db
    .select({
      accountingId: financeAccountingDeliveries.accountingId,
      userId: financeAccountingDeliveries.userId,
      name: users.name,
      deliveredAt: financeAccountingDeliveries.deliveredAt,
      openedAt: documentAccess.lastAccessedAt,
      documentId: financeAccountings.documentId,
    })
    .from(financeAccountingDeliveries)
    .innerJoin(users, eq(users.id, financeAccountingDeliveries.userId))
    .innerJoin(financeAccountings, eq(financeAccountings.id, financeAccountingDeliveries.accountingId))
    .leftJoin(documentAccess, and(eq(documentAccess.documentId, financeAccountings.documentId), eq(documentAccess.userId, financeAccountingDeliveries.userId)))
    .where(
      inArray(
        financeAccountingDeliveries.accountingId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    from: r.periodFrom,
    to: r.periodTo,
    reason: r.reason,
    documentId: r.documentId,
    sentAt: r.createdAt.toISOString(),
    deliveries: deliveries
      .filter((d) => d.accountingId === r.id)
      .map((d) => ({ userId: d.userId, name: d.name, deliveredAt: d.deliveredAt.toISOString(), openedAt: d.openedAt?.toISOString() ?? null })),
  }));
}

/** The accountings delivered to one beneficiary, with the day each reached her (the beneficiary portal): her rows only. */
export async function accountingsDeliveredTo(db: Db, workspaceId: string, userId: string) {
  const rows = await db
    .select({
      id: financeAccountings.id,
      periodFrom: financeAccountings.periodFrom,
      periodTo: financeAccountings.periodTo,
      reason: financeAccountings.reason,
      documentId: financeAccountings.documentId,
      deliveredAt: financeAccountingDeliveries.deliveredAt,
    })
    .from(financeAccountingDeliveries)
    .innerJoin(financeAccountings, eq(financeAccountings.id, financeAccountingDeliveries.accountingId))
    .where(
      and(
        eq(financeAccountingDeliveries.workspaceId, workspaceId),
        eq(financeAccountingDeliveries.userId, userId),
        eq(financeAccountings.workspaceId, workspaceId),
      ),
    )
    .orderBy(desc(financeAccountingDeliveries.deliveredAt))
    .limit(50);
  return rows.map((row) => ({ ...row, deliveredAt: row.deliveredAt.toISOString() }));
}
