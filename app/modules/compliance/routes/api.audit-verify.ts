import { verifyChain } from "~/modules/audit/chain.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess, requireReadAll } from "../access.server";
import { complianceT } from "../i18n.server";

const verify = jsonRoute(complianceT, {
  /**
   * GET /api/audit/verify → `{ ok, entries, head, brokenAt? }`: the workspace's audit chain walked from its first
   * entry (owners, trustees and the family's lawyer). The check is itself audited.
   */
  GET: endpoint({
    run: async ({ ctx, session }) => {
      const access = requireReadAll(complianceAccess(session));
      const result = await verifyChain(ctx.db, access.workspaceId);
      await ctx.audit({
        action: "audit.chain_checked",
        outcome: result.ok ? "success" : "failure",
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        targetType: "audit_chain",
        metadata: { entries: result.entries, headSeq: result.head.seq, brokenSeq: result.brokenAt?.seq ?? null },
      });
      return { ...result };
    },
  }),
});

export const loader = verify;
export const action = verify;
