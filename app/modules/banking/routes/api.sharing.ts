import { z } from "zod";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { bankingSharing, setBankingGrant, setBeneficiariesSeeTotals } from "../sharing.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;
const totalsSchema = (t: Translate) =>
  z
    .object({ beneficiariesSeeTotals: z.boolean({ required_error: t("validation.switchInvalid"), invalid_type_error: t("validation.switchInvalid") }) })
    .strict();

/** GET /api/banking/sharing: the totals switch and who is granted; PUT `{ beneficiariesSeeTotals }` (owner). */
const sharing = jsonRoute(bankingT, {
  GET: endpoint({ run: async ({ ctx, session }) => bankingSharing(ctx, await bankingAccess(ctx.db, session)) }),
  PUT: endpoint({
    body: totalsSchema,
    run: async ({ ctx, session, body }) => setBeneficiariesSeeTotals(ctx, session, await bankingAccess(ctx.db, session), body.beneficiariesSeeTotals),
  }),
});

/** PUT and DELETE /api/banking/grants/{userId}: let a family member or viewer read banking, or stop. */
const grant = jsonRoute(bankingT, {
  PUT: endpoint({ run: async ({ ctx, session, params }) => setBankingGrant(ctx, await bankingAccess(ctx.db, session), params.userId ?? "", true) }),
  DELETE: endpoint({ run: async ({ ctx, session, params }) => setBankingGrant(ctx, await bankingAccess(ctx.db, session), params.userId ?? "", false) }),
});

type Args = Parameters<typeof sharing>[0];
const handle = (args: Args) => (args.params.userId ? grant(args) : sharing(args));

export const loader = handle;
export const action = handle;
