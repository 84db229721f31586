import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { compareVersions } from "~/modules/documents/versions.server";
import { handleJson, HttpError, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}/compare?from={versionId}&to={versionId}: the passages added and removed between two versions. */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const params = new URL(args.request.url).searchParams;
    const from = params.get("from");
    const to = params.get("to");
    if (!from || !to) throw new HttpError(400, t("errors.compareNeedsTwo"));
    const result = await compareVersions(getRequestContext(args.request, args.context), session, args.params.id ?? "", from, to, t);
    return jsonResponse({ success: true, from: result.from, to: result.to, ...result.diff });
  });
}

export const action = onlyMethods("GET");
