import { draftingT } from "~/modules/drafting/i18n.server";
import { saveDraft } from "~/modules/drafting/service.server";
import { saveRequestSchema } from "~/modules/drafting/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const draftSave = jsonRoute(draftingT, {
  /**
   * POST /api/drafting/save `{ template, format, fields, target }`: the draft stored as a new
   * document (`target: { kind: "document", title?, type? }`) or as a new version of a document this
   * person may edit (`target: { kind: "version", documentId, note? }`). 201 with the document or the
   * version; 403 for those who may not add documents.
   */
  POST: endpoint({ body: saveRequestSchema, status: 201, run: async ({ ctx, session, body, t }) => saveDraft(ctx, session, body, t) }),
});

export const loader = draftSave;
export const action = draftSave;
