import { z } from "zod";
import { sealChain } from "~/modules/audit/chain.server";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess, requireReadAll } from "../access.server";
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
  format: z.enum(["json", "csv"]).default("json"),
});

const entries = jsonRoute(complianceT, {
  /** GET /api/audit/entries?actor&action&target&outcome&from&to&format=json|csv: the workspace's audit log with each entry's hash. */
  GET: endpoint({
    run: async ({ ctx, session, query }) => {
      const access = requireReadAll(complianceAccess(session));
      const parsed = filterSchema.safeParse(Object.fromEntries([...query.entries()].filter(([, v]) => v !== "")));
      if (!parsed.success) throw new Refusal(400, "validation.filterInvalid");
      const { actor, action, target, outcome, from, to, format } = parsed.data;
      await sealChain(ctx.db, access.workspaceId);
      const filter = { actorUserId: actor, action, targetType: target, outcome, from, to };
      if (format === "json") return { entries: await auditEntries(ctx.db, access, filter) };
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
