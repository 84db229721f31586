import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { draftingT } from "~/modules/drafting/i18n.server";
import { saveDraft } from "~/modules/drafting/service.server";
import { saveRequestSchema } from "~/modules/drafting/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(draftingT(request), "POST");

/**
 * POST /api/drafting/save `{ template, format, fields, target }`: the draft stored as a new
 * document (`target: { kind: "document", title?, type? }`) or as a new version of a document this
 * person may edit (`target: { kind: "version", documentId, note? }`). 201 with the document or the
 * version; 403 for those who may not add documents.
 */
export async function action(args: ActionFunctionArgs) {
  const t = draftingT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(saveRequestSchema(t), await readJsonBody(args.request, t), t);
    const saved = await saveDraft(getRequestContext(args.request, args.context), session, input, t);
    return jsonResponse({ success: true, ...saved }, { status: 201 });
  });
}
