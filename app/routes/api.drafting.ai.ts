import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { draftingT } from "~/modules/drafting/i18n.server";
import { draftWithAi } from "~/modules/drafting/service.server";
import { aiRequestSchema } from "~/modules/drafting/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(draftingT(request), "POST");

/**
 * POST /api/drafting/ai `{ template, request, fields? }`: the configured model fills the template's
 * fields from a plain-language request; `{ success, fields, ignored, engine, model }`. Without a
 * model, 503 with the reason.
 */
export async function action(args: ActionFunctionArgs) {
  const t = draftingT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(aiRequestSchema(t), await readJsonBody(args.request, t), t);
    const result = await draftWithAi(getRequestContext(args.request, args.context), session, input, t);
    return jsonResponse({ success: true, ...result });
  });
}
