import { z } from "zod";
import { bundleEntries, signedBundle } from "~/modules/audit/bundle.server";
import { sealChain } from "~/modules/audit/chain.server";
import { signingKey } from "~/modules/audit/signing-key.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import type { RequestContext } from "~/platform/request-context.server";
import { type ComplianceAccess, complianceAccess, requireReadAll } from "../access.server";
import { AUDIT_EXPORT_MAX, auditCsv, auditEntries } from "../audit-log.server";
import { complianceT } from "../i18n.server";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const filterSchema = z.object({
  actor: z.string().max(64).optional(),
  action: z.string().max(80).optional(),
  target: z.string().max(40).optional(),
  outcome: z.enum(["success", "failure", "denied"]).optional(),
  from: day.optional(),
  to: day.optional(),
  format: z.enum(["json", "csv", "bundle"]).default("json"),
});

/**
 * The signed bundle of a period (ADR 0023). Person, action, object and outcome filters do not apply: a bundle is a
 * contiguous run of the chain, or its links could not be checked. A period with more entries than an export holds is
 * refused rather than cut short, since the bundle states its period.
 */
async function bundleResponse(ctx: RequestContext, session: CurrentSession, access: ComplianceAccess, period: { from?: string; to?: string }) {
  const key = await signingKey(ctx.db, ctx.config);
  const rows = await bundleEntries(ctx.db, access.workspaceId, period, AUDIT_EXPORT_MAX + 1);
  if (rows.length > AUDIT_EXPORT_MAX) throw new Refusal(400, "validation.periodTooLarge", { max: AUDIT_EXPORT_MAX });
  const bundle = await signedBundle(ctx.db, {
    workspace: { id: access.workspaceId, name: session.workspace?.name ?? "" },
    exportedBy: { userId: access.userId, name: session.user.name },
    period,
    entries: rows,
    key,
    now: new Date(),
  });
  await ctx.audit({
    action: "audit.exported",
    workspaceId: access.workspaceId,
    actorUserId: access.userId,
    targetType: "audit_chain",
    metadata: { format: "bundle", entries: rows.length, keyId: key.keyId, from: period.from ?? null, to: period.to ?? null },
  });
  return new Response(JSON.stringify(bundle, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-bundle-${period.from ?? "start"}-${period.to ?? "today"}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

const entries = jsonRoute(complianceT, {
  /**
   * GET /api/audit/entries?actor&action&target&outcome&from&to&format=json|csv|bundle: the workspace's audit log with
   * each entry's hash; `bundle` is the period's signed bundle.
   */
  GET: endpoint({
    run: async ({ ctx, session, query }) => {
      const access = requireReadAll(complianceAccess(session));
      const parsed = filterSchema.safeParse(Object.fromEntries([...query.entries()].filter(([, v]) => v !== "")));
      if (!parsed.success) throw new Refusal(400, "validation.filterInvalid");
      const { actor, action, target, outcome, from, to, format } = parsed.data;
      await sealChain(ctx.db, access.workspaceId);
      const filter = { actorUserId: actor, action, targetType: target, outcome, from, to };
      if (format === "json") return { entries: await auditEntries(ctx.db, access, filter) };
      if (format === "bundle") return bundleResponse(ctx, session, access, { from, to });
      const rows = await auditEntries(ctx.db, access, filter, AUDIT_EXPORT_MAX);
      await ctx.audit({
        action: "audit.exported",
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        targetType: "audit_chain",
        metadata: { entries: rows.length, from: from ?? null, to: to ?? null },
      });
      return new Response(auditCsv(rows), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="audit-${from ?? "start"}-${to ?? "today"}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
  }),
});

export const loader = entries;
export const action = entries;
