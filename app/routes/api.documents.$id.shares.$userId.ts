import { documentsT } from "~/modules/documents/i18n.server";
import { sharePermissionSchema as shareSchema } from "~/modules/documents/validation";
import { revokeShare, shareDocument } from "~/modules/documents/sharing.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const share = jsonRoute(documentsT, {
  /** PUT: share with this member (`{"permission": "view" | "edit"}`) or change it. */
  PUT: endpoint({
    body: shareSchema,
    run: async ({ ctx, session, params, body: { permission } }) => ({
      permission,
      ...(await shareDocument(ctx, session, params.id ?? "", params.userId ?? "", permission)),
    }),
  }),
  /** DELETE: stop sharing. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await revokeShare(ctx, session, params.id ?? "", params.userId ?? "");
      return {};
    },
  }),
});

export const loader = share;
export const action = share;
