import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { reopenFlag, resolveFlag } from "../ethics-flags.server";
import { flagReviewSchema } from "../ethics-validation";
import { complianceT } from "../i18n.server";

const flag = jsonRoute(complianceT, {
  /**
   * PUT /api/ethics/flags/{key} `{ resolution, reason, evidenceDocumentId? }`: the flag settled with a reason a reviewer can
   * read; a trustee cannot settle a flag about themself while another trustee can. Audited.
   */
  PUT: endpoint({
    body: flagReviewSchema,
    run: async ({ ctx, session, body, params }) => {
      await resolveFlag(ctx, session, complianceAccess(session), params.key ?? "", body);
      return {};
    },
  }),
  /** DELETE /api/ethics/flags/{key}: the review withdrawn; the flag is open again. Audited. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await reopenFlag(ctx, session, complianceAccess(session), params.key ?? "");
      return {};
    },
  }),
});

export const loader = flag;
export const action = flag;
