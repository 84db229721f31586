import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { authorityChoices } from "../authorities.server";
import { financeT } from "../i18n.server";

/** GET /api/finance/authorities: the clauses of the analysed trusts and wills a request may cite. */
const authorities = jsonRoute(financeT, {
  GET: endpoint({ run: async ({ ctx, session }) => ({ documents: await authorityChoices(ctx.db, session) }) }),
});

export const loader = authorities;
export const action = authorities;
