import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { requestAnalysis } from "~/modules/documents/service.server";
import { handleJson, jsonResponse, methodNotAllowed } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(documentsT(request), "POST");

/** POST /api/documents/{id}/analyze: run the analysis again (after an error, or with a new engine). */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    await requestAnalysis(getRequestContext(args.request, args.context), session, args.params.id ?? "", t);
    return jsonResponse({ success: true, status: "pending" }, { status: 202 });
  });
}
