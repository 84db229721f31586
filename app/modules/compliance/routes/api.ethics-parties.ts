import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { addRelatedParty, removeRelatedParty, updateRelatedParty } from "../ethics.server";
import { relatedPartySchema } from "../ethics-validation";
import { complianceT } from "../i18n.server";

const parties = jsonRoute(complianceT, {
  /**
   * POST /api/ethics/parties `{ trusteeUserId, name, relation, aliases?, accountLastFour?, basis?: { kind, documentId?, note? } }`:
   * a trustee's related person or entity, registered by that trustee or an administrator; audited.
   */
  POST: endpoint({
    body: relatedPartySchema,
    status: 201,
    run: async ({ ctx, session, body }) => ({ party: await addRelatedParty(ctx, complianceAccess(session), body) }),
  }),
});

const party = jsonRoute(complianceT, {
  /** PATCH /api/ethics/parties/{id}: the whole entry again (as POST); the change of relation or basis audited. */
  PATCH: endpoint({
    body: relatedPartySchema,
    run: async ({ ctx, session, body, params }) => {
      await updateRelatedParty(ctx, complianceAccess(session), params.id ?? "", body);
      return {};
    },
  }),
  /** DELETE /api/ethics/parties/{id}: removed from the register; the audit keeps who it was. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await removeRelatedParty(ctx, complianceAccess(session), params.id ?? "");
      return {};
    },
  }),
});

type Args = Parameters<typeof parties>[0];
const handle = (args: Args) => (args.params.id ? party(args) : parties(args));
export const loader = handle;
export const action = handle;
