import { documentsT } from "~/modules/documents/i18n.server";
import { compareVersions } from "~/modules/documents/versions.server";
import { HttpError } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const compare = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/compare?from={versionId}&to={versionId}: the passages added and removed between two versions. */
  GET: endpoint({
    run: async ({ ctx, session, params, query, t }) => {
      const from = query.get("from");
      const to = query.get("to");
      if (!from || !to) throw new HttpError(400, t("errors.compareNeedsTwo"));
      const result = await compareVersions(ctx, session, params.id ?? "", from, to);
      return { from: result.from, to: result.to, ...result.diff };
    },
  }),
});

export const loader = compare;
export const action = compare;
