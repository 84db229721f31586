import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { taxT } from "../i18n.server";
import { safeHarbour } from "../safe-harbour";
import { taxAccess } from "../tax.server";
import { safeHarbourSchema } from "../validation";

/** POST /api/tax/safe-harbour: the year's required estimated tax from the figures the trustee enters. */
const helper = jsonRoute(taxT, {
  POST: endpoint({
    body: safeHarbourSchema,
    run: async ({ session, body }) => {
      taxAccess(session);
      return { ...safeHarbour(body) };
    },
  }),
});

export const loader = helper;
export const action = helper;
