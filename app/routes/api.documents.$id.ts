import { documentsT } from "~/modules/documents/i18n.server";
import { documentChangesSchema as changesSchema } from "~/modules/documents/validation";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { deleteDocument, openDocument, renameDocument, thumbnailUrl } from "~/modules/documents/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const oneDocument = jsonRoute(documentsT, {
  /** GET /api/documents/{id}: the document, its text, analysis and activity (recorded as a view). */
  GET: endpoint({
    run: async ({ ctx, session, params, t }) => {
      const { document, ...rest } = await openDocument(ctx, session, params.id ?? "");
      const { storageKey: _key, thumbnailKey, ...visible } = document;
      const { analysis, ...others } = rest;
      return {
        document: { ...visible, errorReason: describeFailure(t, visible.errorReason), thumbnailUrl: thumbnailUrl(document.id, thumbnailKey) },
        // Also under the names the assistant's document context reads (spec section 3: keyProvisions, compliance, dates).
        analysis: analysis
          ? {
              ...analysis,
              keyProvisions: analysis.result.keyProvisions,
              compliance: analysis.result.complianceRequirements,
              dates: analysis.result.importantDates,
            }
          : null,
        ...others,
      };
    },
  }),
  /** PATCH: title and type. */
  PATCH: endpoint({
    body: changesSchema,
    run: async ({ ctx, session, params, body }) => {
      await renameDocument(ctx, session, params.id ?? "", body);
      return {};
    },
  }),
  /** DELETE: the document and its files. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await deleteDocument(ctx, session, params.id ?? "");
      return {};
    },
  }),
});

export const loader = oneDocument;
export const action = oneDocument;
