import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { attest, saveDisclosure } from "../ethics.server";
import { attestationSchema, disclosureSchema } from "../ethics-validation";
import { complianceT } from "../i18n.server";

const disclosure = jsonRoute(complianceT, {
  /** PUT /api/ethics/trustees/{userId} `{ aliases, ownAccountLastFours }`: other names a trustee is paid under, and their own accounts. */
  PUT: endpoint({
    body: disclosureSchema,
    run: async ({ ctx, session, body, params }) => {
      await saveDisclosure(ctx, complianceAccess(session), params.userId ?? "", body);
      return {};
    },
  }),
});

const attestations = jsonRoute(complianceT, {
  /** POST /api/ethics/attestations `{ confirm: true, note? }`: the signed-in trustee attests "I have disclosed all conflicts"; dated, audited. */
  POST: endpoint({
    body: attestationSchema,
    status: 201,
    run: async ({ ctx, session, body, t }) => ({
      attestation: await attest(ctx, complianceAccess(session), t("ethics.attest.statement", { name: session.user.name }), body.note ?? null),
    }),
  }),
});

type Args = Parameters<typeof disclosure>[0];
const handle = (args: Args) => (args.params.userId ? disclosure(args) : attestations(args));
export const loader = handle;
export const action = handle;
